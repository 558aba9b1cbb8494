import GestureEngine

/// How a UI-test gesture description (W3C WebDriver actions, Appium touch actions and `mobile:`
/// gestures, WebKit `sendEventStream` JSON) becomes a trace: the sampling step of interpolated moves
/// and the rectangles of the elements it names (docs/ui-tests.md).
public struct UITestImportOptions: Hashable, Sendable {
    /// Seconds between two samples of an interpolated move (`--move-interval`, given in ms). The default,
    /// 0.016 s, is WebKit's `fingerMoveInterval` (HIDEventGenerator.mm) and the web-platform-tests'
    /// default tick.
    public var moveInterval = UITestImportOptions.defaultMoveInterval
    /// Element rectangles in points by name (`--element NAME=X,Y,W,H`): a W3C element origin or an
    /// Appium `element`/`elementId` resolves to one of these.
    public var elements: [String: Rect] = [:]

    /// 16 ms (WebKit's `fingerMoveInterval`).
    public static let defaultMoveInterval = 0.016

    public init() {}

    /// Whether nothing is set (they only apply to UI-test descriptions).
    public var isDefault: Bool { self == UITestImportOptions() }
}
