@testable import GestureEngine
import Testing
import TestSupport

/// `TimerQueue` (a heap with lazily dropped cancellations, issue 30 #17) against the plainest
/// model of what it promises: a list searched in full, fired by earliest deadline then first
/// scheduled, a cancel removing one timer, a reset removing all of one owner's.
@Suite("Timer queue")
struct TimerQueueTests {
    /// The model: every pending timer in a list.
    struct Model {
        struct Timer {
            let deadline: Double
            let sequence: Int
            let owner: Int?
        }
        var pending: [Timer] = []

        mutating func popDue(atOrBefore time: Double) -> Timer? {
            let due = pending.indices.filter { pending[$0].deadline <= time }
            guard
                let best = due.min(by: {
                    (pending[$0].deadline, pending[$0].sequence) < (pending[$1].deadline, pending[$1].sequence)
                })
            else { return nil }
            return pending.remove(at: best)
        }

        var nextDeadline: Double? { pending.map(\.deadline).min() }
    }

    @Test("random schedules, cancels, resets and pops: the same timers fire in the same order as the model's", arguments: 0..<4)
    func matchesTheModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let owners = (0..<5).map { GestureRecognizer(name: "owner \($0)") }
        var queue = TimerQueue()
        var model = Model()
        var tokens: [(token: TimerToken, sequence: Int)] = []
        var fired: [Int] = []
        var expectedFired: [Int] = []
        var now = 0.0
        var popped = 0
        for _ in 0..<TestScale.count(20_000, multipleOf: 100) {
            switch random.next() % 10 {
            case 0...3:
                // Deadlines on a coarse grid, so many are equal and the sequence decides.
                let deadline = now + Double(random.next() % 20) * 0.05
                let ownerIndex = random.next() % 3 == 0 ? nil : Int(random.next() % UInt64(owners.count))
                var sequence = 0
                let token = queue.schedule(at: deadline, owner: ownerIndex.map { owners[$0] }) { fired.append(sequence) }
                sequence = token.value
                tokens.append((token, sequence))
                model.pending.append(Model.Timer(deadline: deadline, sequence: sequence, owner: ownerIndex))
            case 4, 5:
                guard !tokens.isEmpty else { continue }
                let (token, sequence) = tokens[Int(random.next() % UInt64(tokens.count))]
                queue.cancel(token)
                model.pending.removeAll { $0.sequence == sequence }
            case 6:
                let ownerIndex = Int(random.next() % UInt64(owners.count))
                queue.cancelAll(ownedBy: owners[ownerIndex])
                model.pending.removeAll { $0.owner == ownerIndex }
            default:
                now += Double(random.next() % 10) * 0.03
                while let entry = queue.popDue(atOrBefore: now) {
                    entry.action()
                    popped += 1
                }
                while let expected = model.popDue(atOrBefore: now) { expectedFired.append(expected.sequence) }
            }
            #expect(queue.liveCount == model.pending.count)
        }
        #expect(queue.nextDeadline() == model.nextDeadline)
        #expect(fired == expectedFired)
        #expect(popped > 100)
        // Stale items never outnumber the live timers by much.
        #expect(queue.storedCount <= max(64, 2 * queue.liveCount) + 1)
    }

    @Test("cancelling 100,000 far-off timers one by one keeps the queue small")
    func cancelledTimersDoNotAccumulate() {
        let owner = GestureRecognizer(name: "owner")
        var queue = TimerQueue()
        for i in 0..<100_000 {
            let token = queue.schedule(at: 1e9 + Double(i), owner: i % 2 == 0 ? owner : nil) {}
            queue.cancel(token)
        }
        #expect(queue.liveCount == 0)
        #expect(queue.storedCount <= 65)
        for i in 0..<100_000 { _ = queue.schedule(at: 1e9 + Double(i), owner: owner) {} }
        queue.cancelAll(ownedBy: owner)
        #expect(queue.liveCount == 0)
        #expect(queue.nextDeadline() == nil)
        #expect(queue.storedCount == 0)
    }

    @Test("a timer scheduled while its owner resets (inside reset()) survives the reset, as before")
    func scheduledDuringResetSurvives() {
        let owner = GestureRecognizer(name: "owner")
        var queue = TimerQueue()
        _ = queue.schedule(at: 1, owner: owner) {}
        queue.cancelAll(ownedBy: owner)
        var ran = false
        _ = queue.schedule(at: 2, owner: owner) { ran = true }
        queue.popDue(atOrBefore: 5)?.action()
        #expect(ran)
        #expect(queue.isEmpty)
    }

    @Test("a deadline that is not a number never fires and is not the next deadline")
    func notANumberNeverFires() {
        var queue = TimerQueue()
        let token = queue.schedule(at: .nan, owner: nil) {}
        #expect(queue.nextDeadline() == nil)
        #expect(queue.popDue(atOrBefore: .infinity) == nil)
        queue.cancel(token)
        #expect(queue.isEmpty)
    }
}
