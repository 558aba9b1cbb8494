import Testing
import TestSupport
import TraceReplay
import TraceReading

/// nst/JSONTestSuite through the trace readers, not only the tree parser
/// (`Reading/JSONParserTests` walks the folder with ``JSONParser``).
///
/// The trace readers do not build trees for most of a document: members they do not use, in the
/// trace object and in events, are checked by a validating skip, and the JSON reader finds the end
/// of the events array with a bracket-matching look-ahead. So every file of the suite is placed
/// where that code reads it, and must be accepted (`y_`) or rejected with a positioned error
/// (`n_`), exactly like the parser:
/// - an ignored member before `events` (`{"x": FILE, "events": []}`) and after it (the look-ahead);
/// - an ignored member of an event, in a JSON trace and (for one-line files) a JSON Lines trace;
/// - the trace's `scene` (parsed as a tree, as a scene).
/// The raw file as a whole trace never crashes, and is rejected with a positioned error unless it
/// is a (possibly empty) array of valid events.
@Suite("JSONTestSuite through the trace readers")
struct JSONTestSuiteReaderTests {
    typealias C = ConformanceSupport

    /// The vendored suite (`Tests/Fixtures/json-test-suite/test_parsing`); missing is a failure.
    static func directory() throws -> String { try Fixtures.folder("json-test-suite/test_parsing") }

    /// Implementation-defined files accepted where a value is skipped (not turned into a tree): the
    /// skip checks the grammar but not the range of numbers it never uses, so overflowing numbers
    /// pass; it has no depth limit (500 nested arrays); invalid UTF-8, lone surrogates and UTF-16 are
    /// rejected as everywhere; a byte-order mark is only skipped at the very start of the input.
    static let acceptedWhenSkipped: Set<String> = [
        "i_number_double_huge_neg_exp.json",
        "i_number_huge_exp.json",
        "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json",
        "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_structure_500_nested_arrays.json",
    ]

    /// Implementation-defined files accepted as a tree (the `scene`): as ``JSONParser`` decides
    /// (overflowing numbers rejected, underflow to 0 and big integers accepted), except the BOM,
    /// which is not at the start of the input here.
    static let acceptedAsTree: Set<String> = JSONParserTests.acceptedImplementationDefined.subtracting([
        "i_structure_UTF-8_BOM_empty_object.json"
    ])

    struct Placement: Sendable, CustomTestStringConvertible {
        let name: String
        let format: TraceFormat
        let prefix: String
        let suffix: String
        /// Rows a valid document gives.
        let rows: Int
        /// Accepted `i_` files.
        let accepted: Set<String>
        var testDescription: String { name }
    }

    static let event = #"{"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0, "extra": "#

    static let placements: [Placement] = [
        Placement(
            name: "ignored member before events", format: .json, prefix: #"{"x": "#, suffix: #", "events": []}"#, rows: 0,
            accepted: acceptedWhenSkipped),
        Placement(
            name: "ignored member after events", format: .json, prefix: #"{"events": [], "x": "#, suffix: "}", rows: 0,
            accepted: acceptedWhenSkipped),
        Placement(
            name: "ignored member of an event", format: .json, prefix: "[" + event, suffix: "}]", rows: 1, accepted: acceptedWhenSkipped),
        Placement(
            name: "ignored member of a JSON Lines event", format: .jsonl, prefix: event, suffix: "}\n", rows: 1,
            accepted: acceptedWhenSkipped),
        Placement(
            name: "the trace's scene", format: .json, prefix: #"{"events": [], "scene": "#, suffix: "}", rows: 0, accepted: acceptedAsTree),
    ]

    static func files() throws -> [(name: String, bytes: [UInt8])] {
        let dir = try directory()
        return try PackageFiles.listDirectory(dir).filter { $0.hasSuffix(".json") }.map {
            ($0, try PackageFiles.bytes(atPath: dir + "/" + $0))
        }
    }

    @Test(arguments: placements)
    func placed(_ p: Placement) throws {
        var counts = (y: 0, n: 0, i: 0, skipped: 0)
        var accepted: Set<String> = []
        var skipped: Set<String> = []
        for (name, content) in try Self.files() {
            // JSON Lines: an event is one line, so files with line breaks do not fit in one.
            if p.format == .jsonl && content.contains(0x0A) {
                counts.skipped += 1
                skipped.insert(name)
                continue
            }
            let bytes = Array(p.prefix.utf8) + content + Array(p.suffix.utf8)
            let result = C.read(bytes, p.format)
            switch (name.prefix(2), result) {
            case ("y_", .success(let read)):
                counts.y += 1
                #expect(read.rows.count == p.rows, "\(name)")
            case ("y_", .failure(let e)):
                Issue.record("\(p.name): \(name) must be accepted: \(DiagnosticFormatter().format(e))")
            case ("n_", .success):
                Issue.record("\(p.name): \(name) must be rejected")
            case ("n_", .failure(let e)), ("i_", .failure(let e)):
                if name.hasPrefix("n_") { counts.n += 1 } else { counts.i += 1 }
                #expect(C.isPositioned(e, in: "wrapped"), "\(p.name): \(name): \(DiagnosticFormatter().format(e))")
            case ("i_", .success):
                counts.i += 1
                accepted.insert(name)
            default:
                Issue.record("unexpected file \(name)")
            }
        }
        #expect(counts.y + counts.n + counts.i + counts.skipped == 318)
        if p.format == .jsonl {
            // 10 files hold line breaks (pretty-printed y_ files, and n_ files with a raw line break).
            #expect(counts.skipped == 10)
        } else {
            #expect(counts == (95, 188, 35, 0))
        }
        #expect(accepted == p.accepted.subtracting(skipped), "\(p.name): accepted i_ files \(accepted.sorted())")
    }

    /// Each file as a whole JSON trace: arrays of events are traces, anything else is rejected
    /// with a positioned error; nothing crashes (100,000 brackets included).
    @Test
    func asWholeTraces() throws {
        var acceptedTraces: [String] = []
        for (name, content) in try Self.files() {
            for format in [TraceFormat.json, .jsonl] {
                switch C.read(content, format) {
                case .success:
                    if format == .json { acceptedTraces.append(name) }
                case .failure(let e):
                    #expect(C.isPositioned(e, in: "wrapped"), "\(name) as \(format): \(DiagnosticFormatter().format(e))")
                }
            }
        }
        // Only empty arrays (with or without whitespace) are valid traces among the suite's files.
        #expect(acceptedTraces == ["y_array_empty.json", "y_structure_whitespace_array.json"], "\(acceptedTraces)")
    }
}
