// The truth recorder's UIKit hook (docs/recording.md, "Recording the truth"): a snapshot of a
// window's views and gesture recognizers, and every recognizer's transitions read by a target of
// its own. Compiled against UIKit on iOS and against GestureUIKit on Linux and macOS, where it is
// tested inside a GestureUIKit replay; what exists only on iOS (the window's event hook) is in
// RecordingWindow.swift.
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif os(Linux) || os(macOS)
import GestureUIKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || os(Linux) || os(macOS)

/// Records what UIKit decided beside the touches: the scene at the start, then each recognizer's
/// state transitions with their time and values, written as a regular trace whose `expect` is the
/// device's truth (`gesturereplay check` compares the engine with it).
///
/// Observing changes nothing the app sees: a target is added to each recognizer (read at the
/// action, after every recognizer handled the event, as the app's own targets read); the recorder
/// must be kept alive (targets are held weakly). UIKit sends no action for `failed`, so failures
/// are not recorded. Opt-in, for Debug builds.
@MainActor
public final class GestureTruthRecorder: NSObject {
    /// The scene snapshot taken at ``init(window:kinds:)`` (relations added later by
    /// ``declare(_:requiresToFail:)`` and ``declare(_:simultaneousWith:)``).
    public private(set) var scene: RecordedScene
    /// The device's transitions so far.
    public private(set) var transitions: [RecordedTransition] = []
    /// The touch rows' time base and ids.
    public private(set) var session: TraceRecordingSession
    /// The tolerances written into the expectations.
    public var tolerance = RecordingTolerance()

    private var events: [String] = []
    private var names: [ObjectIdentifier: String] = [:]
    private var observed: [UIGestureRecognizer] = []

