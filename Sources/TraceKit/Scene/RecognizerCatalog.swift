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
        Kind(
            name: "tap", make: { TapGestureRecognizer(name: $0) },
            parameters: [
                integer("numberOfTapsRequired", \TapGestureRecognizer.numberOfTapsRequired, minimum: 1),
                integer("numberOfTouchesRequired", \TapGestureRecognizer.numberOfTouchesRequired, minimum: 1),
                number("allowableMovement", \TapGestureRecognizer.allowableMovement, minimum: 0),
                number("maximumTapInterval", \TapGestureRecognizer.maximumTapInterval, minimum: 0),
                number("maximumTapDuration", \TapGestureRecognizer.maximumTapDuration, minimum: 0),
            ]),
        Kind(
            name: "longPress", make: { LongPressGestureRecognizer(name: $0) },
            parameters: [
                number("minimumPressDuration", \LongPressGestureRecognizer.minimumPressDuration, minimum: 0),
                number("allowableMovement", \LongPressGestureRecognizer.allowableMovement, minimum: 0),
                integer("numberOfTouchesRequired", \LongPressGestureRecognizer.numberOfTouchesRequired, minimum: 1),
                integer("numberOfTapsRequired", \LongPressGestureRecognizer.numberOfTapsRequired, minimum: 0),
            ]),
        Kind(name: "pan", make: { PanGestureRecognizer(name: $0) }, parameters: panParameters),
        Kind(name: "pinch", make: { PinchGestureRecognizer(name: $0) }, parameters: []),
        Kind(name: "rotation", make: { RotationGestureRecognizer(name: $0) }, parameters: []),
        Kind(
            name: "swipe", make: { SwipeGestureRecognizer(name: $0) },
            parameters: [
                options("direction", \SwipeGestureRecognizer.direction, SwipeDirection.named.map { ($0.name, $0.direction) }),
                integer("numberOfTouchesRequired", \SwipeGestureRecognizer.numberOfTouchesRequired, minimum: 1),
            ]),
        Kind(
            name: "screenEdgePan", make: { ScreenEdgePanGestureRecognizer(name: $0) },
            parameters: [
                options("edges", \ScreenEdgePanGestureRecognizer.edges, ScreenEdges.named.map { ($0.name, $0.edge) }),
                bool("failsPastMaxTouches", \ScreenEdgePanGestureRecognizer.failsPastMaxTouches),
                estimator(\ScreenEdgePanGestureRecognizer.velocityEstimator),
            ]),
        Kind(
            name: "twoFingerSwipe", make: { TwoFingerSwipeGestureRecognizer(name: $0) },
            parameters: [
                number("minimumVerticalTravel", \TwoFingerSwipeGestureRecognizer.minimumVerticalTravel, minimum: 0)
            ]),
        Kind(name: "marquee", make: { MarqueeGestureRecognizer(name: $0) }, parameters: panParameters),
        Kind(
            name: "tickle", make: { TickleGestureRecognizer(name: $0) },
            parameters: [
                integer("requiredTickles", \TickleGestureRecognizer.requiredTickles, minimum: 1),
                number("minimumTickleDistance", \TickleGestureRecognizer.minimumTickleDistance, minimum: 0),
                number("maximumTickleDistance", \TickleGestureRecognizer.maximumTickleDistance, minimum: 0),
            ]),
    ]

    static let panParameters: [(name: String, set: Setter)] = [
        integer("minimumNumberOfTouches", \PanGestureRecognizer.minimumNumberOfTouches, minimum: 1),
        integer("maximumNumberOfTouches", \PanGestureRecognizer.maximumNumberOfTouches, minimum: 1),
        bool("failsPastMaxTouches", \PanGestureRecognizer.failsPastMaxTouches),
        estimator(\PanGestureRecognizer.velocityEstimator),
    ]

    /// Parameters every kind takes (the base class's properties).
    static let common: [(name: String, set: Setter)] = [
        bool("isEnabled", \GestureRecognizer.isEnabled),
        bool("cancelsTouchesInView", \GestureRecognizer.cancelsTouchesInView),
        bool("delaysTouchesBegan", \GestureRecognizer.delaysTouchesBegan),
        bool("delaysTouchesEnded", \GestureRecognizer.delaysTouchesEnded),
    ]

    static func kind(named name: String) -> Kind? {
        kinds.first { $0.name == name }
    }

    /// A setter that applies `body` to recognizers of type `R` (the catalog only pairs a kind's
    /// setters with recognizers of that kind; any other recognizer is left alone).
    private static func set<R: GestureRecognizer>(
        _ type: R.Type, _ body: @escaping @Sendable (R, JSONValue) throws(TraceError) -> Void
    ) -> Setter {
        { r, v throws(TraceError) in
            guard let typed = r as? R else { return }
            try body(typed, v)
        }
    }

    /// Parameter `name`: an integer of at least `minimum`, stored at `property`.
    private static func integer<R: GestureRecognizer>(
        _ name: String, _ property: ReferenceWritableKeyPath<R, Int> & Sendable, minimum: Int
    ) -> (name: String, set: Setter) {
        (name, set(R.self) { r, v throws(TraceError) in r[keyPath: property] = try SceneValue.integer(v, name, minimum: minimum) })
    }

    /// Parameter `name`: a number of at least `minimum`, stored at `property`.
    private static func number<R: GestureRecognizer>(
        _ name: String, _ property: ReferenceWritableKeyPath<R, Double> & Sendable, minimum: Double
    ) -> (name: String, set: Setter) {
        (name, set(R.self) { r, v throws(TraceError) in r[keyPath: property] = try SceneValue.number(v, name, minimum: minimum) })
    }

    /// Parameter `name`: a Boolean stored at `property`.
    private static func bool<R: GestureRecognizer>(
        _ name: String, _ property: ReferenceWritableKeyPath<R, Bool> & Sendable
    ) -> (name: String, set: Setter) {
        (name, set(R.self) { r, v throws(TraceError) in r[keyPath: property] = try SceneValue.bool(v, name) })
    }

    /// Parameter `name`: option names from `table` (a name or an array of names), stored at `property`.
    private static func options<R: GestureRecognizer, T: OptionSet & Sendable>(
        _ name: String, _ property: ReferenceWritableKeyPath<R, T> & Sendable, _ table: [(name: String, value: T)]
    ) -> (name: String, set: Setter) {
        (name, set(R.self) { r, v throws(TraceError) in r[keyPath: property] = try SceneValue.options(v, name, table) })
    }

    /// Parameter `velocityEstimator`: an estimator name, stored at `property`.
    private static func estimator<R: GestureRecognizer>(
        _ property: ReferenceWritableKeyPath<R, VelocityEstimatorKind> & Sendable
    ) -> (name: String, set: Setter) {
        ("velocityEstimator", set(R.self) { r, v throws(TraceError) in r[keyPath: property] = try estimator(v) })
    }

    private static func estimator(_ v: JSONValue) throws(TraceError) -> VelocityEstimatorKind {
        let name = try SceneValue.string(v, "velocityEstimator")
        guard let kind = VelocityEstimatorKind(rawValue: name) else {
            let known = VelocityEstimatorKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw SceneValue.error("unknown velocityEstimator '\(name)'; expected one of: \(known)", v)
        }
        return kind
    }
}
