#if GESTURE_ENGINE_OUTSIDE
// Compiled outside the engine too (Examples/Sources/EngineSeeds), against its public API only.
import GestureEngine
#endif

/// A Finder-style selection rectangle: a pan that reports the rectangle between where the finger
/// touched down and where it is now.
///
/// Written as a user would write it outside the engine: a subclass of `PanGestureRecognizer` using
/// the public API only. It begins, changes, ends and fails exactly like the pan (10 pt per axis to
/// begin, see `PanGestureRecognizer`). `selectionRect` is normalized (non-negative width and height)
/// in the recognizer's view coordinates, points, from the initial location (the centroid when the
/// first finger touched down, not where the pan began after its hysteresis) to the current centroid:
/// dragging up and to the left gives a positive width and height. It is reported on `began`,
/// `changed` and `ended`, besides the pan's translation and velocity.
public final class MarqueeGestureRecognizer: PanGestureRecognizer {
    // Read at every transition; only this recognizer writes it: no run-time exclusivity check.
    /// Where the touch began, in the view's coordinates, points; nil before a touch.
    @exclusivity(unchecked) public private(set) var initialLocation: Point?

    public override var kind: String { "marquee" }

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The normalized rectangle from `initialLocation` to the current location, in the view's
    /// coordinates, points; nil before a touch.
    public var selectionRect: Rect? {
        selectionRect(to: location(in: view))
    }

    /// The rectangle from the initial location to `current` (view coordinates, points): the one
    /// rule behind `selectionRect` and the reported values.
    private func selectionRect(to current: Point) -> Rect? {
        guard let initialLocation else { return nil }
        return Rect(corner: initialLocation, corner: current)
    }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if initialLocation == nil { initialLocation = location(in: view) }
        super.touchesBegan(touches, with: event)
    }

    public override func reset() {
        super.reset()
        initialLocation = nil
    }

    public override func fillValues(_ values: inout GestureValues) {
        super.fillValues(&values)
        switch state {
        case .began, .changed, .ended:
            // `selectionRect` from the centroid the pan's values hold already (window coordinates,
            // `location(in: nil)`): the class is final and does not answer `location(in:)` otherwise.
            values.selectionRect = selectionRect(to: convertFromWindow(values.location))
        default: break
        }
    }
}
