import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small whole-file helpers for golden files and reports (not for traces, which are streamed).
package enum FileIO {
    /// The file's bytes as UTF-8 text, or nil if it does not exist.
    package static func readText(_ path: String) throws(TraceError) -> String? {
        let fd = open(path, O_RDONLY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .cannotOpen(path, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        // Read straight into one buffer sized from fstat (grown if the file is longer): no
        // zero-filled chunk and no generic slice copy per call (`test` reads a golden file per trace).
        var st = stat()
        let hint = fstat(fd, &st) == 0 && st.st_size > 0 ? Int(st.st_size) : 0
        var capacity = max(hint + 1, 4096)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var count = 0
        while true {
            if count == capacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                grown.initialize(from: buffer, count: count)
                buffer.deallocate()
                buffer = grown
                capacity *= 2
            }
            let n = read(fd, buffer + count, capacity - count)
            if n < 0 {
                if errno == EINTR { continue }
                throw .ioError(path, "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            count += n
        }
        return String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
    }

    /// True when something (a file, a folder, ...) exists at `path` (symbolic links followed).
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// Numbers the temporary files of this process, so that two writes at once never share one.
    private static let temporaryCounter = Atomic<Int>(0)

    /// Writes `text` to `path`. A regular file (or a new one) is replaced atomically: the text goes
    /// to a new temporary file beside it (named with the process id and a counter, created
    /// exclusively), which is then renamed over it, so an interrupted write never leaves a
    /// half-written file. A symbolic link is followed and its target replaced (the link stays).
    /// Anything else (a device such as `/dev/stdout` or `/dev/full`, a FIFO) is written through,
    /// never replaced. Any write error is thrown (`ioError`, exit 74).
    package static func writeAtomically(_ text: String, to path: String) throws(TraceError) {
        let target = resolvingSymbolicLinks(path)
        var st = stat()
        if stat(target, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw .cannotOpen(path, "cannot write: it is a folder")
            default: return try writeThrough(text, to: path)
            }
        }
        let temporary = target + ".tmp-\(getpid())-\(temporaryCounter.wrappingAdd(1, ordering: .relaxed).oldValue)"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path, "cannot create: \(String(cString: strerror(errno)))") }
        var error = writeAll(text, to: fd)
        if error == 0 && fsync(fd) != 0 { error = errno }
        close(fd)
        if error == 0 && rename(temporary, target) != 0 { error = errno }
        if error != 0 {
            unlink(temporary)
            throw .ioError(path, "cannot write: \(String(cString: strerror(error)))")
        }
    }

    /// Writes `text` into the existing non-regular file at `path` (a device, a FIFO).
    private static func writeThrough(_ text: String, to path: String) throws(TraceError) {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw .cannotOpen(path, "cannot open: \(String(cString: strerror(errno)))") }
        let error = writeAll(text, to: fd)
        close(fd)
        if error != 0 { throw .ioError(path, "cannot write: \(String(cString: strerror(error)))") }
    }

    /// Writes all of `text` to `fd`; returns 0, or the `errno` of the write that failed.
    private static func writeAll(_ text: String, to fd: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    /// `path` with symbolic links followed to the file they name (which may not exist yet); at most
    /// 40 links, as the kernel allows.
    static func resolvingSymbolicLinks(_ path: String) -> String {
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
        return current
    }

    /// Regular files under `path` (recursively, sorted by path), or `path` itself if it is a file.
    package static func files(under path: String) throws(TraceError) -> [String] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw .cannotOpen(path, "no such file or folder") }
        if (st.st_mode & S_IFMT) != S_IFDIR { return [path] }
        var result: [String] = []
        guard let dir = opendir(path) else { throw .cannotOpen(path, "cannot read folder: \(String(cString: strerror(errno)))") }
        defer { closedir(dir) }
        // Each child with whether the directory entry already says it is not a folder (nor a
        // link, nor unknown): those need no stat of their own (a suite of 10,000 traces and their
        // goldens made 20,000 stat calls to learn it).
        var children: [(path: String, isPlainFile: Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                return String(
                    decoding: UnsafeBufferPointer(
                        start: base, count: strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)), as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let type = entry.pointee.d_type
            let isPlainFile = type != UInt8(DT_DIR) && type != UInt8(DT_LNK) && type != UInt8(DT_UNKNOWN)
            children.append((path.hasSuffix("/") ? path + name : path + "/" + name, isPlainFile))
        }
        for child in children.sorted(by: { $0.path < $1.path }) {
            if child.isPlainFile {
                result.append(child.path)
            } else {
                result += try files(under: child.path)
            }
        }
        return result
    }
}

extension String {
    /// The index of the last `byte` (an ASCII character such as `/` or `.`), found over the UTF-8
    /// view: `lastIndex(of: Character)` walks grapheme clusters, ~60 instructions a character,
    /// and `test` looks for slashes and dots in a few paths per trace.
    package func lastIndex(ofASCII byte: UInt8) -> String.Index? {
        utf8.lastIndex(of: byte)
    }
}
