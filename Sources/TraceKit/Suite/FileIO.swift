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
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .ioError(path, "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` atomically: to a temporary file beside it, then renamed over it, so an
    /// interrupted write never leaves a half-written file.
    package static func writeAtomically(_ text: String, to path: String) throws(TraceError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path, "cannot create: \(String(cString: strerror(errno)))") }
        var ok = true
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    break
                }
                offset += n
            }
        }
        if ok && fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw .ioError(path, "cannot write: \(message)")
        }
    }

    /// Regular files under `path` (recursively, sorted by path), or `path` itself if it is a file.
    package static func files(under path: String) throws(TraceError) -> [String] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw .cannotOpen(path, "no such file or folder") }
        if (st.st_mode & S_IFMT) != S_IFDIR { return [path] }
        var result: [String] = []
        guard let dir = opendir(path) else { throw .cannotOpen(path, "cannot read folder: \(String(cString: strerror(errno)))") }
        defer { closedir(dir) }
        var children: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            children.append(path.hasSuffix("/") ? path + name : path + "/" + name)
        }
        for child in children.sorted() {
            result += try files(under: child)
        }
        return result
    }
}
