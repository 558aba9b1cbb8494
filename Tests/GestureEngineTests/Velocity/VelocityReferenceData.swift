import Foundation
import GestureEngine
import TestSupport

/// Loads the velocity test vectors vendored in `Tests/Fixtures/velocity/` (sources and licences
/// in its README). The suites that use them are not gated: a missing file makes their
/// `referenceLoads` test fail (and leaves their parameterised tests without cases), never a skip.
enum VelocityReference {
    /// `Tests/Fixtures/velocity` in the package.
    static let folder = URL(fileURLWithPath: PackageFiles.path("Tests/Fixtures/velocity"), isDirectory: true)

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
                throw VelocityReferenceError.malformed(
                    "\(relativePath): row '\(line)' has \(fields.count) fields, header has \(header.count)")
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
        switch self {
        case .malformed(let m): "malformed velocity reference data: \(m)"
        }
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
