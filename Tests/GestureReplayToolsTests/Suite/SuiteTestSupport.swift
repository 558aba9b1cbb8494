import Foundation
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Temporary folders and package files for the suite and expectation tests.
enum SuiteTestSupport {
    /// The package root (TestSupport's `PackageFiles`).
    static var packageRoot: String { PackageFiles.root }

    /// The text of a package file (path relative to the package root).
    static func packageFile(_ relative: String) throws -> String {
        try String(contentsOfFile: packageRoot + "/" + relative, encoding: .utf8)
    }

    /// A JSON trace object from `Traces/` (`{"screen": ..., "events": ...}`) with `members` (JSON
    /// text, e.g. `"expect": [...]`) added as its first members, on line 1.
    static func trace(_ packagePath: String, adding members: String) throws -> String {
        let text = try packageFile(packagePath)
        guard let brace = text.firstIndex(of: "{") else { throw SupportError("not a JSON object: \(packagePath)") }
        return "{" + members + ", " + text[text.index(after: brace)...]
    }

    /// The raw text of the events array of a trace in `Traces/` (a bare array, or the `"events"`
    /// member that ends an object), so that a test can build a trace around it without re-encoding
    /// a single number.
    static func events(of packagePath: String) throws -> String {
        let text = try packageFile(packagePath)
        let trimmed = text.drop(while: { $0 == " " || $0 == "\n" })
        if trimmed.first == "[" { return String(trimmed) }
        guard let key = text.range(of: "\"events\""), let colon = text[key.upperBound...].firstIndex(of: ":"),
            let close = text.lastIndex(of: "}")
        else { throw SupportError("no events member ending \(packagePath)") }
        return String(text[text.index(after: colon)..<close])
    }

    /// A JSON trace object: `members` (JSON text such as `"expect": [...], "scene": {...}`) on
    /// line 1, then the events of `packagePath`.
    static func trace(_ members: String, eventsOf packagePath: String) throws -> String {
        "{" + members + ", \"events\": " + (try events(of: packagePath)) + "}\n"
    }

    struct SupportError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}
