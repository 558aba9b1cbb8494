/// A construct the derivative path cannot translate, at its place in the iOS file: printed as
/// `path:line:column: error: message`, as the compiler's own errors are.
public struct TranslationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The iOS file, as given.
    public var path: String
    /// 1-based line and column (bytes) of the construct.
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}
