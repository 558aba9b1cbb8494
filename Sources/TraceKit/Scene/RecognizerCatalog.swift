import GestureEngine

/// The recognizer kinds a scene can name, how each is made, and the parameters it takes
/// (UIKit's property names). Defaults are the recognizers' own (`docs/recognizers.md`).
enum RecognizerCatalog {
    typealias Setter = @Sendable (GestureRecognizer, JSONValue) throws(TraceError) -> Void

    struct Kind: Sendable {
        let name: String
        let make: @Sendable (String) -> GestureRecognizer
        let parameters: [(name: String, set: Setter)]
    }

    /// Every kind, in the order the default scene uses.
    static let kinds: [Kind] = [
        Kind(name: "tap", make: { TapGestureRecognizer(name: $0) }, parameters: [
            ("numberOfTapsRequired", set(TapGestureRecognizer.self) { r, v throws(TraceError) in r.numberOfTapsRequired = try SceneValue.integer(v, "numberOfTapsRequired", minimum: 1) }),
            ("numberOfTouchesRequired", set(TapGestureRecognizer.self) { r, v throws(TraceError) in r.numberOfTouchesRequired = try SceneValue.integer(v, "numberOfTouchesRequired", minimum: 1) }),
            ("allowableMovement", set(TapGestureRecognizer.self) { r, v throws(TraceError) in r.allowableMovement = try SceneValue.number(v, "allowableMovement", minimum: 0) }),
            ("maximumTapInterval", set(TapGestureRecognizer.self) { r, v throws(TraceError) in r.maximumTapInterval = try SceneValue.number(v, "maximumTapInterval", minimum: 0) }),
            ("maximumTapDuration", set(TapGestureRecognizer.self) { r, v throws(TraceError) in r.maximumTapDuration = try SceneValue.number(v, "maximumTapDuration", minimum: 0) }),
        ]),
        Kind(name: "longPress", make: { LongPressGestureRecognizer(name: $0) }, parameters: [
            ("minimumPressDuration", set(LongPressGestureRecognizer.self) { r, v throws(TraceError) in r.minimumPressDuration = try SceneValue.number(v, "minimumPressDuration", minimum: 0) }),
            ("allowableMovement", set(LongPressGestureRecognizer.self) { r, v throws(TraceError) in r.allowableMovement = try SceneValue.number(v, "allowableMovement", minimum: 0) }),
            ("numberOfTouchesRequired", set(LongPressGestureRecognizer.self) { r, v throws(TraceError) in r.numberOfTouchesRequired = try SceneValue.integer(v, "numberOfTouchesRequired", minimum: 1) }),
            ("numberOfTapsRequired", set(LongPressGestureRecognizer.self) { r, v throws(TraceError) in r.numberOfTapsRequired = try SceneValue.integer(v, "numberOfTapsRequired", minimum: 0) }),
        ]),
        Kind(name: "pan", make: { PanGestureRecognizer(name: $0) }, parameters: panParameters),
        Kind(name: "pinch", make: { PinchGestureRecognizer(name: $0) }, parameters: []),
        Kind(name: "rotation", make: { RotationGestureRecognizer(name: $0) }, parameters: []),
        Kind(name: "swipe", make: { SwipeGestureRecognizer(name: $0) }, parameters: [
            ("direction", set(SwipeGestureRecognizer.self) { r, v throws(TraceError) in r.direction = try SceneValue.options(v, "direction", SwipeDirection.named.map { ($0.name, $0.direction) }) }),
            ("numberOfTouchesRequired", set(SwipeGestureRecognizer.self) { r, v throws(TraceError) in r.numberOfTouchesRequired = try SceneValue.integer(v, "numberOfTouchesRequired", minimum: 1) }),
        ]),
        Kind(name: "screenEdgePan", make: { ScreenEdgePanGestureRecognizer(name: $0) }, parameters: [
            ("edges", set(ScreenEdgePanGestureRecognizer.self) { r, v throws(TraceError) in r.edges = try SceneValue.options(v, "edges", ScreenEdges.named.map { ($0.name, $0.edge) }) }),
            ("failsPastMaxTouches", set(ScreenEdgePanGestureRecognizer.self) { r, v throws(TraceError) in r.failsPastMaxTouches = try SceneValue.bool(v, "failsPastMaxTouches") }),
            ("velocityEstimator", set(ScreenEdgePanGestureRecognizer.self) { r, v throws(TraceError) in r.velocityEstimator = try estimator(v) }),
        ]),
        Kind(name: "twoFingerSwipe", make: { TwoFingerSwipeGestureRecognizer(name: $0) }, parameters: [
            ("minimumVerticalTravel", set(TwoFingerSwipeGestureRecognizer.self) { r, v throws(TraceError) in r.minimumVerticalTravel = try SceneValue.number(v, "minimumVerticalTravel", minimum: 0) }),
        ]),
        Kind(name: "marquee", make: { MarqueeGestureRecognizer(name: $0) }, parameters: panParameters),
        Kind(name: "tickle", make: { TickleGestureRecognizer(name: $0) }, parameters: [
            ("requiredTickles", set(TickleGestureRecognizer.self) { r, v throws(TraceError) in r.requiredTickles = try SceneValue.integer(v, "requiredTickles", minimum: 1) }),
            ("minimumTickleDistance", set(TickleGestureRecognizer.self) { r, v throws(TraceError) in r.minimumTickleDistance = try SceneValue.number(v, "minimumTickleDistance", minimum: 0) }),
            ("maximumTickleDistance", set(TickleGestureRecognizer.self) { r, v throws(TraceError) in r.maximumTickleDistance = try SceneValue.number(v, "maximumTickleDistance", minimum: 0) }),
        ]),
    ]

