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
    /// The screen's scale, pixels per point (`--pixel-scale`): XCTest gives the velocity of
    /// `press(forDuration:thenDragTo:withVelocity:thenHoldForDuration:)`, which Appium's
    /// `mobile: dragFromToWithVelocity` passes on, "in pixels per second" (Apple's documentation of
    /// `XCUICoordinate`). Nil (the default): the Appium `--density` when given, else
    /// ``defaultPixelScale``, with a note.
    public var pixelScale: Double?

    /// 16 ms (WebKit's `fingerMoveInterval`).
    public static let defaultMoveInterval = 0.016

    /// 3 pixels per point, the @3x scale of current iPhones (older ones, such as the iPhone SE and
    /// XR, are @2x: Apple's Human Interface Guidelines, "Layout"), for an XCTest velocity when no
    /// scale is given.
    public static let defaultPixelScale = 3.0

    public init() {}

    /// Whether nothing is set (they only apply to UI-test descriptions).
    public var isDefault: Bool { self == UITestImportOptions() }
}
