import GestureEngine
import GestureUIKit
import SwipeUIKit
import Testing
import TraceReplay
import Wiggle

/// The UIKit-source recognizer (Sources/SwipeUIKit: one file for iOS and Linux), replayed from
/// recorded traces through the example's catalog, and driven from code with UIKit's API.
@Suite("UIKit source")
struct UIKitSwipeTests {
    static var options: ReplayOptions {
        var options = ReplayOptions()
        options.scene.catalog = .examples
        options.scene.path = WiggleReplayTests.trace("uikit/uikit.scene.json")
        return options
    }

    @Test("two fingers up: recognized, its print in the replay, the kind column the registered kind")
    func up() throws {
        let result = try Replayer.replay(.path(WiggleReplayTests.trace("uikit/two-fingers-up.csv")), options: Self.options)
        #expect(result.transitions(of: "swipe2").map(\.state) == [.ended])
        #expect(result.messages.map(\.text) == ["two fingers swiped up"])
        #expect(result.text.contains("swipe2  twoFingerVerticalSwipe  possible -> ended"))
    }

    @Test("two fingers drifting sideways: failed, nothing printed")
    func sideways() throws {
        let result = try Replayer.replay(.path(WiggleReplayTests.trace("uikit/two-fingers-sideways.csv")), options: Self.options)
        #expect(result.transitions(of: "swipe2").map(\.state) == [.failed])
        #expect(result.messages.isEmpty)
    }

    @Test("UIKit's API from code: the recognizer's direction and the target-action")
    func fromCode() {
        final class Handler {
            var seen: [String] = []
            func swiped(_ g: TwoFingerVerticalSwipeGestureRecognizer) { seen.append(g.direction?.rawValue ?? "none") }
        }
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let environment = GestureEnvironment(rootView: window.engineView)
        let handler = Handler()
        let swipe = TwoFingerVerticalSwipeGestureRecognizer(target: handler, action: Selector("swiped:", Handler.swiped))
        window.addGestureRecognizer(swipe)
        environment.send(
            [
                TouchChange(id: 1, phase: .began, location: Point(x: 100, y: 300)),
                TouchChange(id: 2, phase: .began, location: Point(x: 160, y: 300)),
            ], at: 0)
        environment.send(
            [
                TouchChange(id: 1, phase: .moved, location: Point(x: 100, y: 370)),
                TouchChange(id: 2, phase: .moved, location: Point(x: 160, y: 370)),
            ], at: 0.05)
        environment.finish()
        #expect(handler.seen == ["down"])
    }
}
