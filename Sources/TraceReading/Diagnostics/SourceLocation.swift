/// A line and column inside some text, both 1-based.
///
/// Columns count UTF-8 bytes from the start of the line (as clang does), so
/// they are exact and cheap to compute while reading; a UTF-8 byte-order mark
/// at the very start of a file is not counted. `0` means "unknown": line 0
/// designates the whole file, column 0 the whole line.
///
/// Stored as two `UInt32`s (saturating at 4,294,967,295) so that a
/// ``TraceRow`` carrying one position per field stays small.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    @usableFromInline var _line: UInt32
    @usableFromInline var _column: UInt32

    /// Creates a position; values outside `0...UInt32.max` are clamped.
    @inlinable public init(line: Int, column: Int) {
        _line = UInt32(clamping: line)
        _column = UInt32(clamping: column)
    }

    /// 1-based line (0 = unknown).
    @inlinable public var line: Int { Int(_line) }
    /// 1-based column in UTF-8 bytes (0 = unknown).
    @inlinable public var column: Int { Int(_column) }

    /// The unknown position (line 0, column 0).
    public static let unknown = TextPosition(line: 0, column: 0)
    /// Line 1, column 1.
    public static let start = TextPosition(line: 1, column: 1)

    @inlinable public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a._line, a._column) < (b._line, b._column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// Where a diagnostic points: a file plus a ``TextPosition``.
///
/// `path` is the name shown to the user (`<stdin>` for standard input). A
/// location whose line is 0 designates the whole file (`path: error: ...`),
/// one whose column is 0 a whole line (`path:line: error: ...`).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as shown to the user.
    public var path: String
    /// Line and column.
    public var position: TextPosition

    /// A location at `line`:`column` (1-based) in `path`.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.position = TextPosition(line: line, column: column)
    }

    /// A location at `position` in `path`.
    public init(path: String, position: TextPosition) {
        self.path = path
        self.position = position
    }

    /// The whole file `path` (no line or column).
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, position: .unknown)
    }

    /// 1-based line, 0 for the whole file.
    public var line: Int { position.line }
    /// 1-based column (UTF-8 bytes), 0 for the whole line.
    public var column: Int { position.column }

    /// `path:line:column`, `path:line` or `path`, dropping unknown parts.
    public var description: String {
        if line == 0 { return path }
        if column == 0 { return "\(path):\(line)" }
        return "\(path):\(line):\(column)"
    }
}
