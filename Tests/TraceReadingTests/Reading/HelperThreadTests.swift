#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import TraceReading

/// `HelperThread`: pieces of work stepped in turns, one unit each per round, until each says it is
/// done; a piece with nothing to do sleeps until woken instead of being stepped again and again.
@Suite("One helper thread for several pieces of work")
struct HelperThreadTests {
    @Test("pieces of work take turns, one unit each, and finish() waits until every one is done")
    func turns() throws {
        let helper = try #require(HelperThread())
        let log = Mutex<[String]>([])
        // Added while the thread may already be running the first: B joins in a later round.
        let gate = Atomic<Bool>(false)
        var a = 0
        helper.add {
            guard gate.load(ordering: .acquiring) else { return .idle }
            a += 1
            log.withLock { $0.append("a\(a)") }
            return a == 5 ? .done : .worked
        }
        var b = 0
        helper.add {
            b += 1
            log.withLock { $0.append("b\(b)") }
            return b == 3 ? .done : .worked
        }
        gate.store(true, ordering: .releasing)
        helper.wake()
        helper.finish()
        let steps = log.withLock { $0 }
        #expect(steps.filter { $0.hasPrefix("a") } == ["a1", "a2", "a3", "a4", "a5"])
        #expect(steps.filter { $0.hasPrefix("b") } == ["b1", "b2", "b3"])
        // Turns: while both have work, neither takes two units in a row. Both have work from the
        // later of their first units: a round that began before B was added, or while A's gate was
        // still closed, may step A or B alone (seen under load: "a1 a2 b1 ...").
        let firstA = try #require(steps.firstIndex(of: "a1"))
        let firstB = try #require(steps.firstIndex(of: "b1"))
        let lastB = try #require(steps.firstIndex(of: "b3"))
        let start = max(firstA, firstB)
        if lastB > start {
            let both = steps[start...lastB]
            for (x, y) in zip(both, both.dropFirst()) { #expect(x.first != y.first, "\(steps)") }
        }
    }

    @Test("a piece with nothing to do sleeps until woken, then runs")
    func sleepsWhenIdle() throws {
        let helper = try #require(HelperThread())
        let ready = Atomic<Bool>(false)
        let steps = Atomic<Int>(0)
        helper.add {
            steps.add(1, ordering: .relaxed)
            return ready.load(ordering: .acquiring) ? .done : .idle
        }
        // The first step, however long a loaded machine takes to run the thread (up to 10 s).
        var waited = 0
        while steps.load(ordering: .relaxed) == 0 && waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        let first = steps.load(ordering: .relaxed)
        #expect(first >= 1, "never stepped")
        // Then 50 ms with nothing to do: a thread stepping it over and over would count thousands.
        usleep(50_000)
        let whileIdle = steps.load(ordering: .relaxed)
        #expect(whileIdle - first <= 2, "stepped \(whileIdle - first) more times while it had nothing to do")
        ready.store(true, ordering: .releasing)
        helper.wake()
        helper.finish()
        #expect(steps.load(ordering: .relaxed) == whileIdle + 1)
    }

    @Test("finish() with no work added ends the thread")
    func finishWithoutWork() throws {
        let helper = try #require(HelperThread())
        helper.finish()
    }
}
