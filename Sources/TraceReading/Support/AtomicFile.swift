import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the tool writes a file it was asked to write (`convert -o`, `render -o`, `synth -o`,
/// `--junit`, `--html`, `--update`'s golden files): docs/robustness.md, "Output files".
///
/// - A regular file (or a new one) is replaced atomically: the bytes go to a temporary file beside
///   it, created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`, a name with the process id, a counter
///   and a random part, so a file or symbolic link planted under a guessed name is never opened),
///   then renamed over it. A reader sees the old file or the new one, never a part. The new file
///   keeps the old one's permission bits (and, when the process may, its owner and group); a new
///   file gets `0666` less the umask, as the shell's `>` gives.
/// - A symbolic link is followed and its target replaced (the link stays); a loop of links is an
///   error (`ELOOP`).
/// - Anything else (a device such as `/dev/null` or `/dev/full`, a FIFO, a socket) is written
///   through, never replaced; a path that is the process's standard output or standard error
///   (`/dev/stdout`, `/proc/self/fd/1`, a file the output is redirected to) is written to that
///   descriptor, after what was already written there.
/// - An existing file that is read-only (no write permission bit, such as a 0444 golden, or one the
///   user may not write) and a folder are errors (exit 74). Whether the path may be written at all
///   (not one of the run's inputs, not another output) is decided before, by ``RunFiles/check()``.
/// - A signal that ends the process while a temporary file exists (SIGINT, SIGTERM, SIGHUP,
///   SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU: ``TemporaryFiles/signals``)
///   removes it before the process ends by that signal (unless the process handles the signal
///   itself, as a live `convert` does to complete its file).
///
/// Every failure is an error naming the path with exit 74 (`ioError`); nothing is ever left
/// half-written under the target's name.
package final class AtomicFile {
    /// The path as given (for messages).
    package let path: String
    /// Where the bytes go: the temporary file, or the written-through file.
    package let fileDescriptor: Int32
    /// The temporary file and the file it replaces; nil when written through.
    private let replacement: (temporary: String, target: String, slot: Int)?
    private let ownsDescriptor: Bool
    private var done = false

    /// Opens `path` for writing as described above.
    package init(_ path: String) throws(TraceError) {
        self.path = path
        guard !path.isEmpty else { throw .usage("an output file name is empty") }
        var st = stat()
        // The process's own standard output or error, by any name: written to that descriptor, in
        // order with what the command printed there (`--junit /dev/stdout > out.txt`).
        if stat(path, &st) == 0 {
            for fd: Int32 in [1, 2] {
                var own = stat()
                if fstat(fd, &own) == 0 && own.st_dev == st.st_dev && own.st_ino == st.st_ino
                    && (st.st_mode & S_IFMT) != S_IFDIR
                {
                    fileDescriptor = fd
                    replacement = nil
                    ownsDescriptor = false
                    return
                }
            }
        }
        let target = try Self.resolvingSymbolicLinks(path)
        var mode: mode_t = 0o666 & ~Self.umaskValue
        var owner: (uid_t, gid_t)?
        if stat(target, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                // A file without any write permission (a 0444 golden) is kept, also for root.
                if st.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
                    throw .ioError(path, "cannot write: \(Self.errorText(EACCES)) (the file is read-only)")
                }
                mode = st.st_mode & 0o7777
                owner = (st.st_uid, st.st_gid)
            case S_IFDIR:
                throw .ioError(path, "cannot write: it is a folder")
            default:
                // A device, FIFO or socket: written through (opening a FIFO waits for its reader,
                // as the shell's `>` does).
                var fd: Int32
                repeat { fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
                guard fd >= 0 else { throw .ioError(path, "cannot open: \(Self.errorText(errno))") }
                fileDescriptor = fd
                replacement = nil
                ownsDescriptor = true
                return
            }
        } else if errno != ENOENT {
            throw .ioError(path, "cannot write: \(Self.errorText(errno))")
        }
        // The temporary file: exclusive, never through a link; retried under a new name if one
        // is taken (planted, or left by an interrupted run).
        var fd: Int32 = -1
        var temporary = ""
        // The handlers first, and the signals held while the file is created and recorded: a
        // signal between the two would leave it behind.
        TemporaryFiles.installHandlers()
        var held = TemporaryFiles.signalSet
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        for _ in 0..<64 {
            let serial = Self.counter.wrappingAdd(1, ordering: .relaxed).oldValue
            let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
            temporary = target + ".tmp-\(getpid())-\(serial)-\(random)"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .ioError(path, "cannot create: \(Self.errorText(errno))") }
        let slot = TemporaryFiles.register(temporary)
        if let owner, geteuid() == 0 || owner.0 == geteuid() { _ = fchown(fd, owner.0, owner.1) }
        _ = fchmod(fd, mode)
        fileDescriptor = fd
        replacement = (temporary, target, slot)
        ownsDescriptor = true
    }

    deinit { discard() }

    /// Completes the file: for a replacement, `fsync` and the rename over the target. `writeError`
    /// is the `errno` of a failed write into ``fileDescriptor`` (0: none), reported here.
    package func commit(writeError: Int32 = 0) throws(TraceError) {
        guard !done else { return }
        done = true
        var error = writeError
        if let replacement {
            if error == 0 && fsync(fileDescriptor) != 0 { error = errno }
            close(fileDescriptor)
            if error == 0 && rename(replacement.temporary, replacement.target) != 0 { error = errno }
            if error != 0 { unlink(replacement.temporary) }
            TemporaryFiles.unregister(replacement.slot)
        } else if ownsDescriptor {
            close(fileDescriptor)
        }
        if error != 0 { throw .ioError(path, "cannot write: \(Self.errorText(error))") }
    }

    /// Abandons the file: a temporary file is removed, the target is left as it was.
    package func discard() {
        guard !done else { return }
        done = true
        if let replacement {
            close(fileDescriptor)
            unlink(replacement.temporary)
            TemporaryFiles.unregister(replacement.slot)
        } else if ownsDescriptor {
            close(fileDescriptor)
        }
    }

    /// Writes all of `text` to the file (the whole-text writers); 0 or the failed write's `errno`.
    package func writeAll(_ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let n = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    /// `path` with symbolic links followed to the file they name (which may not exist yet); more
    /// than 40 links (the kernel's limit), a loop, is `ELOOP`.
    static func resolvingSymbolicLinks(_ path: String) throws(TraceError) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                current = (current.lastIndex(of: "/").map { String(current[...$0]) } ?? "") + link
            }
        }
        throw .ioError(path, "cannot write: \(errorText(ELOOP))")
    }

    /// Numbers the temporary files of this process, so that two writes at once never share one.
    private static let counter = Atomic<Int>(0)

    private static let umaskValue: mode_t = {
        let old = umask(0o022)
        umask(old)
        return old
    }()

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// The temporary files being written, for the signal handler that removes them: a fixed table of
/// C strings (no allocation and no lock in the handler, which only reads it and calls `unlink`).
enum TemporaryFiles {
    static let slots = 64
    static let pathCapacity = Int(PATH_MAX) + 1
    /// Per slot: 0 free, 1 being filled or emptied, 2 holds a path.
    nonisolated(unsafe) static let states: UnsafeMutablePointer<Atomic<Int>> = {
        let p = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slots)
        for i in 0..<slots { (p + i).initialize(to: Atomic(0)) }
        return p
    }()
    nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slots * pathCapacity)
    private static let installed = Atomic<Bool>(false)

    /// Records `path`; the slot to unregister, or -1 when the table is full or the path too long
    /// (the file is then only removed on errors, not on a signal).
    static func register(_ path: String) -> Int {
        installHandlers()
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return -1 }
        for slot in 0..<slots where states[slot].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            let p = paths + slot * pathCapacity
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            states[slot].store(2, ordering: .releasing)
            return slot
        }
        return -1
    }

    static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        states[slot].store(0, ordering: .releasing)
    }

    /// The signals whose default action ends the process and that a handler may catch: the
    /// keyboard's (SIGINT, SIGQUIT), a closed pipe's (SIGPIPE: `2>&1 | head` closes standard error
    /// under a `convert -o`), kill's and timers'. Not SIGKILL and SIGSTOP (they cannot be caught),
    /// nor SIGXFSZ (a file size limit: the write fails and its error removes the file) and the
    /// crash signals.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU]

    /// ``signals`` as a set.
    static var signalSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        return set
    }

    /// Installs the handlers for ``signals`` that are at their default action (once; a handler
    /// the process set, the live replay's, is left alone; an ignored signal stays ignored).
    static func installHandlers() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for sig in signals {
            var old = sigaction()
            var action = sigaction()
            #if canImport(Glibc)
            guard sigaction(sig, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil else { continue }
            action.__sigaction_handler.sa_handler = temporaryFileSignalHandler
            #else
            guard sigaction(sig, nil, &old) == 0, old.__sigaction_u.__sa_handler == nil else { continue }
            action.__sigaction_u.__sa_handler = temporaryFileSignalHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// Removes every registered temporary file (async-signal-safe: loads and `unlink`).
    static func removeAll() {
        for slot in 0..<slots where states[slot].load(ordering: .acquiring) == 2 {
            unlink(paths + slot * pathCapacity)
        }
    }
}

/// Removes the temporary files, then ends the process by the signal's default action.
private func temporaryFileSignalHandler(_ number: Int32) {
    TemporaryFiles.removeAll()
    signal(number, SIG_DFL)
    raise(number)
}
