#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe fed from a thread in chunks of given sizes, each written only once the previous one has
/// been read: every `read(2)` on the other end returns at most one chunk, so a reader sees the input
/// split exactly there (as standard input fed by a slow producer would be).
///
/// The reading side is `path` (`/dev/fd/N`), which opens a new descriptor onto the pipe.
final class ChunkedPipe {
    let path: String
    private let readEnd: Int32
    private var thread: pthread_t?

    private final class Feed {
        let fd: Int32
        let bytes: [UInt8]
        let chunks: [Int]
        init(fd: Int32, bytes: [UInt8], chunks: [Int]) {
            self.fd = fd
            self.bytes = bytes
            self.chunks = chunks
        }

        func run() {
            defer { close(fd) }
            var offset = 0
            for size in chunks where offset < bytes.count {
                let end = size >= bytes.count - offset ? bytes.count : offset + size
                while offset < end {
                    let n = bytes[offset..<end].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return }
                    offset += n
                }
                // Wait until the reader has taken the chunk (a second or so at most: a reader that
                // stopped early).
                var waited = 0
                while waited < 20_000 {
                    var pending: Int32 = 0
                    if ioctl(fd, UInt(FIONREAD), &pending) != 0 || pending == 0 { break }
                    var pause = timespec(tv_sec: 0, tv_nsec: 10_000)
                    nanosleep(&pause, nil)
                    waited += 1
                }
            }
        }
    }

    /// Starts feeding `bytes` in `chunks` (sizes; the last chunk takes whatever is left).
    init(bytes: [UInt8], chunks: [Int]) {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "pipe failed")
        // Not inherited by processes other tests start meanwhile (they would hold the pipe open).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = fds[0]
        path = "/dev/fd/\(fds[0])"
        var sizes = chunks
        sizes.append(Int.max)
        let feed = Unmanaged.passRetained(Feed(fd: fds[1], bytes: bytes, chunks: sizes))
        var t = pthread_t()
        let started = pthread_create(
            &t, nil,
            { context in
                let feed = Unmanaged<Feed>.fromOpaque(context!).takeRetainedValue()
                feed.run()
                return nil
            }, feed.toOpaque())
        precondition(started == 0, "pthread_create failed")
        thread = t
    }

    /// Waits for the feeding thread and closes the pipe.
    func finish() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
        close(readEnd)
    }

    deinit { finish() }
}
