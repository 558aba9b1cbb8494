/// A scroll view's content moved (`UIScrollView.contentOffset` changed), as the observer hears of
/// it (`environment(_:didScroll:)`) and `gesturereplay` prints it (docs/output-format.md, "scroll"):
/// at each touch event while dragging, at each display frame (60 Hz) while decelerating, bouncing
/// or paging, and once more when it comes to rest.
public struct ScrollReport {
    /// What moved the content.
    public enum Phase: String, Sendable {
        /// The scroll view's pan moved it (a touch event).
        case dragging
        /// A deceleration frame (`_smoothScrollSyncWithUpdateTime:`, standard deceleration).
        case decelerating
        /// A bounce frame: past an edge, springing back (`_getBouncingDecelerationOffset:...`).
        case bouncing
        /// A paging frame (`_getPagingDecelerationOffset:forTimeInterval:`).
        case paging
        /// The content came to rest (the last report of a movement; the offset may equal the previous).
        case resting
    }

    /// When, seconds (trace time).
    public var time: Double
    /// The scroll view.
    public var view: ScrollView
    /// The new content offset, points (rounded to the pixel, as UIKit's `setContentOffset:`).
    public var contentOffset: Point
    public var phase: Phase

    public init(time: Double, view: ScrollView, contentOffset: Point, phase: Phase) {
        self.time = time
        self.view = view
        self.contentOffset = contentOffset
        self.phase = phase
    }
}
