import Foundation
import Testing

/// Reading traces: standard input with format sniffing, `--input-format`, `--time-unit`, CSV
/// header aliases.
@Suite("Input formats")
struct InputFormatTests {
    struct StdinCase: Sendable, CustomTestStringConvertible {
        var trace: String
        var what: String
        var testDescription: String { "\(what): \(trace)" }
    }

    @Test(
        "standard input (-): the format is sniffed and the output is the file's golden",
        arguments: [
            StdinCase(trace: "Traces/double-tap.json", what: "JSON object with screen and scene"),
            StdinCase(trace: "Traces/single-tap-waits.json", what: "bare JSON array"),
            StdinCase(trace: "Traces/swipe-up.json", what: "bare JSON array, key aliases"),
            StdinCase(trace: "Traces/swipe-left.jsonl", what: "JSON Lines"),
            StdinCase(trace: "Traces/two-finger-swipe-down.jsonl", what: "JSON Lines, key aliases, milliseconds"),
            StdinCase(trace: "Traces/two-finger-tap.csv", what: "CSV starting with # comments, aliases, reordered columns"),
            StdinCase(trace: "Traces/tickle-failure.csv", what: "CSV with CRLF line endings"),
            StdinCase(trace: "Traces/default-scene.csv", what: "CSV, default scene"),
        ])
    func standardInput(_ c: StdinCase) throws {
        let trace = GoldenTrace(path: c.trace)
        let r = try BinaryRunner.run(try trace.arguments() + ["-"], stdin: try BinaryRunner.packageData(c.trace), in: trace.folderURL)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile(trace.expectedPath)))
    }

    @Test("a one-line JSON object with \"events\" is a JSON document, not JSON Lines")
    func sniffOneLineDocument() throws {
        let text = try BinaryRunner.packageFile("Traces/double-tap.json").replacingOccurrences(of: "\n", with: "")
        let r = try BinaryRunner.run(["-"], stdin: Data(text.utf8))
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile("Traces/double-tap.expected")))
    }

    @Test("errors in standard input are reported as <stdin>:line:column")
    func standardInputErrors() throws {
        let r = try BinaryRunner.run(["-"], stdin: try BinaryRunner.packageData("Traces/errors/unknown-phase.csv"))
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("<stdin>:5:12: error: unknown phase 'lift'"))
    }

    @Test("empty standard input is an invalid trace")
    func emptyStandardInput() throws {
        let r = try BinaryRunner.run(["-"], stdin: Data())
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.hasPrefix("<stdin>:1:1: error: empty trace"))
    }

    @Test("--input-format forces the format over the extension")
    func forcedFormat() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/swipe-left.jsonl", as: "swipe.json")
        try dir.copy("Traces/swipes.scene.json", as: "swipes.scene.json")
        // By its extension the file is read as one JSON document: its first line, an event object,
        // is taken for the trace object, which has no "events".
        let asJSON = try BinaryRunner.run(["--scene", "swipes.scene.json", "swipe.json"], in: dir.url)
        #expect(asJSON.status == 65, "\(asJSON)")
        #expect(asJSON.stderr.hasPrefix("swipe.json:1:1: error: missing \"events\" array in the trace object"))
        let forced = try BinaryRunner.run(["--scene", "swipes.scene.json", "--input-format", "jsonl", "swipe.json"], in: dir.url)
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout == (try BinaryRunner.packageFile("Traces/swipe-left.expected")))
        // The aliases ndjson and jsonlines name the same format.
        let alias = try BinaryRunner.run(["--scene", "swipes.scene.json", "--input-format=ndjson", "swipe.json"], in: dir.url)
        #expect(alias.stdout == forced.stdout)
    }

    @Test("--input-format applies to standard input too (no sniffing)")
    func forcedFormatOnStandardInput() throws {
        let csv = try BinaryRunner.packageData("Traces/default-scene.csv")
        let forced = try BinaryRunner.run(["--input-format", "csv", "-"], stdin: csv)
        #expect(forced.status == 0)
        #expect(forced.stdout == (try BinaryRunner.packageFile("Traces/default-scene.expected")))
        let wrong = try BinaryRunner.run(["--input-format", "json", "-"], stdin: csv)
        #expect(wrong.status == 65)
        #expect(wrong.stderr.hasPrefix("<stdin>:"))
    }

    @Test("an unknown extension is sniffed from the content")
    func unknownExtension() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.copy("Traces/default-scene.csv", as: "recording.txt")
        let r = try BinaryRunner.run(["recording.txt"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile("Traces/default-scene.expected")))
    }

    /// `text` with its decimal point moved `places` to the right (exact, on the digits).
    static func shiftDecimal(_ text: String, by places: Int) -> String {
        var integer = text, fraction = ""
        if let dot = text.firstIndex(of: ".") {
            integer = String(text[..<dot])
            fraction = String(text[text.index(after: dot)...])
        }
        fraction += String(repeating: "0", count: max(0, places - fraction.count))
        var digits = integer + fraction.prefix(places)
        let rest = fraction.dropFirst(places)
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
        return rest.isEmpty ? digits : digits + "." + rest
    }

    @Test("--time-unit: the same trace in ms, us and ns replays identically", arguments: [("ms", 3), ("us", 6), ("ns", 9)])
    func timeUnits(_ unit: String, _ places: Int) throws {
        let original = try BinaryRunner.packageFile("Traces/tickle-success.csv")
        // Header: touch,time,phase,y,x (time is column 2).
        var lines: [String] = []
        for line in original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 5, let first = fields[1].first, first.isNumber {
                fields[1] = Self.shiftDecimal(fields[1], by: places)
            }
            lines.append(fields.joined(separator: ","))
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("tickle.csv", lines.joined(separator: "\n"))
        try dir.copy("Traces/tickle.scene.json", as: "tickle.scene.json")
        let r = try BinaryRunner.run(["--scene", "tickle.scene.json", "--time-unit", unit, "tickle.csv"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile("Traces/tickle-success.expected")))
        // Read as seconds, the same numbers are a slow-motion trace with another outcome.
        let asSeconds = try BinaryRunner.run(["--scene", "tickle.scene.json", "tickle.csv"], in: dir.url)
        #expect(asSeconds.status == 0)
        #expect(asSeconds.stdout != r.stdout)
    }

    @Test("the decimal shift used by the time-unit test is exact")
    func decimalShift() {
        #expect(Self.shiftDecimal("0.008304", by: 3) == "8.304")
        #expect(Self.shiftDecimal("0", by: 3) == "0")
        #expect(Self.shiftDecimal("0.25", by: 6) == "250000")
        #expect(Self.shiftDecimal("1.5", by: 9) == "1500000000")
    }

    @Test("CSV header names match in any letter case, and a UTF-8 BOM is skipped")
    func csvHeaderCaseAndBOM() throws {
        let original = try BinaryRunner.packageFile("Traces/default-scene.csv")
        let upper = original.replacingOccurrences(of: "t,id,phase,x,y", with: "TIME,Pointer,Action,X,Y")
        #expect(upper != original)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("upper.csv", "\u{FEFF}" + upper)
        let r = try BinaryRunner.run(["upper.csv"], in: dir.url)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == (try BinaryRunner.packageFile("Traces/default-scene.expected")))
    }

    @Test("a CSV header missing a column is an error at the header, listing the aliases")
    func csvMissingColumn() throws {
        let r = try BinaryRunner.run(["-"], stdin: Data("# rec\nt,id,x,y\n0,1,1,1\n".utf8))
        #expect(r.status == 65)
        #expect(
            r.stderr
                == "<stdin>:2:1: error: missing column 'phase' (also accepted: type, action); the header read (4 columns): 't,id,x,y'\n")
    }
}
