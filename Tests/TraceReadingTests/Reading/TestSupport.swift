import TestSupport
import Testing
@testable import TraceReplay
@testable import TraceReading

/// Paths and helpers shared by the reading tests.
enum ReadingTestSupport {
    /// Writes `bytes` to a new temporary file (named `trace` + `suffix`) and returns its path.
    static func temporaryFile(_ bytes: [UInt8], suffix: String) -> String {
        do { return try TemporaryFile.make(bytes, name: "trace" + suffix) } catch {
            preconditionFailure("cannot create a temporary file: \(error)")
        }
    }

    /// A reader of `format` over `text` in memory, named `path`.
    static func reader(
        _ format: TraceFormat, _ text: String, path: String = "trace", timeUnit: TimeUnit = .seconds
    ) throws(TraceError) -> AnyTraceReader {
        try AnyTraceReader(source: ByteSource(text: text, name: path), format: format, timeUnit: timeUnit)
    }

    /// All rows of `text` read as `format`.
    static func rows(_ format: TraceFormat, _ text: String, timeUnit: TimeUnit = .seconds) throws(TraceError) -> [TraceRow] {
        try reader(format, text, timeUnit: timeUnit).readAll()
    }

    /// The error reading `bytes` as `format` produces (opening or reading), or `nil`.
    static func error(_ format: TraceFormat, _ bytes: [UInt8], path: String = "trace") -> TraceError? {
        do {
            let r = try AnyTraceReader(source: ByteSource(bytes: bytes, name: path), format: format)
            _ = try r.readAll()
            return nil
        } catch {
            return error
        }
    }

    static func error(_ format: TraceFormat, _ text: String, path: String = "trace") -> TraceError? {
        error(format, Array(text.utf8), path: path)
    }
}

/// One input that must read as the suite's two expected rows, named for the test's listing.
struct AcceptCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    var testDescription: String { name }
}

extension ErrorCase {
    /// Checks that reading the input as `format` fails exactly as described.
    func check(_ format: TraceFormat) {
        check(ReadingTestSupport.error(format, input, path: "in.\(format)"), path: "in.\(format)")
    }
}
