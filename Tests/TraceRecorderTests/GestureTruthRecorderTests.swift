import Foundation
import GestureEngine
import GestureReplayTools
import GestureUIKit
import TestSupport
import Testing
import TraceReplay
import TraceRecorder

/// The truth recorder inside a GestureUIKit replay (issue 46): the recorded file reads back as a
/// trace with a scene and expectations, replays to exactly the transitions it recorded, and says
/// "device ... replay ..." when a recorded setting is changed.
@MainActor
@Suite("Truth recorder")
struct GestureTruthRecorderTests {
    /// A catalog that knows the app's tap class as `quickTap`.
    static func catalog() throws -> RecognizerCatalog {
        var catalog = RecognizerCatalog.builtIn
        try catalog.register(kind: "quickTap", factory: { _ in QuickTapRecognizer(target: nil, action: nil) })
        return catalog
    }

    static func options(_ catalog: RecognizerCatalog = .builtIn, set: [String] = []) throws -> ReplayOptions {
        var options = ReplayOptions()
        options.scene.catalog = catalog
        options.scene.overrides = try set.map { try SceneOverride(parsing: $0) }
        return options
    }

    /// The file replayed by TraceReplay with `options`.
    static func replay(_ document: RecordedTraceDocument, _ options: ReplayOptions) throws -> ReplayResult {
        try Replayer.replay(.bytes(Array(document.text.utf8), name: "recorded.json"), options: options)
    }

    /// Transitions a target can see (no `failed`), of the recorded recognizers, as the recorder writes them.
    static func observable(_ result: ReplayResult, names: Set<String>) -> [String] {
        result.transitions.filter { $0.state != .failed && names.contains($0.recognizer.name) }.map { t in
            "\(t.recognizer.name) \(t.state) \(rounded(t.time)) (\(rounded(t.values.location.x)), \(rounded(t.values.location.y))) \(t.values.numberOfTouches)"
        }
    }

    static func recorded(_ transitions: [RecordedTransition]) -> [String] {
        transitions.map { t in
            "\(t.recognizer) \(t.state.rawValue) \(rounded(t.time)) (\(rounded(t.location.x)), \(rounded(t.location.y))) \(t.touches)"
        }
    }

    static func rounded(_ v: Double) -> String { TraceLineWriter.format(v, decimals: 3) ?? "nan" }

    /// (a) and (b) for each script, with the app's tap class registered: every built-in class and
    /// the user subclass make transitions, and the replay makes exactly the recorded ones.
    @Test(arguments: TruthRecordingRig.scriptNames)
    func roundTrip(_ script: String) throws {
        let document = TruthRecordingRig.record(script, registersQuickTap: true)
        #expect(!document.transitions.isEmpty)
        let result = try Self.replay(document, try Self.options(try Self.catalog()))
        // (a) a valid trace whose scene and expectations were read.
        #expect(result.scene.recognizers.map(\.name).contains("quick"))
        let report = try #require(result.expectations)
        #expect(report.count == document.expectations.count)
        #expect(report.passed, "\(report.text)")
        // (b) exactly the recorded transitions.
        let names = Set(document.scene.recognizers.map(\.name))
        #expect(Self.observable(result, names: names) == Self.recorded(document.transitions))
    }

