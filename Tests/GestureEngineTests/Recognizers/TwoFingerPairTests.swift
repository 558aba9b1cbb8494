@testable import GestureEngine
import GestureTesting
import Testing

/// The two-finger drivers' quiet moves (`quietMovesUntilPaired`, TwoFingerPair.swift): a pinch or
/// rotation whose pair has not formed does nothing with a move, so the engine leaves such moves out
/// of a step of moves only, and delivers them again once the pair forms.
@Suite("Two-finger drivers: moves before the pair forms")
struct TwoFingerPairTests {
    struct Driver: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable () -> GestureRecognizer
        var testDescription: String { name }
    }

    static let drivers = [
        Driver(name: "pinch") { PinchGestureRecognizer(name: "pinch") },
        Driver(name: "rotation") { RotationGestureRecognizer(name: "rotation") },
    ]

    /// One finger moves five times alone; the second lands in the same step as a move of the first
    /// (so the moves after it in that step count); then both move apart and around.
    static func run(_ driver: Driver, plain: Bool) -> (log: [String], values: [String], skipped: Int) {
        let h = GestureHarness()
        h.environment.usesPlainPaths = plain
        h.add(driver.make())
        h.send(0, (1, .began, 100, 200))
        for i in 1...5 { h.send(0.01 * Double(i), (1, .moved, 100 + 3 * Double(i), 200)) }
        h.send(0.06, (1, .moved, 118, 200), (2, .began, 220, 200), (1, .moved, 121, 203))
        for i in 1...8 {
            let s = Double(i)
            h.send(0.06 + 0.01 * s, (1, .moved, 121 - 4 * s, 203 - 3 * s), (2, .moved, 220 + 4 * s, 200 + 5 * s))
        }
        h.send(0.2, (1, .ended, 89, 179), (2, .ended, 252, 240))
        h.finish()
        return (h.log, h.transitions.map { String(describing: $0.values) }, h.environment.skippedQuietMoves)
    }

    @Test("the moves left out change nothing: the same transitions and values as the plain path", arguments: drivers)
    func sameAsPlainPath(_ driver: Driver) throws {
        let fast = Self.run(driver, plain: false)
        let plain = Self.run(driver, plain: true)
        #expect(fast.log == plain.log)
        #expect(fast.values == plain.values)
        // It began: the moves after the pair formed were delivered.
        #expect(fast.log.contains { $0.hasPrefix("\(driver.name) began @") })
        // The five lone moves were left out; the step where the second finger lands is delivered whole.
        #expect(fast.skipped == 5)
        #expect(plain.skipped == 0)
    }

    @Test("a subclass gets every move: only the engine's own classes declare them quiet", arguments: [false, true])
    func subclassGetsEveryMove(rotation: Bool) {
        final class CountingPinch: PinchGestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                moves += 1
                super.touchesMoved(touches, with: event)
            }
        }
        final class CountingRotation: RotationGestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
                moves += 1
                super.touchesMoved(touches, with: event)
            }
        }
        let h = GestureHarness()
        let pinch = CountingPinch(name: "pinch")
        let turn = CountingRotation(name: "rotation")
        if rotation { h.add(turn) } else { h.add(pinch) }
        h.send(0, (1, .began, 100, 200))
        for i in 1...4 { h.send(0.01 * Double(i), (1, .moved, 100 + 3 * Double(i), 200)) }
        #expect((rotation ? turn.moves : pinch.moves) == 4)
        #expect(h.environment.skippedQuietMoves == 0)
    }
}
