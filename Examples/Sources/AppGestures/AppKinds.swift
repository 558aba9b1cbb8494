import GestureEngine
import GestureUIKit
import TraceReplay

extension RecognizerCatalog {
    /// The app's two recognizers as kinds: scene files and `--set` reach their own properties by
    /// their Swift names, and the values their targets read (`tapCount`, `translation`) are reported
    /// with each transition, so golden files record them.
    public static func registeringAppKinds(in catalog: RecognizerCatalog) -> RecognizerCatalog {
        var catalog = catalog
        // New names in a catalog of built-in kinds: they cannot clash.
        try! catalog.register(
            kind: "tipTap", factory: { _ in TipTapGestureRecognizer() },
            parameters: [
                .number("maximumTapDuration", \.maximumTapDuration, minimum: 0),
                .number("maximumTapInterval", \.maximumTapInterval, minimum: 0),
            ],
            values: [.value("tapCount", \.tapCount)])
        try! catalog.register(
            kind: "tapAndDrag", factory: { _ in TapAndDragGestureRecognizer() },
            parameters: [
                .number("minimumDrag", \.minimumDrag, minimum: 0),
                .number("maximumGap", \.maximumGap, minimum: 0),
                .number("maximumDistance", \.maximumDistance, minimum: 0),
            ],
            values: [.value("translation", \.translation)])
        return catalog
    }
}
