import GestureEngine
import GestureTesting
import GestureUIKit
import TraceReplay
import TraceRecorder

/// The app's own tap class: a subclass of UIKit's tap with nothing changed. With a registered kind
/// (`quickTap`) it replays as that kind; without one the recorder names it in a note.
final class QuickTapRecognizer: UITapGestureRecognizer {}

/// A screen of views and recognizers (every UIKit recognizer class, the app's own tap class, a
/// scroll view with a button in it), replayed by GestureUIKit while a truth recorder observes: what
/// the recorder writes is what a phone would have written for the same touches.
@MainActor
final class TruthRecordingRig {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let harness: GestureHarness
    private(set) var recorder: GestureTruthRecorder!
    let canvas = UIView(frame: CGRect(x: 0, y: 60, width: 390, height: 300))
    let board = UIView(frame: CGRect(x: 0, y: 360, width: 390, height: 200))
    let badge = UIView(frame: CGRect(x: 300, y: 10, width: 80, height: 40))
    let list = UIScrollView(frame: CGRect(x: 0, y: 560, width: 390, height: 284))
    let buy = UIButton(frame: CGRect(x: 20, y: 20, width: 120, height: 44))
    let tap = UITapGestureRecognizer(target: nil, action: nil)
    let doubleTap = UITapGestureRecognizer(target: nil, action: nil)
    let drag = UIPanGestureRecognizer(target: nil, action: nil)
    let pinch = UIPinchGestureRecognizer(target: nil, action: nil)
    let rotation = UIRotationGestureRecognizer(target: nil, action: nil)
    let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
    let hold = UILongPressGestureRecognizer(target: nil, action: nil)
    let back = UIScreenEdgePanGestureRecognizer(target: nil, action: nil)
    let quick = QuickTapRecognizer(target: nil, action: nil)
    /// What the app's own target saw (the recorder must not change it).
    private(set) var appLog: [String] = []
    private var fingers: [Int: AnyObject] = [:]

    /// The rig; `registersQuickTap`: the app's tap class has its kind `quickTap` (else a note).
    init(registersQuickTap: Bool) {
        canvas.accessibilityIdentifier = "canvas"
        board.accessibilityIdentifier = "board"
        badge.accessibilityIdentifier = "badge"
        list.accessibilityIdentifier = "list"
        buy.accessibilityIdentifier = "buy"
        list.contentSize = CGSize(width: 390, height: 1200)
        for v in [canvas, board, badge, list] { window.addSubview(v) }
        list.addSubview(buy)
        for (r, name) in [
            (tap, "tap"), (doubleTap, "doubleTap"), (drag, "drag"), (pinch, "pinch"), (rotation, "rotation"), (swipe, "swipe"),
            (hold, "hold"), (back, "back"), (quick, "quick"),
        ] as [(UIGestureRecognizer, String)] {
            r.name = name
        }
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        drag.maximumNumberOfTouches = 1
        swipe.direction = .left
        hold.minimumPressDuration = 0.4
        back.edges = .left
        canvas.addGestureRecognizer(tap)
        canvas.addGestureRecognizer(doubleTap)
        canvas.addGestureRecognizer(drag)
        board.addGestureRecognizer(pinch)
        board.addGestureRecognizer(rotation)
        board.addGestureRecognizer(swipe)
        board.addGestureRecognizer(hold)
        window.addGestureRecognizer(back)
        badge.addGestureRecognizer(quick)
        harness = GestureHarness(root: window.engineView)
        drag.addTarget(self, action: Selector("dragged:", TruthRecordingRig.dragged))
        recorder = GestureTruthRecorder(window: window, kinds: registersQuickTap ? [(QuickTapRecognizer.self, "quickTap")] : [])
        recorder.declare(tap, requiresToFail: doubleTap)
    }

    private func dragged(_ r: UIPanGestureRecognizer) {
        appLog.append("\(r.state) \(r.translation(in: r.view).y)")
    }

