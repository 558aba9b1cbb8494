import AppGestures
import GestureEngine
import GestureUIKit
import SwipeUIKit
import TraceReplay

extension RecognizerCatalog {
    /// The built-in kinds plus `wiggle`, its parameters declared once: the scene loader checks
    /// them (type, range) and reports errors exactly as for a built-in kind.
    public static var withWiggle: RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        // Registering a new name into the built-in catalog cannot clash.
        try! catalog.register(
            kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) },
            parameters: [
                .integer("requiredWiggles", \.requiredWiggles, minimum: 1),
                .number("minimumStroke", \.minimumStroke, minimum: 1),
                .choice("axis", \.axis, WiggleGestureRecognizer.Axis.allCases.map { ($0.rawValue, $0) }),
            ])
        return catalog
    }
}

extension RecognizerCatalog {
    /// Everything this package adds, as `wiggle-replay` uses it: the built-in kinds plus `wiggle`
    /// (`withWiggle`), and the lecture's view classes `FirstAttemptView` and `SecondAttemptView`
    /// (LectureViews.swift), which scene files may name as a view's `"class"`, and the UIKit-source
    /// kind `twoFingerVerticalSwipe` (SwipeUIKit, compiled against GestureUIKit), and the app's
    /// `tipTap` and `tapAndDrag` (AppGestures: its iOS files through the derivative path).
    public static var examples: RecognizerCatalog {
        var catalog = RecognizerCatalog.registeringAppKinds(in: .withWiggle)
        // A UIKit class: its UIKit object made by its UIKit initializer, replayed through its engine
        // recognizer, printed with the registered kind.
        try! catalog.register(kind: "twoFingerVerticalSwipe") { name in
            TwoFingerVerticalSwipeGestureRecognizer(target: nil, action: nil).replayRecognizer(kind: "twoFingerVerticalSwipe", name: name)
        }
        // New names in a catalog that has only the built-in `View`: they cannot clash.
        try! catalog.register(viewClass: "FirstAttemptView") { FirstAttemptView(name: $0, frame: $1) }
        try! catalog.register(viewClass: "SecondAttemptView") { SecondAttemptView(name: $0, frame: $1) }
        return catalog
    }
}
