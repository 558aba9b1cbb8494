#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's own files, for tests: its root, the vendored reference fixtures, folder listings
/// and file contents. One implementation for every test target.
public enum PackageFiles {
    /// The folder holding `Package.swift`, found upward from this file (`Tests/TestSupport/`).
    public static let root: String = {
        var dir = String(#filePath)
        while let slash = dir.lastIndex(of: "/") {
            dir = String(dir[..<slash])
            if dir.isEmpty { break }
            if access(dir + "/Package.swift", F_OK) == 0 { return dir }
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    /// `path` (relative to the package root) as an absolute path.
    public static func path(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The `.swift` files under `dir` (an absolute path), recursively, sorted within each folder.
    public static func swiftFiles(under dir: String) -> [String] {
        listDirectory(dir).flatMap { name -> [String] in
            let path = dir + "/" + name
            if isDirectory(path) { return swiftFiles(under: path) }
            return name.hasSuffix(".swift") ? [path] : []
        }
    }

    /// True if `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Names of the entries of `dir` (no dot files), sorted; empty if it cannot be read.
    public static func listDirectory(_ dir: String) -> [String] {
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

    /// The bytes of the file at `path` (absolute, or relative to the working directory).
    public static func bytes(atPath path: String) throws(MissingFixture) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw MissingFixture(path: path) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            result += chunk[..<n]
        }
        return result
    }
}

/// The vendored reference data in `Tests/Fixtures/` (see its README for sources and licences).
public enum Fixtures {
    /// `Tests/Fixtures/<name>`: the folder, which must exist. A missing fixture is a test
    /// failure (this throws), never a skip: the data is part of the repository.
    public static func folder(_ name: String) throws(MissingFixture) -> String {
        let path = PackageFiles.path("Tests/Fixtures/" + name)
        guard PackageFiles.isDirectory(path) else { throw MissingFixture(path: path) }
        return path
    }
}

/// A fixture file or folder that should be in the repository and is not.
public struct MissingFixture: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "missing test fixture \(path) (it is part of the repository: restore it with git)" }
}
