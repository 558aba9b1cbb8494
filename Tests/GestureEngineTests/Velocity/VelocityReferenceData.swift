import Foundation
import GestureEngine

/// Loads the velocity test vectors in `../shared/reference/velocity/` (beside the package root).
///
/// The package root is found from this file's path (`#filePath`): the nearest ancestor folder
/// that holds `Package.swift`. Tests that need the data are gated with
/// `.enabled(if: VelocityReference.isAvailable, ...)`, so when the shared folder is absent they are
/// reported as *skipped* with a message, never as passed.
enum VelocityReference {
    /// `<package root>/../shared/reference/velocity`, whether or not it exists.
    static let folder: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                break
            }
            dir.deleteLastPathComponent()
        }
        return dir.deletingLastPathComponent()
            .appendingPathComponent("shared/reference/velocity", isDirectory: true)
    }()

    /// True when the shared velocity folder is present.
    static let isAvailable: Bool = FileManager.default.fileExists(atPath: folder.path)

    static func url(_ relativePath: String) -> URL {
        folder.appendingPathComponent(relativePath)
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }

    /// Rows of a CSV file with a header line, as dictionaries keyed by column name
    /// (the reference files have no quoted fields).
    static func csvRows(_ relativePath: String) throws -> [[String: String]] {
        let lines = try text(relativePath).split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
            throw VelocityReferenceError.malformed("\(relativePath): empty file")
        }
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw VelocityReferenceError.malformed("\(relativePath): row '\(line)' has \(fields.count) fields, header has \(header.count)")
            }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    static func double(_ row: [String: String], _ key: String) throws -> Double {
        guard let s = row[key], let v = Double(s) else {
            throw VelocityReferenceError.malformed("bad number in column \(key): \(row)")
        }
        return v
    }

    static func int(_ row: [String: String], _ key: String) throws -> Int {
        guard let s = row[key], let v = Int(s) else {
            throw VelocityReferenceError.malformed("bad integer in column \(key): \(row)")
        }
        return v
    }
}

enum VelocityReferenceError: Error, CustomStringConvertible {
    case malformed(String)
    var description: String {
        switch self { case .malformed(let m): "malformed velocity reference data: \(m)" }
    }
}

/// Relative comparison used by the reference checks.
func relativeError(_ actual: Double, _ expected: Double) -> Double {
    abs((actual - expected) / expected)
}

/// One touch event of a recorded stroke.
struct VelocityTraceRow: Sendable {
    var time: Double
    var touchID: Int
    var phase: String
    var position: Point
    var isResampled: Bool
}
