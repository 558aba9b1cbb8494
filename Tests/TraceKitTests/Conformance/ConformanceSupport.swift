#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceKit

/// Finding and reading the shared reference suites (`../shared/reference/` next to the package).
enum ConformanceSupport {
    static let packageRoot: String? = {
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if dir.isEmpty { return nil }
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
        }
        return nil
    }()

    /// `../shared/reference/<name>`, if that folder exists.
    static func reference(_ name: String) -> String? {
        guard let root = packageRoot else { return nil }
        let path = root + "/../shared/reference/" + name
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR ? path : nil
    }

    /// Names of the entries of `dir` (no dot files), sorted.
    static func listDirectory(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the file at `path`.
    static func readFile(_ path: String) throws -> [UInt8] {
        let source = try ByteSource(path: path)
        try source.readToEnd()
        return source.peek()
    }

    /// Every row of `bytes` read as `format` by the trace reader (no sequence checks), or its error.
    static func read(_ bytes: [UInt8], _ format: TraceFormat, name: String = "wrapped") -> Result<(rows: [TraceRow], names: TouchNameTable), TraceError> {
        do {
            let reader = try AnyTraceReader(source: ByteSource(bytes: bytes, name: name), format: format)
            return .success((try reader.readAll(), reader.touchNames))
        } catch {
            return .failure(error)
        }
    }

    /// True if `error` is an invalid-trace error with a line and column in `name`.
    static func isPositioned(_ error: TraceError, in name: String) -> Bool {
        guard error.category == .invalidTrace, let location = error.diagnostic.location else { return false }
        return location.path == name && location.line >= 1 && location.column >= 1
    }
}
