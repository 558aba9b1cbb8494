// The scene a truth recorder snapshots at the start (docs/recording.md, "The scene"): views and
// recognizers in the scene format of docs/trace-format.md ("Scenes"), plus the notes about what
// the replay cannot model. Platform independent: the UIKit hook (GestureTruthRecorder) fills it.

/// One view of a recorded scene.
public struct RecordedView: Sendable, Equatable {
    /// Its stable name: the accessibility identifier, else its path from the window (`root/0/2`).
    public var name: String
    /// Its parent's name (`root` for the window's subviews).
    public var parent: String
    /// The scene class: `UIView`, `UIScrollView`, `UIButton` or `UIControl` (the nearest UIKit
    /// class the replay models; the app's own class is named in a note).
    public var sceneClass: String
    /// `frame` in the superview's coordinates (content coordinates in a scroll view), points.
    public var frame: (x: Double, y: Double, width: Double, height: Double)
    /// `isUserInteractionEnabled`, false also for a hidden view or one with alpha below 0.01
    /// (UIKit's hit-testing skips them the same way).
    public var isUserInteractionEnabled = true
    public var isMultipleTouchEnabled = false
    public var isExclusiveTouch = false
    /// A scroll view's `contentSize` (points), `contentOffset` (points), `isPagingEnabled`.
    public var scroll: (contentWidth: Double, contentHeight: Double, offsetX: Double, offsetY: Double, paging: Bool)?
    /// A control's `isEnabled`.
    public var controlEnabled: Bool?

    public init(name: String, parent: String, sceneClass: String, frame: (x: Double, y: Double, width: Double, height: Double)) {
        self.name = name
        self.parent = parent
        self.sceneClass = sceneClass
        self.frame = frame
    }

    public static func == (a: RecordedView, b: RecordedView) -> Bool { a.json == b.json }

    /// The view as a scene's `views` entry.
    var json: String {
        func n(_ v: Double) -> String { RecordingJSON.number(v, decimals: 3) ?? "0" }
        var members: [(String, String)] = [
            ("name", RecordingJSON.string(name)), ("class", RecordingJSON.string(sceneClass)),
            ("parent", RecordingJSON.string(parent)),
            ("frame", RecordingJSON.array([n(frame.x), n(frame.y), n(frame.width), n(frame.height)])),
        ]
        if !isUserInteractionEnabled { members.append(("isUserInteractionEnabled", "false")) }
        if isMultipleTouchEnabled { members.append(("isMultipleTouchEnabled", "true")) }
        if isExclusiveTouch { members.append(("isExclusiveTouch", "true")) }
        if let s = scroll {
            members.append(
                (
                    "scrollView",
                    RecordingJSON.object([
                        ("contentSize", RecordingJSON.array([n(s.contentWidth), n(s.contentHeight)])),
                        ("contentOffset", RecordingJSON.array([n(s.offsetX), n(s.offsetY)])),
                        ("isPagingEnabled", s.paging ? "true" : "false"),
                    ])
                ))
        }
        if let enabled = controlEnabled { members.append(("control", RecordingJSON.object([("isEnabled", enabled ? "true" : "false")]))) }
        return RecordingJSON.object(members)
    }
}

/// One gesture recognizer of a recorded scene.
public struct RecordedRecognizer: Sendable, Equatable {
    /// Its name in the scene and in the expectations.
    public var name: String
    /// The scene kind (`tap`, `pan`, ..., or a kind the app registered for its own class).
    public var kind: String
    /// The app's class (`UITapGestureRecognizer`, `MyTapRecognizer`), for notes and statistics.
    public var className: String
    /// The view it is attached to (`root` for the window).
    public var view: String
    /// The kind's parameters and the common ones (`cancelsTouchesInView`...), as JSON values in
    /// writing order.
    public var parameters: [(String, String)] = []
    /// Names this recognizer requires to fail (`require(toFail:)` declared to the recorder).
    public var requireToFail: [String] = []
    /// Names it may recognize simultaneously with (declared to the recorder).
    public var simultaneousWith: [String] = []
    /// False for a recognizer the scene does not list (a scroll view's own recognizers, rebuilt by
    /// its class, whose transitions are still compared when `compared`).
    public var listed = true

    public init(name: String, kind: String, className: String, view: String) {
        self.name = name
        self.kind = kind
        self.className = className
        self.view = view
    }

    public static func == (a: RecordedRecognizer, b: RecordedRecognizer) -> Bool { a.json == b.json && a.listed == b.listed }

    /// The recognizer as a scene's `recognizers` entry.
    var json: String {
        var members: [(String, String)] = [
            ("name", RecordingJSON.string(name)), ("kind", RecordingJSON.string(kind)), ("view", RecordingJSON.string(view)),
        ]
        members += parameters
        if !requireToFail.isEmpty { members.append(("requireToFail", RecordingJSON.array(requireToFail.map(RecordingJSON.string)))) }
        if !simultaneousWith.isEmpty {
            members.append(("simultaneousWith", RecordingJSON.array(simultaneousWith.map(RecordingJSON.string))))
        }
        return RecordingJSON.object(members)
    }
}

/// The scene of a recording: its screen, views, recognizers and notes.
public struct RecordedScene: Sendable, Equatable {
    /// The window's size, points.
    public var screen: (width: Double, height: Double)
    public var views: [RecordedView] = []
    public var recognizers: [RecordedRecognizer] = []
    /// What the replay cannot model or compare, one sentence each (printed as notes on replay).
    public var notes: [String] = []

    public init(screen: (width: Double, height: Double)) {
        self.screen = screen
    }

    public static func == (a: RecordedScene, b: RecordedScene) -> Bool {
        a.screen == b.screen && a.views == b.views && a.recognizers == b.recognizers && a.notes == b.notes
    }
}
