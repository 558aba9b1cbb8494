import Testing
import TraceReplay

/// One bad input and the exact diagnostic it must produce.
public struct ErrorCase: Sendable, CustomTestStringConvertible {
    public let name: String
    public let input: [UInt8]
    public let line: Int
    public let column: Int
    /// Fragments the message must contain.
    public let message: [String]

    public init(_ name: String, _ input: String, line: Int, column: Int, _ message: String...) {
        self.name = name
        self.input = Array(input.utf8)
        self.line = line
        self.column = column
        self.message = message
    }

    public init(_ name: String, bytes: [UInt8], line: Int, column: Int, _ message: String...) {
        self.name = name
        self.input = bytes
        self.line = line
        self.column = column
        self.message = message
    }

    public var testDescription: String { name }
}

extension ErrorCase {
    /// Checks that `error`, from reading the input under the name `path` (a trace, a scene), is
    /// exactly as described.
    public func check(_ error: TraceError?, path: String) {
        guard let error else {
            Issue.record("\(name): expected an error, got none")
            return
        }
        let d = error.diagnostic
        #expect(error.category == .invalidTrace, "\(name)")
        #expect(d.severity == .error)
        #expect(d.location?.path == path)
        #expect(d.location?.line == line, "\(name): \(DiagnosticFormatter().format(d))")
        #expect(d.location?.column == column, "\(name): \(DiagnosticFormatter().format(d))")
        for fragment in message {
            #expect(d.message.contains(fragment), "\(name): message '\(d.message)' lacks '\(fragment)'")
        }
        // The one formatting place gives path:line:column: error: message.
        #expect(DiagnosticFormatter().format(d).hasPrefix("\(path):\(line):\(column): error: "))
    }
}
