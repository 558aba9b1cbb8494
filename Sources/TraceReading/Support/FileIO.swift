import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small whole-file helpers for golden files and reports (not for traces, which are streamed).
package enum FileIO {
    /// The largest file `readText` reads, in bytes (64 MiB): goldens, `--expect` files and `.args`
    /// files are read whole, so a bigger one (or an endless one, `/dev/zero`) is an error at its
    /// first byte past the limit instead of memory growing until the process dies.
    package static let maximumTextFileSize = 64 * 1024 * 1024

    /// The file's bytes as UTF-8 text, or nil if it does not exist. A file longer than
    /// `maximumBytes` (default ``maximumTextFileSize``) is an error positioned at its first byte
    /// past the limit; at most `maximumBytes + 1` bytes are held.
    package static func readText(_ path: String, maximumBytes: Int = maximumTextFileSize) throws(TraceError) -> String? {
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
        let limit = maximumBytes + 1
        var capacity = min(max(hint + 1, 4096), limit)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var count = 0
        while true {
            if count == capacity {
                if capacity == limit { throw tooLong(path, UnsafeBufferPointer(start: buffer, count: maximumBytes)) }
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: min(capacity * 2, limit))
                grown.initialize(from: buffer, count: count)
                buffer.deallocate()
                buffer = grown
                capacity = min(capacity * 2, limit)
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

    /// The error for a file longer than `read.count` bytes: at the line and column of its first
    /// byte past the limit.
    private static func tooLong(_ path: String, _ read: UnsafeBufferPointer<UInt8>) -> TraceError {
        var line = 1, lineStart = 0
        for (i, byte) in read.enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return .invalidTrace(
            "file longer than \(read.count) bytes (the largest golden, expectation or .args file gesturereplay reads)",
            at: SourceLocation(path: path, line: line, column: read.count - lineStart + 1))
    }

    /// True when something (a file, a folder, ...) exists at `path` (symbolic links followed).
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// True when `a` and `b` name the same file (the same device and inode, symbolic links
    /// followed): `x.JSON` and `x.json` on a file system that ignores letter case.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Writes `text` to `path` through ``AtomicFile`` (a regular file replaced atomically, keeping
    /// its mode; a symbolic link's target replaced; a device, FIFO or standard output written
    /// through; a folder, a loop of links or a read-only file refused). Any failure is thrown
    /// (`ioError`, exit 74). The caller has checked the run's files first (``RunFiles/check()``).
    package static func writeAtomically(_ text: String, to path: String) throws(TraceError) {
        let file = try AtomicFile(path)
        let error = file.writeAll(text)
        if error != 0 {
            file.discard()
            throw .ioError(path, "cannot write: \(String(cString: strerror(error)))")
        }
        try file.commit()
    }

    /// Regular files under `path` (recursively, sorted by path), or `path` itself if it is a file.
    /// `path` itself must exist (an error otherwise); an entry below it that cannot be walked is
    /// skipped with a warning to `warn` and the walk goes on (issue #30: one odd entry aborted a
    /// whole suite): a name that is not valid UTF-8, a folder reached again through a symbolic
    /// link (a loop), a dangling link or one in a loop, a folder that cannot be read.
    package static func files(under path: String, warn: (Diagnostic) -> Void = { _ in }) throws(TraceError) -> [String] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw .cannotOpen(path, "no such file or folder") }
        if (st.st_mode & S_IFMT) != S_IFDIR { return [path] }
        var result: [String] = []
        var ancestors: [(dev_t, ino_t)] = []
        guard walk(path, st, into: &result, ancestors: &ancestors, warn: warn) else {
            throw .cannotOpen(path, "cannot read folder: \(String(cString: strerror(errno)))")
        }
        return result
    }

    /// Adds the files under the folder `path` (whose `stat` is `st`); false when it cannot be opened.
    private static func walk(
        _ path: String, _ st: stat, into result: inout [String], ancestors: inout [(dev_t, ino_t)], warn: (Diagnostic) -> Void
    ) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        ancestors.append((st.st_dev, st.st_ino))
        defer { ancestors.removeLast() }
        // Each child with whether the directory entry already says it is not a folder (nor a
        // link, nor unknown): those need no stat of their own (a suite of 10,000 traces and their
        // goldens made 20,000 stat calls to learn it).
        var children: [(path: String, isPlainFile: Bool)] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)))
            }
            if bytes.first == UInt8(ascii: ".") { continue }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = prefix + String(decoding: bytes, as: UTF8.self)
                warn(.warning("skipped: the name is not valid UTF-8", at: .file(shown)))
                continue
            }
            let type = entry.pointee.d_type
            let isPlainFile = type != UInt8(DT_DIR) && type != UInt8(DT_LNK) && type != UInt8(DT_UNKNOWN)
            children.append((prefix + name, isPlainFile))
        }
        for child in children.sorted(by: { $0.path < $1.path }) {
            if child.isPlainFile {
                result.append(child.path)
                continue
            }
            var cst = stat()
            guard stat(child.path, &cst) == 0 else {
                warn(.warning("skipped: \(String(cString: strerror(errno)))", at: .file(child.path)))
                continue
            }
            guard (cst.st_mode & S_IFMT) == S_IFDIR else {
                result.append(child.path)
                continue
            }
            if ancestors.contains(where: { $0.0 == cst.st_dev && $0.1 == cst.st_ino }) {
                warn(.warning("skipped: a symbolic link back to a folder above it (a loop)", at: .file(child.path)))
                continue
            }
            if !walk(child.path, cst, into: &result, ancestors: &ancestors, warn: warn) {
                warn(.warning("skipped: cannot read folder: \(String(cString: strerror(errno)))", at: .file(child.path)))
            }
        }
        return true
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