    static let panParameters: [(name: String, set: Setter)] = [
        ("minimumNumberOfTouches", set(PanGestureRecognizer.self) { r, v throws(TraceError) in r.minimumNumberOfTouches = try SceneValue.integer(v, "minimumNumberOfTouches", minimum: 1) }),
        ("maximumNumberOfTouches", set(PanGestureRecognizer.self) { r, v throws(TraceError) in r.maximumNumberOfTouches = try SceneValue.integer(v, "maximumNumberOfTouches", minimum: 1) }),
        ("failsPastMaxTouches", set(PanGestureRecognizer.self) { r, v throws(TraceError) in r.failsPastMaxTouches = try SceneValue.bool(v, "failsPastMaxTouches") }),
        ("velocityEstimator", set(PanGestureRecognizer.self) { r, v throws(TraceError) in r.velocityEstimator = try estimator(v) }),
    ]

    /// Parameters every kind takes (the base class's properties).
    static let common: [(name: String, set: Setter)] = [
        ("isEnabled", { r, v throws(TraceError) in r.isEnabled = try SceneValue.bool(v, "isEnabled") }),
        ("cancelsTouchesInView", { r, v throws(TraceError) in r.cancelsTouchesInView = try SceneValue.bool(v, "cancelsTouchesInView") }),
        ("delaysTouchesBegan", { r, v throws(TraceError) in r.delaysTouchesBegan = try SceneValue.bool(v, "delaysTouchesBegan") }),
        ("delaysTouchesEnded", { r, v throws(TraceError) in r.delaysTouchesEnded = try SceneValue.bool(v, "delaysTouchesEnded") }),
    ]

    static func kind(named name: String) -> Kind? {
        kinds.first { $0.name == name }
    }

    private static func set<R: GestureRecognizer>(_ type: R.Type, _ body: @escaping @Sendable (R, JSONValue) throws(TraceError) -> Void) -> Setter {
        { r, v throws(TraceError) in
            // The catalog only pairs a kind's setters with recognizers of that kind.
            guard let typed = r as? R else { return }
            try body(typed, v)
        }
    }

    private static func estimator(_ v: JSONValue) throws(TraceError) -> VelocityEstimatorKind {
        let name = try SceneValue.string(v, "velocityEstimator")
        guard let kind = VelocityEstimatorKind(rawValue: name) else {
            throw SceneValue.error("unknown velocityEstimator '\(name)'; expected one of: \(VelocityEstimatorKind.allCases.map(\.rawValue).joined(separator: ", "))", v)
        }
        return kind
    }
}
