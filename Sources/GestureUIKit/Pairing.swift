import GestureEngine

// Every UIKit object of GestureUIKit (`UIGestureRecognizer`, `UIView`, `UITouch`) is the *face* of
// one engine object (`GestureRecognizer`, `View`, `Touch`). This file is the one place that decides
// which of the two keeps the other alive (docs/uikit-compat.md, "How it works").
//
// The engine object's slot (`GestureRecognizer.uikitFace`, `View.uikitStorage`, `Touch.uikitFace`)
// holds a `FaceAnchor`; the anchor refers to the face; the face holds a `Pairing` that refers to the
// engine object. The pair has one owner:
//
// - **The face** (`Pairing.Owner.face`): a face made by UIKit code (`UITapGestureRecognizer()`,
//   `UIView(frame:)`, a subclass) that was not handed to a replay. The face holds its engine object;
//   the anchor holds the face weakly. Whatever holds the face keeps the pair: user code, and while
//   it is attached, the view it is attached to (`View.retainedObjects` holds an attached
//   recognizer's face and a subview's face; `UIView.attach`/`detach` keep that list).
// - **The engine** (`Pairing.Owner.engine`): an engine object made by the engine or a scene (a
//   scene's views and built-in recognizers, a scroll view's pan, every touch), whose face is made on
//   first request; or a face handed to a replay (`engineRecognizerForReplay`,
//   `replayRecognizer(kind:name:)`, `engineViewForReplay`). The anchor holds the face; the face
//   refers to the engine object without holding it. When the engine object goes away, its anchor
//   goes with it and tells the face (`engineObjectDidGoAway()`), which then reads as detached.
//
// Invariant: exactly one of the two references is strong, so a pair is never a cycle; and while
// the engine object lives it has at most one face, always the same object (`===`, `==`, `hash`,
// `Set` and dictionary keys stay valid for the engine object's whole life).

/// A face whose engine object is owned by the engine, told when that object goes away.
protocol EngineOwnedFace: AnyObject {
    func engineObjectDidGoAway()
}

/// The link an engine object keeps to its face (stored in the engine object's slot).
final class FaceAnchor {
    // Read at every call into UIKit code, only by GestureUIKit on the replay's thread: no run-time
    // exclusivity check (docs/engine.md, "Cost").
    @exclusivity(unchecked) private var strongFace: (any EngineOwnedFace)?
    @exclusivity(unchecked) private weak var weakFace: (any EngineOwnedFace)?

    init(face: any EngineOwnedFace, ownedByEngine: Bool) {
        if ownedByEngine { strongFace = face } else { weakFace = face }
    }

    /// The face, if it is still alive.
    @inline(__always) var face: AnyObject? { strongFace ?? weakFace }

    /// The engine now owns the face (the anchor holds it).
    fileprivate func holdFace() {
        if strongFace == nil { strongFace = weakFace }
        weakFace = nil
    }

    /// The face now owns the engine object (the anchor only refers to the face).
    fileprivate func releaseFace() {
        if weakFace == nil { weakFace = strongFace }
        strongFace = nil
    }

    deinit {
        // The engine object is going away: a face it owned may outlive it (user code holds it).
        strongFace?.engineObjectDidGoAway()
    }
}

/// A face's reference to its engine object (see the file's comment for the ownership rule).
struct Pairing<Engine: AnyObject> {
    /// Who keeps the pair alive.
    enum Owner { case face, engine }

    /// Set while the face owns the engine object.
    private var owned: Engine?
    /// The engine object; valid while `isAlive`.
    private unowned(unsafe) var object: Engine
    /// The engine object's anchor (lives exactly as long as the engine object).
    private unowned(unsafe) var anchor: FaceAnchor
    /// False once an engine-owned engine object went away.
    private(set) var isAlive = true

    /// Pairs `face` with `engine`, storing the anchor through `store` (the engine object's slot).
    init(face: any EngineOwnedFace, engine: Engine, owner: Owner, store: (FaceAnchor) -> Void) {
        let anchor = FaceAnchor(face: face, ownedByEngine: owner == .engine)
        store(anchor)
        self.anchor = anchor
        self.object = engine
        self.owned = owner == .face ? engine : nil
    }

    /// The engine object (nil once an engine-owned one went away).
    @inline(__always) var engine: Engine? { isAlive ? object : nil }

    var owner: Owner { owned != nil ? .face : .engine }

    /// Hands the pair to the engine: from now on the engine object keeps the face alive.
    mutating func handToEngine() {
        guard isAlive, owned != nil else { return }
        anchor.holdFace()
        owned = nil
    }

    /// Takes the pair back from the engine: the face keeps its engine object alive again.
    mutating func takeBack() {
        guard isAlive, owned == nil else { return }
        anchor.releaseFace()
        owned = object
    }

    /// The engine object went away (`FaceAnchor.deinit`): the face reads as detached.
    mutating func engineWentAway() {
        isAlive = false
        owned = nil
    }
}

/// The face stored in an engine object's slot, if any.
@inline(__always) func existingFace(_ slot: AnyObject?) -> AnyObject? {
    guard let slot else { return nil }
    return unsafeDowncast(slot, to: FaceAnchor.self).face
}

/// The engine object a UIKit initializer pairs with instead of making one, while the UIKit object
/// of an engine object made elsewhere is made (`makeRecognizerFace(for:)`, `makeViewFace(for:)`):
/// UIKit's classes keep UIKit's designated initializers only, so that subclasses in app code
/// inherit `init()` as they do on iOS.
enum PendingPair {
    final class Box<T: AnyObject>: @unchecked Sendable {
        let object: T
        init(_ object: T) { self.object = object }
    }
    @TaskLocal static var recognizer: Box<GestureRecognizer>?
    @TaskLocal static var view: Box<View>?

    /// Makes the UIKit object of `engine` with `make` (a UIKit class's initializer).
    static func face<F>(of engine: GestureRecognizer, _ make: () -> F) -> F {
        $recognizer.withValue(Box(engine), operation: make)
    }
    static func face<F>(of engine: View, _ make: () -> F) -> F {
        $view.withValue(Box(engine), operation: make)
    }
}
