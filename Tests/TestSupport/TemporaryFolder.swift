import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh temporary folder, removed when the object goes away (or by `remove()`); files inside it
/// are named relative to it. The one implementation for every test target.
public final class TemporaryFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gesturereplay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` (creating folders) and returns the full path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Writes `text` to `name` (creating folders) and returns the full path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Copies a file of the package (path relative to the package root), byte for byte, into the
    /// folder as `name`, and returns the full path.
    @discardableResult
    public func copy(_ packagePath: String, as name: String) throws -> String {
        try write(name, bytes: PackageFiles.bytes(atPath: PackageFiles.path(packagePath)))
    }

    public func read(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path)
    }

    /// Names of the entries of the folder (not recursive), sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Every file below the folder, relative, sorted.
    public func allFiles() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}

/// A single temporary file in a folder of its own (for tests that need one path, named `name`).
public enum TemporaryFile {
    /// Writes `bytes` to a new file called `name` in a new temporary folder; returns its path.
    public static func make(_ bytes: [UInt8], name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesturereplay-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Removes a file made by `make` and its folder.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
}

/// Seconds on a monotonic clock (for timing tests only).
public func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
