import GestureEngine
import TraceReplay

/// A user recognizer written against the public API only (shared by the scene and stats tests): recognizes when one finger has moved
/// `requiredWiggles` times across `minimumDistance` points left and right.
package final class WiggleGestureRecognizer: GestureRecognizer {
    package var requiredWiggles = 2
    package var minimumDistance = 10.0
    package var direction: SwipeDirection = [.left, .right]
    package var mode = "strict"
    private var startX = 0.0
    private var wiggles = 0
    private var lastSign = 0

    package override var kind: String { "wiggle" }

    package override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches == 1 else { return fail("more than one finger") }
        startX = location(in: nil).x
    }

    package override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let dx = location(in: nil).x - startX
        guard abs(dx) >= minimumDistance else { return }
        let sign = dx > 0 ? 1 : -1
        if sign != lastSign {
            wiggles += 1
            lastSign = sign
            startX = location(in: nil).x
        }
        if wiggles >= requiredWiggles { state = .ended }
    }

    package override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        if state == .possible { fail("lifted after \(wiggles) wiggles") }
    }

    package override func reset() {
        wiggles = 0
        lastSign = 0
    }
}

/// Why a factory refused.
package struct FactoryRefusal: Error, CustomStringConvertible {
    package init() {}
    package var description: String { "no wiggles on Tuesdays" }
}

package enum CustomKinds {
    /// The built-ins plus `wiggle`.
    package static func catalog() throws -> RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(
            kind: "wiggle", factory: { WiggleGestureRecognizer(name: $0) },
            parameters: [
                .integer("requiredWiggles", \.requiredWiggles, minimum: 1, default: 3),
                .number("minimumDistance", \.minimumDistance, minimum: 0, maximum: 500),
                .options("direction", \.direction, SwipeDirection.named.map { ($0.name, $0.direction) }),
                .choice("mode", \.mode, [("strict", "strict"), ("loose", "loose")]),
            ])
        return catalog
    }
}
