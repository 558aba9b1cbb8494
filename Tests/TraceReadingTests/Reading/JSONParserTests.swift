import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading

@Suite("JSON parser")
struct JSONParserTests {
    typealias S = ReadingTestSupport

    /// Implementation-defined (`i_`) files this parser accepts; every other
    /// `i_` file is rejected with a positioned error. The decision: strict
    /// UTF-8 and surrogate pairs (a Swift `String` cannot hold a lone
    /// surrogate), numbers must fit a finite `Double` (underflow to 0 is fine),
    /// a leading UTF-8 BOM is skipped, nesting up to ``JSONParser/defaultMaxDepth``.
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_structure_500_nested_arrays.json",
        "i_structure_UTF-8_BOM_empty_object.json",
    ]

    @Test
    func jsonTestSuite() throws {
        let dir = try Fixtures.folder("json-test-suite/test_parsing")
        let files = PackageFiles.listDirectory(dir).filter { $0.hasSuffix(".json") }
        #expect(files.count > 300)
        var accepted: Set<String> = []
        var counts = (y: 0, n: 0, i: 0)
        for name in files {
            let path = dir + "/" + name
            let result: Result<JSONValue, TraceError>
            do {
                result = .success(try JSONParser().parse(contentsOf: path))
            } catch {
                result = .failure(error)
            }
            switch (name.prefix(2), result) {
            case ("y_", .success):
                counts.y += 1
            case ("y_", .failure(let e)):
                Issue.record("\(name) must parse: \(DiagnosticFormatter().format(e))")
            case ("n_", .success):
                Issue.record("\(name) must be rejected")
            case ("n_", .failure(let e)), ("i_", .failure(let e)):
                if name.hasPrefix("n_") { counts.n += 1 } else { counts.i += 1 }
                // Rejected with a position inside the file.
                #expect(e.category == .invalidTrace)
                #expect(e.diagnostic.location?.path == path)
                #expect(
                    (e.diagnostic.location?.line ?? 0) >= 1 && (e.diagnostic.location?.column ?? 0) >= 1,
                    "\(name): \(DiagnosticFormatter().format(e))")
            case ("i_", .success):
                counts.i += 1
                accepted.insert(name)
            default:
                Issue.record("unexpected file \(name)")
            }
        }
        #expect(counts.y == 95)
        #expect(counts.n == 188)
        #expect(counts.i == 35)
        #expect(accepted == Self.acceptedImplementationDefined)
    }

    struct Positioned: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
    }

    static let positionedErrors: [Positioned] = [
        Positioned(name: "truncated object", text: "{\"a\": [1, 2", line: 1, column: 12, message: "unexpected end of input"),
        Positioned(
            name: "truncated on a later line", text: "{\n  \"a\": [\n    1,\n", line: 4, column: 1, message: "unexpected end of input"),
        Positioned(name: "trailing comma", text: "[1,\n 2,\n]", line: 3, column: 1, message: "expected a value"),
        Positioned(name: "single quotes", text: "['a']", line: 1, column: 2, message: "double quotes"),
        Positioned(name: "bare word", text: "[nul]", line: 1, column: 2, message: "invalid literal 'nul'"),
        Positioned(name: "NaN", text: "[NaN]", line: 1, column: 2, message: "NaN is not a valid JSON value"),
        Positioned(name: "leading zero", text: "[012]", line: 1, column: 3, message: "leading zeros"),
        Positioned(name: "missing colon", text: "{\"a\" 1}", line: 1, column: 6, message: "':' after a member name"),
        Positioned(name: "lone surrogate", text: "[\"\\uD800x\"]", line: 1, column: 3, message: "unpaired surrogate"),
        Positioned(name: "raw tab in string", text: "[\"a\tb\"]", line: 1, column: 4, message: "must be escaped"),
        Positioned(name: "two values", text: "1 2", line: 1, column: 3, message: "after the JSON value"),
        Positioned(name: "empty", text: "", line: 1, column: 1, message: "empty input"),
        Positioned(name: "BOM only", text: "\u{FEFF}", line: 1, column: 1, message: "empty input"),
        Positioned(name: "overflow", text: "[1.5e999]", line: 1, column: 2, message: "number out of range"),
        Positioned(name: "too deep", text: String(repeating: "[", count: 600), line: 1, column: 513, message: "nesting too deep"),
    ]

    @Test("errors are positioned", arguments: positionedErrors)
    func positionedError(_ c: Positioned) {
        do {
            _ = try JSONParser().parse(c.text, path: "p.json")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostic.location == SourceLocation(path: "p.json", line: c.line, column: c.column),
                "\(DiagnosticFormatter().format(error))")
            #expect(error.diagnostic.message.contains(c.message), "\(error.diagnostic.message)")
        }
    }

    @Test func hundredThousandOpeningBracketsDoNotOverflowTheStack() {
        let text = String(repeating: "[", count: 100_000)
        // With the default limit: rejected at the first bracket too deep.
        do {
            _ = try JSONParser().parse(text, path: "deep")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.location?.column == JSONParser.defaultMaxDepth + 1)
        }
        // Without a limit the iterative parser reaches the end of the input.
        do {
            _ = try JSONParser(maxDepth: .max).parse(text, path: "deep")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.location?.column == 100_001)
            #expect(error.diagnostic.message.contains("unexpected end of input"))
        }
    }

    @Test func valuesAndPositions() throws {
        let text = """
            {
              "name": "caf\\u00e9 \\ud83d\\ude00",
              "n": [-0.5, 1e3, 0, 12345678901234567890],
              "ok": true, "none": null, "dup": 1, "dup": 2,
              "nested": {"a": [[]]}
            }
            """
        let v = try JSONParser().parse(text, path: "v.json")
        #expect(v.location == SourceLocation(path: "v.json", line: 1, column: 1))
        #expect(v["name"]?.stringValue == "café 😀")
        #expect(v["name"]?.location == SourceLocation(path: "v.json", line: 2, column: 11))
        #expect(v.member("name")?.keyLocation == SourceLocation(path: "v.json", line: 2, column: 3))
        #expect(v["n"]?.arrayValue?.compactMap(\.doubleValue) == [-0.5, 1000, 0, 12345678901234567168])
        #expect(v["n"]?[3]?.location == SourceLocation(path: "v.json", line: 3, column: 23))
        #expect(v["ok"]?.boolValue == true)
        #expect(v["none"]?.isNull == true)
        #expect(v["dup"]?.doubleValue == 2)
        #expect(v.objectValue?.count == 7)
        #expect(v["nested"]?["a"]?[0]?.arrayValue?.isEmpty == true)
        #expect(v["nested"]?.typeDescription == "an object")
        #expect(v["missing"] == nil)
    }
}
