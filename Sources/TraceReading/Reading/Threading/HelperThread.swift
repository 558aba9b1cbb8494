#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One thread that runs a replay's background work, the reading (``ThreadedFrameReader``) and
/// TraceReplay's formatting, in turns: one unit of each (a batch of rows, a block of output) per
/// round, and asleep when neither has any.
///
/// Why: on a machine with two cores, a replay with a reading thread and a formatting thread has
/// three threads for two cores. Linux places a thread woken by the replay's thread (a batch
/// released, a block handed over) on the replay's own core when the other core is busy with the
/// other helper, and the replay, the bottleneck, loses its core for a while. With the two helpers
/// as one thread there are two threads for two cores (docs/performance.md, "One helper thread on
/// two cores": JSON Lines and JSON input ~15 % faster there). With more cores each helper keeps a
/// thread of its own (``ReaderThreading/sharesHelperThread``).
///
/// Work is added with ``add(_:)``: a step that does one unit and says whether it did, had nothing
/// to do yet, or is done for good. A piece of work whose side gets more to do (a batch freed, a
/// block handed over) calls ``wake()``. ``finish()`` waits until every piece is done and the thread
/// has ended.
package final class HelperThread: @unchecked Sendable {
    /// What one step of a piece of work did.
    package enum Step {
        /// It did a unit of work (there may be more).
        case worked
        /// Nothing to do for now: it is woken (``HelperThread/wake()``) when there is.
        case idle
        /// Done for good: it is not stepped again.
        case done
    }

    private final class Work {
        let step: () -> Step
        init(_ step: @escaping () -> Step) { self.step = step }
    }

    // Guarded by `mutex`.
    private var work: [Work] = []
    /// Set by `wake()` and `add(_:)`, cleared when a round starts: a wake-up during a round is not lost.
    private var pending = false
    private var sleeping = false
    private var closing = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?
    /// How many helper threads this process started (tests check that a replay used one).
    package static let startedCount = Atomic<Int>(0)

    /// Starts the thread (idle until work is added); nil if no thread could be started.
    package init?() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wakeUp, nil)
        // The thread holds this object until it ends.
        guard let thread = startThread({ self.run() }) else { return nil }
        self.thread = thread
        Self.startedCount.add(1, ordering: .relaxed)
    }

    deinit {
        pthread_cond_destroy(wakeUp)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        wakeUp.deallocate()
    }

    /// Adds a piece of work: `step` is called on the thread, in turn with the others, until it
    /// returns ``Step/done``.
    package func add(_ step: @escaping () -> Step) {
        pthread_mutex_lock(mutex)
        work.append(Work(step))
        pending = true
        if sleeping { pthread_cond_signal(wakeUp) }
        pthread_mutex_unlock(mutex)
    }

    /// Some piece of work may have something to do now.
    package func wake() {
        pthread_mutex_lock(mutex)
        pending = true
        if sleeping { pthread_cond_signal(wakeUp) }
        pthread_mutex_unlock(mutex)
    }

    /// Waits until every piece of work is done, and joins the thread. No work may be added after.
    package func finish() {
        pthread_mutex_lock(mutex)
        closing = true
        pending = true
        if sleeping { pthread_cond_signal(wakeUp) }
        pthread_mutex_unlock(mutex)
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    private func run() {
        while true {
            pthread_mutex_lock(mutex)
            pending = false
            let round = work
            pthread_mutex_unlock(mutex)
            var worked = false
            var finished: [Work] = []
            for w in round {
                switch w.step() {
                case .worked: worked = true
                case .idle: break
                case .done: finished.append(w)
                }
            }
            pthread_mutex_lock(mutex)
            if !finished.isEmpty { work.removeAll { w in finished.contains { $0 === w } } }
            if work.isEmpty && closing {
                pthread_mutex_unlock(mutex)
                return
            }
            if !worked && finished.isEmpty {
                while !pending {
                    sleeping = true
                    pthread_cond_wait(wakeUp, mutex)
                    sleeping = false
                }
            }
            pthread_mutex_unlock(mutex)
        }
    }
}
