import GestureEngine
import GestureTesting
import GestureUIKit
import TestSupport
import Testing

/// The `touches` a UIKit recognizer's touch method gets: a finger moving on gets the last
/// delivery's set again instead of a new one (`UIGestureRecognizer.touchSet`); the set must be
/// the one the plain path makes (`UIEvent.touches(for:)`, a new set of the touches' UIKit objects
/// each call), whatever fingers begin, move, lift or are cancelled around it.
@Suite struct UIKitTouchSetTests {
    /// Records, for each touch method, whether `touches` was the set the plain path gives.
    final class SetProbe: UIGestureRecognizer {
        var calls = 0
        var mismatches: [String] = []

        private func check(_ touches: Set<UITouch>, _ event: UIEvent, _ phase: UITouch.Phase, _ method: String) {
            calls += 1
            // The recognizer's touches in this phase: the others are stationary or in another phase.
            let plain = (event.touches(for: self) ?? []).filter { $0.phase == phase }
            let ids = Set(touches.map(ObjectIdentifier.init)), plainIDs = Set(plain.map(ObjectIdentifier.init))
            if ids != plainIDs || touches.contains(where: { $0.phase != phase }) {
                mismatches.append("\(method) at \(event.timestamp): \(touches.count) touches, plain path \(plain.count)")
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { check(touches, event, .began, "began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { check(touches, event, .moved, "moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { check(touches, event, .ended, "ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
            check(touches, event, .cancelled, "cancelled")
        }
    }

    @Test(arguments: 0..<40)
    func theSetOfAMoveIsThePlainPathsSet(seed: UInt64) throws {
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let h = GestureHarness(root: window.engineView)
        let probe = SetProbe()
        probe.name = "probe"
        window.addGestureRecognizer(probe)
        var random = SplitMix64(seed: seed)
        var down: [Int: (x: Double, y: Double)] = [:]
        var nextID = 1
        var t = 0.0
        for _ in 0..<60 {
            t += 0.01
            let roll = random.next() % 10
            if down.isEmpty || (roll < 2 && down.count < 3) {
                let p = (x: Double(random.next() % 300) + 50, y: Double(random.next() % 600) + 50)
                down[nextID] = p
                h.send(t, (nextID, .began, p.x, p.y))
                nextID += 1
            } else if roll < 3 {
                let id = down.keys.sorted()[Int(random.next() % UInt64(down.count))]
                let p = down.removeValue(forKey: id)!
                h.send(t, (id, roll == 2 && random.next() % 4 == 0 ? .cancelled : .ended, p.x, p.y))
            } else {
                // Some or all fingers move (a subset changes the set; all of them again keeps it).
                let ids = down.keys.sorted().filter { _ in down.count == 1 || random.next() % 3 != 0 }
                let changes: [TouchChange] = ids.map { id in
                    let p = down[id]!
                    down[id] = (x: p.x + 1, y: p.y + 2)
                    return TouchChange(id: id, phase: .moved, location: Point(x: p.x + 1, y: p.y + 2))
                }
                if !changes.isEmpty { h.send(changes, at: t) }
            }
        }
        for (id, p) in down.sorted(by: { $0.key < $1.key }) { h.send(t + 0.01, (id, .ended, p.x, p.y)) }
        h.finish()
        #expect(probe.calls > 40)
        #expect(probe.mismatches == [], "seed \(seed)")
    }

    /// UIKit reports a touch down that an event did not change as `.stationary`: while one finger
    /// moves, the other in `event.allTouches` (UITouchPhaseStationary).
    @Test func aFingerTheEventDidNotChangeIsStationary() throws {
        final class PhaseProbe: UIGestureRecognizer {
            var seen: [[UITouch.Phase]] = []
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                seen.append((event.allTouches ?? []).sorted { $0.timestamp < $1.timestamp }.map(\.phase))
            }
        }
        let window = UIWindow(name: "window", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let h = GestureHarness(root: window.engineView)
        let probe = PhaseProbe()
        window.addGestureRecognizer(probe)
        h.send(0, (1, .began, 100, 100))
        h.send(0.1, (2, .began, 200, 200))
        h.send(0.2, (2, .moved, 210, 200))  // finger 1 rests
        h.send(0.3, (1, .moved, 110, 100), (2, .moved, 220, 200))
        h.send(0.4, (1, .ended, 110, 100), (2, .ended, 220, 200))
        // Sorted by the time each touch last changed: the resting finger first.
        #expect(probe.seen == [[.stationary, .moved], [.moved, .moved]])
    }
}
