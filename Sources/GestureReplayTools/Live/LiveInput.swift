#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReplay

/// What a live input waits for between its reads (docs/live.md). A ``ByteSource`` on an input that
/// can stall (a pipe, terminal, socket or FIFO) calls ``LiveWaiter/waitForInput(_:)`` before each
/// `read`; files are never given one and read exactly as before.
protocol LiveWaiterDelegate: AnyObject {
    /// The absolute monotonic time (seconds) at which ``wake(at:waitStarted:)`` has work to do
    /// while no byte arrives (`.infinity`: none), for a wait that began at `waitStarted`.
    func nextWakeup(waitStarted: Double) -> Double
    /// No byte arrived until `now` (a wait that began at `waitStarted`): complete an idle frame,
    /// fire the timers that are due.
    func wake(at now: Double, waitStarted: Double)
    /// About to block for input: write pending output. Returns false when the output is gone (a
    /// closed pipe), which ends the input.
    func willBlock() -> Bool
}

/// Waits for a live input with `poll(2)`: on the input and on the signal pipe (``LiveSignals``),
/// waking the delegate at its deadlines (idle frames, timers).
final class LiveWaiter: LiveInputWaiter {
    unowned(unsafe) var delegate: LiveWaiterDelegate?
    /// The idle time (seconds) the first lines of the input may wait while the format is sniffed.
    let idleTime: Double
    /// True once a signal or a closed output ended the input.
    private(set) var stopped = false

    init(idleTime: Double) {
        self.idleTime = idleTime
    }

    /// Blocks until `fd` has bytes (or end of input, or an error) and returns true; returns false
    /// when the input is to end now (SIGINT/SIGTERM, or the output was closed).
    func waitForInput(_ fd: Int32) -> Bool {
        if stopped { return false }
        if LiveSignals.received != 0 {
            stopped = true
            return false
        }
        // Bytes already waiting (a fast producer, `cat big.csv |`): read them without a flush.
        if Self.waitReadable(fd, timeoutMilliseconds: 0) { return true }
        let started = monotonicSeconds()
        while true {
            if let delegate, !delegate.willBlock() {
                stopped = true
                return false
            }
            let wakeup = delegate?.nextWakeup(waitStarted: started) ?? .infinity
            var timeout: Int32 = -1
            if wakeup.isFinite {
                let ms = (wakeup - monotonicSeconds()) * 1000
                timeout = ms <= 0 ? 0 : Int32(min(ms.rounded(.up), 3_600_000))
            }
            let ready = Self.waitReadable(fd, timeoutMilliseconds: timeout)
            if LiveSignals.received != 0 {
                stopped = true
                return false
            }
            if ready { return true }
            let now = monotonicSeconds()
            if now >= wakeup { delegate?.wake(at: now, waitStarted: started) }
        }
    }

    /// Whether more bytes arrive on `fd` within the idle time (the sniffing of live input stops
    /// after the first complete line once the input pauses). False on a signal.
    func moreArrivesSoon(_ fd: Int32) -> Bool {
        if stopped || LiveSignals.received != 0 { return false }
        return Self.waitReadable(fd, timeoutMilliseconds: Int32((idleTime * 1000).rounded(.up)))
    }

    func isIdleNow(_ fd: Int32) -> Bool {
        !Self.waitReadable(fd, timeoutMilliseconds: 0)
    }

    /// Polls `fd` for input and the signal pipe; true when `fd` is readable (or at its end, or in
    /// error: the `read` that follows says which). `timeoutMilliseconds` -1 waits without limit.
    static func waitReadable(_ fd: Int32, timeoutMilliseconds: Int32) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: LiveSignals.pipeReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        let count = nfds_t(LiveSignals.pipeReadEnd >= 0 ? 2 : 1)
        let n = poll(&fds, count, timeoutMilliseconds)
        if n < 0 { return false }  // EINTR: a signal; the caller looks at the flag
        return fds[0].revents != 0
    }

    /// Whether `fd` can stall: a pipe, FIFO, socket or terminal (not a regular file, a block
    /// device or another character device such as `/dev/null`, which never wait).
    static func canStall(_ fd: Int32) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || (type == S_IFCHR && isatty(fd) != 0)
    }
}

/// SIGINT and SIGTERM during a live replay: the handler only records the signal and writes one
/// byte to a pipe (both async-signal-safe); the poll loop sees the pipe, ends the input as if it
/// had closed, and the replay finishes normally (touches still down are cancelled and reported).
/// The command then exits with 128 + the signal (130 for SIGINT, 143 for SIGTERM).
public enum LiveSignals {
    nonisolated(unsafe) static var pipeReadEnd: Int32 = -1
    nonisolated(unsafe) static var pipeWriteEnd: Int32 = -1
    nonisolated(unsafe) static var received: Int32 = 0

    /// The exit status for the signal that stopped a live replay, or nil when none did.
    public static var exitStatus: Int32? { received == 0 ? nil : 128 + received }

    /// Installs the handlers when one of `paths`, replayed with `options`, is read live (the
    /// `gesturereplay` command does; a library caller that wants Ctrl-C to end a live replay this
    /// way calls it too). A process whose replays are all of files keeps the default handlers.
    /// Returns whether one of `paths` is read live.
    @discardableResult
    public static func install(forReplayOf paths: [String], _ options: ReplayOptions) -> Bool {
        for path in paths {
            if LiveReplay.applies(path, options) {
                install()
                return true
            }
        }
        return false
    }

    /// Installs the handlers for a long computation that Ctrl-C (or SIGTERM) should end early but
    /// cleanly (`gesturereplay shrink` writes its best trace so far): it polls ``exitStatus``.
    public static func installForInterruption() {
        install()
    }

    /// Installs the handlers (once).
    static func install() {
        guard pipeReadEnd < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        pipeReadEnd = fds[0]
        pipeWriteEnd = fds[1]
        signal(SIGINT, liveSignalHandler)
        signal(SIGTERM, liveSignalHandler)
        // A parent may have started this process with them blocked (the mask is inherited).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}

/// Records the signal; async-signal-safe (a store and a `write`).
/// A second signal (the replay stuck on a full output pipe, say) is not caught: the default
/// action ends the process at once.
private func liveSignalHandler(_ number: Int32) {
    if LiveSignals.received != 0 {
        signal(number, SIG_DFL)
        raise(number)
        return
    }
    LiveSignals.received = number
    var byte: UInt8 = 1
    _ = write(LiveSignals.pipeWriteEnd, &byte, 1)
}