    /// Every UIKit recognizer class, the app's own and the scroll view's pan made transitions over
    /// the scripts (so the round trips above cover them).
    @Test func theScriptsCoverEveryClass() {
        var seen: Set<String> = []
        for (name, _) in TruthRecordingRig.scripts {
            for t in TruthRecordingRig.record(name, registersQuickTap: true).transitions { seen.insert(t.recognizer) }
        }
        #expect(
            seen.isSuperset(of: ["tap", "doubleTap", "drag", "pinch", "rotation", "swipe", "hold", "back", "quick", "list.pan"]),
            "\(seen.sorted())")
    }

    /// The scene snapshot: classes, names, the scroll view and the button, settings, relations.
    @Test func theSceneIsTheWindowsViewsAndRecognizers() throws {
        let document = TruthRecordingRig.record("taps", registersQuickTap: true)
        let text = document.text
        #expect(
            text.contains(
                #"{"name": "list", "class": "UIScrollView", "parent": "root", "frame": [0, 560, 390, 284], "scrollView": {"contentSize": [390, 1200], "contentOffset": [0, 0], "isPagingEnabled": false}}"#
            ))
        #expect(
            text.contains(
                #"{"name": "buy", "class": "UIButton", "parent": "list", "frame": [20, 20, 120, 44], "control": {"isEnabled": true}}"#))
        #expect(text.contains(#""name": "tap", "kind": "tap", "view": "canvas", "numberOfTapsRequired": 1"#))
        #expect(text.contains(#""requireToFail": ["doubleTap"]"#))
        #expect(text.contains(#""name": "hold", "kind": "longPress", "view": "board", "minimumPressDuration": 0.4"#))
        #expect(text.contains(#""name": "back", "kind": "screenEdgePan", "view": "root", "edges": ["left"]"#))
        #expect(text.contains(#""name": "quick", "kind": "quickTap", "view": "badge""#))
        #expect(!text.contains("\"notes\""))
    }

    /// Observing changes nothing the app sees: its own target reads the same with and without the recorder.
    @Test func observingDoesNotChangeTheApp() {
        let rig = TruthRecordingRig(registersQuickTap: true)
        rig.drag(id: 1, at: 0, x: 120, y: 300, dx: 0, dy: -120, steps: 8)
        _ = rig.finish()
        let plain = TruthRecordingRig(registersQuickTap: true)
        plain.recorder.stopObserving()
        plain.drag(id: 1, at: 0, x: 120, y: 300, dx: 0, dy: -120, steps: 8)
        _ = plain.finish()
        #expect(!rig.appLog.isEmpty)
        #expect(rig.appLog == plain.appLog)
        #expect(plain.recorder.transitions.isEmpty)
    }

    /// (c) A recorded setting changed after recording: the report speaks device vs replay.
    @Test func aChangedSettingIsADeviceVersusReplayReport() throws {
        let document = TruthRecordingRig.record("swipe-hold-edge", registersQuickTap: true)
        let result = try Self.replay(document, try Self.options(try Self.catalog(), set: ["hold.minimumPressDuration=0.8"]))
        let report = try #require(result.expectations)
        #expect(!report.passed)
        let text = report.text
        #expect(text.contains("expectation not met: device: hold began at 1.400 (100.0, 500.0); replay: hold never began"), "\(text)")
        #expect(text.contains("device: hold began 1 time; replay: hold never began"), "\(text)")
    }

    /// A disagreement in time and place: the replay's transition beside the device's.
    @Test func aLaterTransitionIsShownBesideTheDevices() throws {
        let document = TruthRecordingRig.record("drag-and-scroll", registersQuickTap: true)
        // A pan that needs two fingers never begins.
        let result = try Self.replay(document, try Self.options(try Self.catalog(), set: ["drag.minimumNumberOfTouches=2"]))
        let text = try #require(result.expectations).text
        #expect(text.contains("device: drag began at 0.017 (120.0, 285.0); replay: drag never began"), "\(text)")
    }

    // MARK: Bad input

    /// A recording cut off mid-write (the app killed): a positioned error, never a pass.
    @Test func aRecordingCutOffIsAPositionedError() throws {
        let text = TruthRecordingRig.record("taps").text
        let cut = String(text.prefix(text.utf8.count * 2 / 3))
        do {
            _ = try Replayer.replay(.bytes(Array(cut.utf8), name: "cut.json"), options: try Self.options())
            Issue.record("a cut-off recording replayed")
        } catch let error as TraceError {
            let message = DiagnosticFormatter().format(error.diagnostic)
            #expect(message.hasPrefix("cut.json:"), "\(message)")
            #expect(message.contains("error:"), "\(message)")
        }
    }

    /// The app's class with a kind the replaying program does not know: an error at the kind.
    @Test func anUnknownKindOnReplayIsAPositionedError() throws {
        let text = TruthRecordingRig.record("taps", registersQuickTap: true).text
        do {
            _ = try Replayer.replay(.bytes(Array(text.utf8), name: "r.json"), options: try Self.options())
            Issue.record("an unknown kind replayed")
        } catch let error as TraceError {
            let message = DiagnosticFormatter().format(error.diagnostic)
            #expect(message.contains("unknown") && message.contains("quickTap"), "\(message)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#""kind": "quickTap""#) }! + 1
            #expect(message.hasPrefix("r.json:\(line):"), "\(message)")
        }
    }

    /// The app's class with no registered kind: recorded, named in a note on every replay, not replayed.
    @Test func aClassWithNoKindIsANoteOnReplay() throws {
        let document = TruthRecordingRig.record("taps")
        #expect(!document.scene.recognizers.contains { $0.className == "QuickTapRecognizer" })
        let result = try Self.replay(document, try Self.options())
        let notes = result.warnings.map { DiagnosticFormatter().format($0) }
        #expect(notes.contains { $0.contains("note: recognizer QuickTapRecognizer on view 'badge' has no registered kind") }, "\(notes)")
        #expect(try #require(result.expectations).passed)
    }

    /// A view of the app's own class is replayed as its UIKit class, with a note; a relation the app
    /// declares to the recorder is in the scene; a hidden view takes no touches.
    @Test func ownViewClassesRelationsAndHiddenViews() throws {
        final class CardView: UIView {}
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = CardView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let hidden = UIView(frame: CGRect(x: 10, y: 200, width: 100, height: 100))
        card.accessibilityIdentifier = "card"
        hidden.isHidden = true
        window.addSubview(card)
        window.addSubview(hidden)
        let pinch = UIPinchGestureRecognizer(target: nil, action: nil), rotation = UIRotationGestureRecognizer(target: nil, action: nil)
        card.addGestureRecognizer(pinch)
        card.addGestureRecognizer(rotation)
        let recorder = GestureTruthRecorder(window: window)
        recorder.declare(pinch, simultaneousWith: rotation)
        #expect(recorder.scene.notes == ["view 'card' is a CardView, replayed as a UIView (its own touch handling is not modelled)"])
        #expect(recorder.scene.views.map(\.isUserInteractionEnabled) == [true, false])
        let text = recorder.finish().text
        #expect(text.contains(#""simultaneousWith": ["rotation"]"#), "\(text)")
        #expect(
            text.contains(
                #"{"name": "root/1", "class": "UIView", "parent": "root", "frame": [10, 200, 100, 100], "isUserInteractionEnabled": false}"#
            ))
    }

    /// Two views with one accessibility identifier: the second is named by its path, with a note;
    /// a file that repeats a view name anyway is an error at the second name.
    @Test func aRepeatedViewName() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), b = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        a.accessibilityIdentifier = "card"
        b.accessibilityIdentifier = "card"
        window.addSubview(a)
        window.addSubview(b)
        let recorder = GestureTruthRecorder(window: window)
        #expect(recorder.scene.views.map(\.name) == ["card", "root/1"])
        #expect(recorder.scene.notes == ["two views have the accessibility identifier 'card': the one at root/1 is named by its path"])
        let edited = recorder.finish().text.replacingOccurrences(of: #""name": "root/1""#, with: #""name": "card""#)
        let bad = edited.replacingOccurrences(
            of: #""events": []"#, with: #""events": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}]"#)
        do {
            _ = try Replayer.replay(.bytes(Array(bad.utf8), name: "dup.json"), options: try Self.options())
            Issue.record("a repeated view name replayed")
        } catch let error as TraceError {
            let message = DiagnosticFormatter().format(error.diagnostic)
            #expect(message.contains("a view named 'card' is already defined"), "\(message)")
            #expect(message.hasPrefix("dup.json:6:16:"), "\(message)")
        }
    }

    /// A value the device reports as NaN is not compared and is named in a note; a NaN written into
    /// a file by hand is an error at its place.
    @Test func nanFromTheDevice() throws {
        let rig = TruthRecordingRig(registersQuickTap: true)
        rig.send(0, (1, .began, 100, 200))
        rig.send(0.08, (1, .ended, 100, 200))
        var t = RecordedTransition(recognizer: "drag", state: .began, time: 0.05, location: (.nan, 200), touches: 1)
        t.values = [("velocity.x", .nan)]
        rig.recorder.record(t)
        let document = rig.finish()
        #expect(
            document.notes.contains("the device reported location.x, velocity.x of drag began at 0.050 s as not a number: not compared"))
        let text = document.text
        let line = try #require(text.split(separator: "\n").first { $0.contains(#""device": "drag began at 0.050"#) })
        #expect(!line.contains("location.x") && !line.contains("velocity.x") && line.contains(#""location.y": [199, 201]"#), "\(line)")
        let result = try Self.replay(document, try Self.options(try Self.catalog()))
        let report = try #require(result.expectations)
        // The device said the drag began; the replay's did not: still a disagreement, not a pass.
        #expect(report.text.contains("device: drag began at 0.050 (nan, 200.0); replay: drag never began"), "\(report.text)")
        let hand = text.replacingOccurrences(of: #""touches": 1, "device": "drag began"#, with: #""touches": NaN, "device": "drag began"#)
        #expect(hand != text)
        do {
            _ = try Replayer.replay(.bytes(Array(hand.utf8), name: "nan.json"), options: try Self.options(try Self.catalog()))
            Issue.record("NaN replayed")
        } catch let error as TraceError {
            #expect(DiagnosticFormatter().format(error.diagnostic).hasPrefix("nan.json:"))
        }
    }
}
