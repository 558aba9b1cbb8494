import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// `JSONEventParser.parseEvent` tries a one-pass fast path for the common
/// event shape before the general parser; these tests check that it gives the
/// general parser's row, positions, error and end index on random event
/// objects near that shape (and many outside it).
@Suite("JSON event fast path")
struct JSONEventFastPathTests {
    static let keys: [[String]] = [
        ["t", "t", "t", "time", "timestamp"],
        ["id", "id", "id", "touch", "touchId", "finger"],
        ["phase", "phase", "phase", "type", "action"],
        ["x"], ["y"],
    ]
    static let numbers = [
        "0", "0.008333", "183.96", "-12.5", "626", "1e3", "01", "1.", "-", "123456789012345678",
        "3.141592653589793238", "\"1\"", "null", "-0", "1.2.3", "NaN", "1234567.1234567",
        "12345678.5", "0.0000001", "-0.5", "9999999", "0.12345678", "1.5e2",
    ]
    static let ids = [
        "1", "2", "17", "123456789012345678", "1234567890123456789", "0", "01", "-3", "1.5", "\"a\"",
        "\"\"", "true", "1e2", "1234567", "12345678", "99999999",
    ]
    static let phases = [
        "\"began\"", "\"moved\"", "\"ended\"", "\"cancelled\"", "\"MOVED\"", "\"up\"", "\"x\"",
        "\"mo\\u0076ed\"", "\"stationary\"", "3", "\"\"",
        "0", "4", "5", "-1", "1.0", "\"2\"", "\"5\"", "\"\\u0031\"",
    ]

    static func pick(_ a: [String], _ g: inout SplitMix64, common: String) -> String {
        g.next() % 3 == 0 ? a[Int(g.next() % UInt64(a.count))] : common
    }

    /// A random object close to the bench's shape, with occasional surprises.
    static func randomEvent(_ g: inout SplitMix64) -> String {
        var fields: [(String, String)] = []
        for f in 0..<5 {
            let key = pick(keys[f], &g, common: keys[f][0])
            let value: String
            switch f {
            case 1: value = pick(ids, &g, common: "\(1 + g.next() % 9)")
            case 2: value = pick(phases, &g, common: "\"moved\"")
            default: value = pick(numbers, &g, common: "\(g.next() % 1000).\(g.next() % 100)")
            }
            fields.append((key, value))
        }
        if g.next() % 4 == 0 { fields.shuffle(using: &g) }
        if g.next() % 10 == 0 { fields.remove(at: Int(g.next() % 5)) }
        if g.next() % 10 == 0 { fields.insert(fields[Int(g.next() % UInt64(fields.count))], at: Int(g.next() % 4)) }
        if g.next() % 10 == 0 { fields.insert(("extra", "[1,{\"a\":2}]"), at: Int(g.next() % 4)) }
        let ws = g.next() % 8 == 0 ? " " : ""
        var text = "{" + fields.map { "\"\($0.0)\":\(ws)\($0.1)" }.joined(separator: ",") + "}"
        switch g.next() % 16 {
        case 0: text.removeLast()
        case 1: text += "\n"
        case 2: text = String(text.dropLast(Int(g.next() % 10)))
        case 3: text = text.replacingOccurrences(of: ",", with: ", ")
        case 4: text = "{}"
        default: break
        }
        return text
    }

    @Test func fastPathMatchesGeneralParser() {
        var g = SplitMix64(seed: 0x5EED_F457)
        var parsed = 0
        for n in 0..<20_000 {
            let text = Array(Self.randomEvent(&g).utf8)
            let unit: TimeUnit = n % 5 == 0 ? .milliseconds : .seconds
            let (viaParseEvent, viaGeneral) = JSONEventOutcome.padded(text).withUnsafeBufferPointer { buf in
                let outcomes = JSONEventOutcome.Parser.allCases.map {
                    JSONEventOutcome.parse(
                        buf, start: 0, end: text.count, line: 3, path: "t.jsonl", endIsEndOfLine: true,
                        unit: unit, with: $0)
                }
                return (outcomes[0], outcomes[1])
            }
            #expect(viaParseEvent == viaGeneral, "\(String(decoding: text, as: UTF8.self))")
            if viaParseEvent.row != nil { parsed += 1 }
        }
        // Both rows and errors are exercised.
        #expect(parsed > 2_000 && parsed < 18_000)
    }
}
