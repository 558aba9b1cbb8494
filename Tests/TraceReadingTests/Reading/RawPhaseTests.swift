import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

/// `UITouch.Phase` raw values as phases (0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled),
/// and the `stationary` phase, in every trace format.
@Suite("Raw phase values and stationary")
struct RawPhaseTests {
    typealias S = ReadingTestSupport

    static let allPhases: [TouchPhase] = [.began, .moved, .stationary, .ended, .cancelled]

    /// One touch per phase, each row's phase written by `spell(rawValue)`.
    static func rows(_ format: TraceFormat, _ spell: (Int) -> String) -> String {
        let events = (0..<5).map { k in (t: k, id: k + 1, phase: spell(k)) }
        switch format {
        case .csv:
            return "t,id,phase,x,y\n" + events.map { "\($0.t),\($0.id),\($0.phase),1,2\n" }.joined()
        case .jsonl:
            return events.map { "{\"t\":\($0.t),\"id\":\($0.id),\"phase\":\($0.phase),\"x\":1,\"y\":2}\n" }.joined()
        default:
            return "{\"events\": [\n"
                + events.map { "  {\"t\": \($0.t), \"id\": \($0.id), \"phase\": \($0.phase), \"x\": 1, \"y\": 2}" }
                .joined(separator: ",\n") + "\n]}\n"
        }
    }

    struct Spelling: Sendable, CustomTestStringConvertible {
        let format: TraceFormat
        let name: String
        let spell: @Sendable (Int) -> String
        var testDescription: String { "\(format): \(name)" }
    }

    static let spellings: [Spelling] = [
        Spelling(format: .csv, name: "digit", spell: { "\($0)" }),
        Spelling(format: .csv, name: "quoted digit with spaces", spell: { " \"\($0)\" " }),
        Spelling(format: .jsonl, name: "number", spell: { "\($0)" }),
        Spelling(format: .jsonl, name: "string", spell: { "\"\($0)\"" }),
        Spelling(format: .jsonl, name: "escaped string", spell: { "\"\\u003\($0)\"" }),
        Spelling(format: .json, name: "number", spell: { "\($0)" }),
        Spelling(format: .json, name: "string", spell: { "\"\($0)\"" }),
    ]

    @Test("raw values 0...4 read as began, moved, stationary, ended, cancelled", arguments: spellings)
    func rawValues(_ c: Spelling) throws {
        let rows = try S.rows(c.format, Self.rows(c.format, c.spell))
        #expect(rows.map(\.phase) == Self.allPhases)
        #expect(rows.map(\.touch) == (1...5).map { .integer(Int64($0)) })
    }

    @Test("the name stationary reads in every format", arguments: [TraceFormat.csv, .jsonl, .json])
    func stationaryName(_ format: TraceFormat) throws {
        let spelled = Self.rows(format) { k in
            let name = ["began", "moved", "stationary", "Stationary", "STATIONARY"][k]
            return format == .csv ? name : "\"\(name)\""
        }
        let rows = try S.rows(format, spelled)
        #expect(rows.map(\.phase) == [.began, .moved, .stationary, .stationary, .stationary])
    }

    @Test("the raw value's position is the phase value's")
    func positions() throws {
        let json = try S.rows(.jsonl, "{\"t\":0, \"id\":1, \"phase\":0, \"x\":1, \"y\":2}\n")
        #expect(json[0].positions.phase == TextPosition(line: 1, column: 25))
        let csv = try S.rows(.csv, "t,id,phase,x,y\n0,1,0,1,2\n")
        #expect(csv[0].positions.phase == TextPosition(line: 2, column: 5))
    }

    static let notRaw = "is not a UITouch.Phase raw value"
    static let listed =
        "expected one of: 0 (began), 1 (moved), 2 (stationary), 3 (ended), 4 (cancelled), or a name: began, moved, stationary, ended, cancelled"

