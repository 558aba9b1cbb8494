import Testing
import TestSupport
@testable import GestureReplayTools
import TraceReplay

/// Issue 44, item 2 (D6): `convert` never changes what it cannot carry without saying so. Over
/// random string ids (spaces, tabs, CR, LF, commas, quotes, digits, non-ASCII), converting to CSV
/// either gives a trace whose replay is byte for byte the original's, or is refused at the id that
/// CSV cannot hold as written, because the CSV reader would read it back as something else.
@Suite("String ids through CSV (issue 44, D6)")
struct CSVTouchNameTests {
    static let alphabet: [String] = [" ", "\t", "\r", "\n", "\r\n", ",", "\"", "'", "7", "1", "0", "-", "a", "Z", "é", "→", "x", "#", ";"]

    static func replay(_ text: String, _ format: TraceFormat) -> String {
        var options = ReplayOptions()
        options.reading.inputFormat = format
        options.output.reportTouches = true
        options.output.format = .jsonl
        var out = OutputBuffer(fileDescriptor: nil)
        do {
            try Replayer.run(.bytes(Array(text.utf8), name: "t"), options: options, output: &out)
            return out.text
        } catch {
            return out.text + "error: \(error.diagnostic.message)"
        }
    }

    /// A JSON string literal.
    static func json(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// Whether CSV carries the JSON string id `id`: a canonical whole number is a number id in
    /// every format (JSON's `"7"` is touch 7); any other is a name, carried when it reads back.
    static func carried(_ id: String) -> Bool {
        let digits = id.hasPrefix("-") ? id.dropFirst() : Substring(id)
        let canonical =
            !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && (digits == "0" || digits.first != "0") && id != "-0"
        return canonical || TraceConverter.csvReadsBack(id) == nil
    }

    @Test("convert to CSV, then replay = replay, or refused at the id (random string ids)")
    func roundTrip() throws {
        var random = SplitMix64(seed: 44)
        var refused = 0, converted = 0
        for _ in 0..<TestScale.count(600) {
            // Two overlapping touches, then a third after them: ids that may read back alike.
            var ids: [String] = []
            while ids.count < 3 {
                var id = ""
                for _ in 0..<Int.random(in: 1...4, using: &random) { id += Self.alphabet.randomElement(using: &random)! }
                if !ids.contains(id) { ids.append(id) }
            }
            let rows: [(Double, Int, String)] = [
                (0, 0, "began"), (0.01, 1, "began"), (0.05, 0, "ended"), (0.06, 1, "ended"), (0.3, 2, "began"), (0.35, 2, "ended"),
            ]
            let jsonl = rows.map { "{\"t\": \($0.0), \"id\": \(Self.json(ids[$0.1])), \"phase\": \"\($0.2)\", \"x\": 100, \"y\": 100}\n" }
                .joined()
            let original = Self.replay(jsonl, .jsonl)
            var options = ReplayOptions()
            options.reading.inputFormat = .jsonl
            let folder = try TemporaryFolder()
            let path = try folder.write("t.jsonl", jsonl)
            do throws(TraceError) {
                var csv = OutputBuffer(fileDescriptor: nil)
                try TraceConverter.convert(path, options: options, to: .csv, output: &csv)
                converted += 1
                #expect(Self.replay(csv.text, .csv) == original, "\(ids.map { Self.json($0) })\n\(csv.text)")
                #expect(ids.allSatisfy(Self.carried), "\(ids.map { Self.json($0) })")
            } catch {
                refused += 1
                #expect(error.diagnostic.message.contains("cannot be written to CSV as it is"), "\(error.diagnostic.message)")
                // At the first row whose id CSV cannot carry, at the id.
                let row = rows.firstIndex { !Self.carried(ids[$0.1]) }
                #expect(row != nil, "refused, though every id reads back: \(ids.map { Self.json($0) })")
                if let row {
                    let column = "{\"t\": \(rows[row].0), \"id\": ".count + 1
                    #expect(
                        error.diagnostic.location?.line == row + 1 && error.diagnostic.location?.column == column, "\(error.diagnostic)")
                }
            }
        }
        // Both outcomes happen.
        #expect(refused > 0 && converted > 0, "refused \(refused), converted \(converted)")
    }

    @Test("the report's ids: a leading space, a CR at the end, a whole number; and ids CSV keeps")
    func examples() {
        #expect(TraceConverter.csvReadsBack(" 7") == "the number id 7")
        #expect(TraceConverter.csvReadsBack(" a") == "'a'")
        #expect(TraceConverter.csvReadsBack("x\r") == "'x'")
        #expect(TraceConverter.csvReadsBack("100") == "the number id 100")
        for kept in ["a,b", "say \"hi\"", "two\nlines", "007", "-0", "é", "1e2"] {
            #expect(TraceConverter.csvReadsBack(kept) == nil, "\(kept)")
        }
    }
}