    /// One event at `t`, recorded (before dispatch, as the iOS window does) then replayed.
    func send(_ t: Double, _ changes: (Int, TouchPhase, Double, Double)...) {
        var samples: [TouchSample] = []
        for (id, phase, x, y) in changes {
            let finger = fingers[id] ?? Finger()
            fingers[id] = finger
            let raw = phase == .began ? 0 : phase == .moved ? 1 : phase == .ended ? 3 : 4
            samples.append(TouchSample(touch: ObjectIdentifier(finger), timestamp: t, phase: raw, x: x, y: y))
        }
        recorder.record(samples)
        harness.send(changes.map { TouchChange(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3)) }, at: t)
    }

    /// A one-finger drag from (x, y) by (dx, dy) in `steps` moves 1/60 s apart, starting at `t`.
    func drag(id: Int, at t: Double, x: Double, y: Double, dx: Double, dy: Double, steps: Int) {
        send(t, (id, .began, x, y))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            send(t + Double(k) / 60, (id, .moved, x + dx * f, y + dy * f))
        }
        send(t + Double(steps + 1) / 60, (id, .ended, x + dx, y + dy))
    }

    /// Ends the replay (timers due fire) and returns the recorded file.
    func finish() -> RecordedTraceDocument {
        harness.finish()
        return recorder.finish()
    }

    /// The scripts' names (the samples' names in Traces/recorded/).
    nonisolated static let scriptNames = ["taps", "drag-and-scroll", "pinch-rotate", "swipe-hold-edge"]

    /// The scripted recordings kept as samples in Traces/recorded/ (name, script).
    static let scripts: [(name: String, run: (TruthRecordingRig) -> Void)] = [
        (
            "taps",
            { rig in
                rig.send(0, (1, .began, 100, 200))
                rig.send(0.08, (1, .ended, 100, 200))
                rig.send(0.9, (2, .began, 200, 200))
                rig.send(0.97, (2, .ended, 200, 200))
                rig.send(1.1, (3, .began, 201, 201))
                rig.send(1.17, (3, .ended, 201, 201))
                rig.send(2, (4, .began, 60, 600))
                rig.send(2.1, (4, .ended, 60, 600))
                rig.send(3, (5, .began, 340, 30))
                rig.send(3.05, (5, .ended, 340, 30))
            }
        ),
        (
            "drag-and-scroll",
            { rig in
                rig.drag(id: 1, at: 0, x: 120, y: 300, dx: 0, dy: -120, steps: 8)
                rig.drag(id: 2, at: 1, x: 200, y: 800, dx: 0, dy: -200, steps: 10)
            }
        ),
        (
            "pinch-rotate",
            { rig in
                rig.send(0, (1, .began, 150, 460), (2, .began, 240, 460))
                for k in 1...10 {
                    let s = Double(k) * 6
                    rig.send(Double(k) / 60, (1, .moved, 150 - s, 460), (2, .moved, 240 + s, 460))
                }
                rig.send(11.0 / 60, (1, .ended, 135, 460), (2, .ended, 255, 460))
                // Then a turn at a constant distance: a rotation, no pinch.
                rig.send(1, (3, .began, 150, 460), (4, .began, 240, 460))
                for k in 1...10 {
                    let a = Double(k) * 0.06
                    rig.send(
                        1 + Double(k) / 60, (3, .moved, 195 - 45 * cos(a), 460 - 45 * sin(a)),
                        (4, .moved, 195 + 45 * cos(a), 460 + 45 * sin(a)))
                }
                rig.send(
                    1 + 11.0 / 60, (3, .ended, 195 - 45 * cos(0.6), 460 - 45 * sin(0.6)),
                    (4, .ended, 195 + 45 * cos(0.6), 460 + 45 * sin(0.6)))
            }
        ),
        (
            "swipe-hold-edge",
            { rig in
                rig.drag(id: 1, at: 0, x: 300, y: 450, dx: -150, dy: 0, steps: 5)
                rig.send(1, (2, .began, 100, 500))
                rig.send(1.6, (2, .ended, 100, 500))
                rig.drag(id: 3, at: 2.5, x: 3, y: 30, dx: 150, dy: 0, steps: 8)
            }
        ),
    ]

    /// The recording of the script named `name`.
    static func record(_ name: String, registersQuickTap: Bool = false) -> RecordedTraceDocument {
        let rig = TruthRecordingRig(registersQuickTap: registersQuickTap)
        scripts.first { $0.name == name }!.run(rig)
        return rig.finish()
    }
}

/// A finger's identity (UIKit's `UITouch` object on a device).
private final class Finger {}