    static let errors: [(TraceFormat, ErrorCase)] = [
        (.csv, ErrorCase("CSV 5", "t,id,phase,x,y\n0,1,0,1,2\n0.1,1,5,3,4\n", line: 3, column: 7, "phase '5' ", notRaw, listed)),
        (.csv, ErrorCase("CSV -1", "t,id,phase,x,y\n0,1,-1,1,2\n", line: 2, column: 5, "phase '-1' ", notRaw, listed)),
        (.csv, ErrorCase("CSV 1.0", "t,id,phase,x,y\n0,1,1.0,1,2\n", line: 2, column: 5, "phase '1.0' ", notRaw, listed)),
        (.csv, ErrorCase("CSV 01", "t,id,phase,x,y\n0,1, 01 ,1,2\n", line: 2, column: 5, "phase '01' ", notRaw, listed)),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines number 5", "{\"t\":0,\"id\":1,\"phase\":5,\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '5' ", notRaw, listed
            )
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines number -1", "{\"t\":0,\"id\":1,\"phase\":-1,\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '-1' ", notRaw,
                listed)
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines number 1.0", "{\"t\":0,\"id\":1,\"phase\":1.0,\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '1.0' ", notRaw,
                listed)
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines number 10", "{\"t\":0,\"id\":1,\"phase\":10,\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '10' ", notRaw,
                listed)
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines string 5", "{\"t\":0,\"id\":1,\"phase\":\"5\",\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '5' ", notRaw,
                listed)
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines string -1", "{\"t\":0,\"id\":1,\"phase\":\"-1\",\"x\":1,\"y\":2}\n", line: 1, column: 23, "phase '-1' ", notRaw,
                listed)
        ),
        (
            .json,
            ErrorCase(
                "JSON number 5", "[\n{\"t\": 0, \"id\": 1, \"phase\": 5, \"x\": 1, \"y\": 2}]", line: 2, column: 28, "phase '5' ", notRaw,
                listed)
        ),
        (
            .json,
            ErrorCase(
                "JSON number -1", "[{\"t\": 0, \"id\": 1, \"phase\": -1, \"x\": 1, \"y\": 2}]", line: 1, column: 29, "phase '-1' ", notRaw,
                listed)
        ),
        (
            .json,
            ErrorCase(
                "JSON string 5", "[{\"t\": 0, \"id\": 1, \"phase\": \"5\", \"x\": 1, \"y\": 2}]", line: 1, column: 29, "phase '5' ", notRaw,
                listed)
        ),
        // A control byte that would become a digit if it were lowered like a letter.
        (.csv, ErrorCase("CSV control byte 0x11", "t,id,phase,x,y\n0,1,\u{11},1,2\n", line: 2, column: 5, "unknown phase")),
        // Not numbers: the name list as before, and JSON's other values.
        (
            .csv,
            ErrorCase(
                "CSV name", "t,id,phase,x,y\n0,1,lift,1,2\n", line: 2, column: 5,
                "unknown phase 'lift'; expected one of: began, moved, stationary, ended, cancelled (aliases: down, move, up, cancel; any letter case)"
            )
        ),
        (
            .jsonl,
            ErrorCase(
                "JSON Lines null", "{\"t\":0,\"id\":1,\"phase\":null,\"x\":1,\"y\":2}\n", line: 1, column: 23,
                "'phase' must be a string or a number, found null", "0 (began)")
        ),
    ]

    @Test("a number that is not a raw value is a positioned error listing the accepted values", arguments: errors.indices)
    func outOfRange(_ index: Int) {
        let (format, c) = Self.errors[index]
        c.check(format)
    }

    // MARK: stationary rows are not moves

    /// A finger down at (100, 100), then rows at (300, 100) spelled `middle`, then lifted where it
    /// went down: as moves, the pan begins; as stationary rows, nothing a recognizer sees moved.
    static func panOutput(_ format: TraceFormat, middle: String) throws -> String {
        let points: [(Double, String, Double)] = [(0, "began", 100), (0.1, middle, 300), (0.2, middle, 300), (0.3, "ended", 100)]
        let text: String
        switch format {
        case .csv:
            text = "t,id,phase,x,y\n" + points.map { "\($0.0),1,\($0.1),\($0.2),100\n" }.joined()
        case .jsonl:
            text = points.map { "{\"t\":\($0.0),\"id\":1,\"phase\":\"\($0.1)\",\"x\":\($0.2),\"y\":100}\n" }.joined()
        default:
            text =
                "[" + points.map { "{\"t\":\($0.0),\"id\":1,\"phase\":\"\($0.1)\",\"x\":\($0.2),\"y\":100}" }.joined(separator: ",") + "]"
        }
        let path = S.temporaryFile(Array(text.utf8), suffix: ".\(format)")
        var options = ReplayOptions()
        options.scene.recognizerFilter = ["pan"]
        options.output.format = .jsonl
        var out = OutputBuffer(fileDescriptor: nil)
        try Replayer.run(.path(path), options: options, output: &out)
        return out.text
    }

    @Test("a stationary row is not delivered as a move", arguments: [TraceFormat.csv, .jsonl, .json])
    func stationaryIsNotAMove(_ format: TraceFormat) throws {
        let moved = try Self.panOutput(format, middle: "moved")
        #expect(moved.contains("\"state\":\"began\""), "the control: moves begin the pan\n\(moved)")
        for spelling in ["stationary", "2"] {
            let still = try Self.panOutput(format, middle: spelling)
            #expect(!still.contains("\"state\":\"began\""), "\(spelling)\n\(still)")
            #expect(still.contains("\"state\":\"failed\"") && still.contains("moved (0, 0) pt"), "\(spelling)\n\(still)")
        }
    }
}