    /// Snapshots `window` (views, recognizers and their settings) and starts observing every
    /// recognizer the scene lists. `kinds` maps the app's own recognizer classes to the kinds it
    /// registered for the replay (docs/uikit-compat.md); a subclass of a UIKit class that is not
    /// listed is recorded, named in a note, and not replayed.
    public init(window: UIView, kinds: [(UIGestureRecognizer.Type, String)] = [], writer: TraceLineWriter = TraceLineWriter()) {
        session = TraceRecordingSession(writer: writer)
        let size = window.bounds.size
        scene = RecordedScene(screen: (Double(size.width), Double(size.height)))
        super.init()
        var snapshot = SceneSnapshot(kinds: kinds)
        snapshot.walk(window, name: "root", parent: nil, path: "root")
        scene.views = snapshot.views
        scene.recognizers = snapshot.recognizers
        scene.notes = snapshot.notes
        for (recognizer, name) in snapshot.observed {
            names[ObjectIdentifier(recognizer)] = name
            observed.append(recognizer)
            #if canImport(UIKit)
            recognizer.addTarget(self, action: #selector(observe(_:)))
            #else
            recognizer.addTarget(self, action: Selector("observe:", GestureTruthRecorder.observe))
            #endif
        }
    }

    /// Stops observing (removes the recorder's targets).
    public func stopObserving() {
        for r in observed { r.removeTarget(self, action: nil) }
        observed = []
    }

    /// Records that `recognizer` requires `other` to fail (as the app's `require(toFail:)`, which
    /// UIKit does not let the recorder see).
    public func declare(_ recognizer: UIGestureRecognizer, requiresToFail other: UIGestureRecognizer) {
        guard let a = names[ObjectIdentifier(recognizer)], let b = names[ObjectIdentifier(other)],
            let i = scene.recognizers.firstIndex(where: { $0.name == a }), !scene.recognizers[i].requireToFail.contains(b)
        else { return }
        scene.recognizers[i].requireToFail.append(b)
    }

    /// Records that the two may recognize simultaneously (the app's delegate says so).
    public func declare(_ recognizer: UIGestureRecognizer, simultaneousWith other: UIGestureRecognizer) {
        guard let a = names[ObjectIdentifier(recognizer)], let b = names[ObjectIdentifier(other)],
            let i = scene.recognizers.firstIndex(where: { $0.name == a }), !scene.recognizers[i].simultaneousWith.contains(b)
        else { return }
        scene.recognizers[i].simultaneousWith.append(b)
    }

    /// The name `recognizer` has in the recorded scene, if it is observed.
    public func name(of recognizer: UIGestureRecognizer) -> String? { names[ObjectIdentifier(recognizer)] }

    /// Records the touch samples of one event (before it is dispatched, as ``TraceRecordingWindow``
    /// does): the rows of the trace.
    public func record(_ samples: [TouchSample]) {
        var text = ""
        session.record(samples, into: &text)
        append(text)
    }

    #if canImport(UIKit)
    /// Records the touches of `event` (one sample per touch, as delivered; other events are
    /// ignored), locations in `window`'s coordinates (`nil`: each touch's own window). Call it
    /// before the event is dispatched (``TraceRecordingWindow`` does).
    public func record(_ event: UIEvent, in window: UIWindow?) {
        guard event.type == .touches, let touches = event.allTouches, !touches.isEmpty else { return }
        record(
            touches.map { touch in
                let p = touch.location(in: window)
                return TouchSample(
                    touch: ObjectIdentifier(touch), timestamp: touch.timestamp, phase: touch.phase.rawValue, x: Double(p.x), y: Double(p.y))
            })
    }
    #endif

    /// Records a transition (the target does; also for a hook of the app's own).
    public func record(_ transition: RecordedTransition) {
        transitions.append(transition)
    }

    /// Ends touches still down (cancelled at the last row's time) and returns the file.
    public func finish() -> RecordedTraceDocument {
        var text = ""
        session.cancelTouchesDown(into: &text)
        append(text)
        return document
    }

    /// The recording so far as a trace.
    public var document: RecordedTraceDocument {
        RecordedTraceDocument(scene: scene, transitions: transitions, events: events, tolerance: tolerance)
    }

    /// Writes ``finish()``'s text to `path` under a temporary name renamed at the end, so a killed
    /// app leaves the previous file or none, never half a file.
    public func write(to path: String) throws {
        let text = finish().text
        let temporary = path + ".partial"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    private func append(_ text: String) {
        for line in text.split(separator: "\n") { events.append(String(line)) }
    }

    #if canImport(UIKit)
    @objc private func observe(_ recognizer: UIGestureRecognizer) { read(recognizer) }
    #else
    private func observe(_ recognizer: UIGestureRecognizer) { read(recognizer) }
    #endif

    /// Reads the recognizer's state and values at its action.
    private func read(_ recognizer: UIGestureRecognizer) {
        guard let name = names[ObjectIdentifier(recognizer)], let start = session.startTimestamp else { return }
        let state: RecordedState
        switch recognizer.state {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        default: return
        }
        let p = recognizer.location(in: nil)
        var t = RecordedTransition(
            recognizer: name, state: state, time: CACurrentMediaTime() - start, location: (Double(p.x), Double(p.y)),
            touches: recognizer.numberOfTouches)
        if let pan = recognizer as? UIPanGestureRecognizer {
            let d = pan.translation(in: pan.view), v = pan.velocity(in: pan.view)
            t.values = [
                ("translation.x", Double(d.x)), ("translation.y", Double(d.y)), ("velocity.x", Double(v.x)), ("velocity.y", Double(v.y)),
            ]
        } else if let pinch = recognizer as? UIPinchGestureRecognizer {
            t.values = [("scale", Double(pinch.scale)), ("velocity", Double(pinch.velocity))]
        } else if let rotation = recognizer as? UIRotationGestureRecognizer {
            t.values = [("rotation", Double(rotation.rotation)), ("velocity", Double(rotation.velocity))]
        }
        transitions.append(t)
    }
}

/// Walks a window's views once, naming each view and recognizer and reading their settings.
@MainActor
struct SceneSnapshot {
    var kinds: [(UIGestureRecognizer.Type, String)]
    var views: [RecordedView] = []
    var recognizers: [RecordedRecognizer] = []
    var notes: [String] = []
    /// The recognizers whose transitions are recorded, with their names.
    var observed: [(UIGestureRecognizer, String)] = []
    private var viewNames: Set<String> = ["root"]
    private var recognizerNames: Set<String> = []

    init(kinds: [(UIGestureRecognizer.Type, String)]) {
        self.kinds = kinds
    }

    mutating func walk(_ view: UIView, name: String, parent: String?, path: String) {
        if let parent {
            var v = RecordedView(
                name: name, parent: parent, sceneClass: sceneClass(of: view),
                frame: (
                    Double(view.frame.origin.x), Double(view.frame.origin.y), Double(view.frame.size.width), Double(view.frame.size.height)
                ))
            v.isUserInteractionEnabled = view.isUserInteractionEnabled && !view.isHidden && view.alpha >= 0.01
            v.isMultipleTouchEnabled = view.isMultipleTouchEnabled
            v.isExclusiveTouch = view.isExclusiveTouch
            if let scroll = view as? UIScrollView {
                v.scroll = (
                    Double(scroll.contentSize.width), Double(scroll.contentSize.height), Double(scroll.contentOffset.x),
                    Double(scroll.contentOffset.y), scroll.isPagingEnabled
                )
            }
            if let control = view as? UIControl { v.controlEnabled = control.isEnabled }
            let className = "\(type(of: view))"
            if className != v.sceneClass {
                notes.append("view '\(name)' is a \(className), replayed as a \(v.sceneClass) (its own touch handling is not modelled)")
            }
            views.append(v)
        }
        for r in view.gestureRecognizers ?? [] { add(r, on: view, viewName: name) }
        for (index, sub) in view.subviews.enumerated() {
            let subPath = path + "/" + String(index)
            var subName = subPath
            if let id = sub.accessibilityIdentifier, !id.isEmpty {
                if viewNames.contains(id) {
                    notes.append(
                        "two views have the accessibility identifier '\(id)': the one at \(subPath) is named by its path")
                } else {
                    subName = id
                }
            }
            viewNames.insert(subName)
            walk(sub, name: subName, parent: name, path: subPath)
        }
    }

    /// The UIKit class the scene models for `view`: the nearest of UIScrollView, UIButton, UIControl, UIView.
    private func sceneClass(of view: UIView) -> String {
        if view is UIScrollView { return "UIScrollView" }
        if view is UIButton { return "UIButton" }
        if view is UIControl { return "UIControl" }
        return "UIView"
    }

    private mutating func uniqueName(_ wanted: String) -> String {
        var name = wanted, n = 2
        while recognizerNames.contains(name) {
            name = "\(wanted)-\(n)"
            n += 1
        }
        recognizerNames.insert(name)
        return name
    }

    private mutating func add(_ r: UIGestureRecognizer, on view: UIView, viewName: String) {
        let className = "\(type(of: r))"
        if let scroll = view as? UIScrollView {
            // A scroll view's own recognizers are rebuilt by its class in the scene (NAME.pan, ...):
            // the pan's transitions are compared, the others are the class's business.
            if r === scroll.panGestureRecognizer {
                let name = uniqueName(viewName + ".pan")
                var entry = RecordedRecognizer(name: name, kind: "pan", className: className, view: viewName)
                entry.listed = false
                recognizers.append(entry)
                observed.append((r, name))
                return
            }
            if className.contains("DelayedTouchesBegan") || className.contains("PagingSwipe")
                || (r.name ?? "").hasSuffix(".delayedTouchesBegan") || (r.name ?? "").hasSuffix(".pagingSwipe")
            {
                return
            }
        }
        guard let kind = kind(of: r, className: className) else {
            notes.append(
                "recognizer \(className) on view '\(viewName)' has no registered kind: recorded here, not replayed "
                    + "(register a kind for it and pass it to the recorder's kinds)")
            return
        }
        var wanted = r.name ?? ""
        if wanted.isEmpty || wanted == kind && recognizerNames.contains(wanted) {
            wanted = viewName == "root" ? kind : viewName + "." + kind
        }
        let name = uniqueName(wanted)
        var entry = RecordedRecognizer(name: name, kind: kind, className: className, view: viewName)
        entry.parameters = parameters(of: r, kind: kind)
        recognizers.append(entry)
        observed.append((r, name))
    }

    /// The scene kind of `r`: one the app registered for its class, else UIKit's own class's.
    private func kind(of r: UIGestureRecognizer, className: String) -> String? {
        if let registered = kinds.first(where: { $0.0 == type(of: r) }) { return registered.1 }
        switch r {
        case is UIScreenEdgePanGestureRecognizer where className == "UIScreenEdgePanGestureRecognizer": return "screenEdgePan"
        case is UIPanGestureRecognizer where className == "UIPanGestureRecognizer": return "pan"
        case is UITapGestureRecognizer where className == "UITapGestureRecognizer": return "tap"
        case is UILongPressGestureRecognizer where className == "UILongPressGestureRecognizer": return "longPress"
        case is UISwipeGestureRecognizer where className == "UISwipeGestureRecognizer": return "swipe"
        case is UIPinchGestureRecognizer where className == "UIPinchGestureRecognizer": return "pinch"
        case is UIRotationGestureRecognizer where className == "UIRotationGestureRecognizer": return "rotation"
        default: return nil
        }
    }

    /// The public properties of UIKit's class of `r` (for one of UIKit's kinds), then the common ones.
    private func parameters(of r: UIGestureRecognizer, kind: String) -> [(String, String)] {
        func n(_ v: Double) -> String { RecordingJSON.number(v, decimals: 6) ?? "0" }
        var p: [(String, String)] = []
        switch r {
        case let tap as UITapGestureRecognizer where kind == "tap":
            p = [
                ("numberOfTapsRequired", String(tap.numberOfTapsRequired)),
                ("numberOfTouchesRequired", String(tap.numberOfTouchesRequired)),
            ]
        case let press as UILongPressGestureRecognizer where kind == "longPress":
            p = [
                ("minimumPressDuration", n(Double(press.minimumPressDuration))), ("allowableMovement", n(Double(press.allowableMovement))),
                ("numberOfTouchesRequired", String(press.numberOfTouchesRequired)),
                ("numberOfTapsRequired", String(press.numberOfTapsRequired)),
            ]
        case let edge as UIScreenEdgePanGestureRecognizer where kind == "screenEdgePan":
            var edges: [String] = []
            if edge.edges.contains(.top) { edges.append("top") }
            if edge.edges.contains(.left) { edges.append("left") }
            if edge.edges.contains(.bottom) { edges.append("bottom") }
            if edge.edges.contains(.right) { edges.append("right") }
            p = [("edges", RecordingJSON.array(edges.map(RecordingJSON.string)))]
        case let pan as UIPanGestureRecognizer where kind == "pan":
            p = [("minimumNumberOfTouches", String(pan.minimumNumberOfTouches))]
            if pan.maximumNumberOfTouches <= 1_000_000 { p.append(("maximumNumberOfTouches", String(pan.maximumNumberOfTouches))) }
        case let swipe as UISwipeGestureRecognizer where kind == "swipe":
            var directions: [String] = []
            if swipe.direction.contains(.right) { directions.append("right") }
            if swipe.direction.contains(.left) { directions.append("left") }
            if swipe.direction.contains(.up) { directions.append("up") }
            if swipe.direction.contains(.down) { directions.append("down") }
            p = [
                ("direction", RecordingJSON.array(directions.map(RecordingJSON.string))),
                ("numberOfTouchesRequired", String(swipe.numberOfTouchesRequired)),
            ]
        default: break
        }
        p += [
            ("isEnabled", r.isEnabled ? "true" : "false"), ("cancelsTouchesInView", r.cancelsTouchesInView ? "true" : "false"),
            ("delaysTouchesBegan", r.delaysTouchesBegan ? "true" : "false"),
            ("delaysTouchesEnded", r.delaysTouchesEnded ? "true" : "false"),
        ]
        return p
    }
}
#endif
