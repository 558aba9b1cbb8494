import GestureEngine

/// A "wiggle": one finger moved left and right (or up and down) at least `requiredWiggles` times,
/// each stroke at least `minimumStroke` points long, as a "shake to undo" on a card might be.
///
/// Written exactly as an iOS `UIGestureRecognizer` subclass would be, against the engine's public
/// API only (this package cannot see anything else): override the touch methods, read
/// `location(in:)` and `numberOfTouches`, set `state`, say why with `fail(_:)`, report extra values
/// in `fillValues(_:)`.
public final class WiggleGestureRecognizer: GestureRecognizer {
    /// Strokes needed (a stroke is a run in one direction along `axis`).
    public var requiredWiggles = 3
    /// The shortest stroke that counts, points.
    public var minimumStroke = 20.0
    /// The axis the strokes run along.
    public var axis: Axis = .horizontal

    public enum Axis: String, Sendable, CaseIterable {
        case horizontal, vertical
    }

    /// Strokes counted so far in this attempt.
    public private(set) var wiggles = 0
    private var strokeStart = 0.0
    private var lastPosition = 0.0
    private var direction = 0.0
    private var strokeCounted = false

    public override var kind: String { "wiggle" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    private func position() -> Double {
        let p = location(in: nil)
        return axis == .horizontal ? p.x : p.y
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard numberOfTouches == 1 else {
            fail("\(numberOfTouches) touches; a wiggle needs 1")
            return
        }
        strokeStart = position()
        lastPosition = strokeStart
    }

    public override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        let now = position()
        let step = now - lastPosition
        defer { lastPosition = now }
        guard step != 0 else { return }
        let heading: Double = step > 0 ? 1 : -1
        if heading != direction {
            // Turned back (or the first move): a new stroke starts where the finger turned.
            strokeStart = lastPosition
            direction = heading
            strokeCounted = false
        }
        guard !strokeCounted, abs(now - strokeStart) >= minimumStroke else { return }
        strokeCounted = true
        wiggles += 1
        if wiggles >= requiredWiggles { state = .ended }
    }

    public override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        fail("lifted after \(wiggles) of \(requiredWiggles) wiggles")
    }

    public override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        fail("touch cancelled after \(wiggles) wiggles")
    }

    public override func reset() {
        wiggles = 0
        direction = 0
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        if state == .ended { values.extra.append((name: "wiggles", value: .integer(wiggles))) }
    }
}
