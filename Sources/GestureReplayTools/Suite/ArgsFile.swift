import TraceReplay

/// `NAME.args` beside a trace: the replay options `check` and `test` use for it (`docs/ci.md`).
///
/// The file holds arguments as a shell would split them, without expansion: words separated by
/// spaces, tabs and line breaks; `'...'` keeps everything inside as it is; `"..."` too, except that
/// `\"` and `\\` stand for `"` and `\`; outside quotes `\` keeps the next character; `#` at the start
/// of a word comments out the rest of the line. So `--scene "my scenes/a.scene.json"` and
/// `--scene=my\ scenes/a.scene.json` are one path with a space.
public enum ArgsFile {
    /// `trace.json` -> `trace.args` (the golden file's stem with `.args`: ``TracePath/argsFile``).
    public static func path(forTrace trace: String) -> String { TracePath(trace).argsFile }

    /// The folder of `trace` with its final `/` (`""` for a file in the working directory): relative
    /// paths in its `NAME.args` are relative to it (``TracePath/folder``).
    public static func folder(ofTrace trace: String) -> String { String(TracePath(trace).folder) }

    /// The words of the trace's `NAME.args` (empty when there is none). An unterminated quote is an
    /// error at its line and column.
    public static func words(forTrace trace: String) throws(TraceError) -> [String] {
        let path = path(forTrace: trace)
        guard let text = try FileIO.readText(path) else { return [] }
        return try words(text, path: path)
    }

    /// Splits `text` (the contents of the args file at `path`) into words.
    public static func words(_ text: String, path: String) throws(TraceError) -> [String] {
        try positionedWords(text, path: path).map(\.word)
    }

    /// The words of the trace's `NAME.args` with where each starts (its first character, or its
    /// opening quote), so that an option's value can be reported at its place.
    public static func positionedWords(forTrace trace: String) throws(TraceError) -> [(word: String, position: TextPosition)] {
        let path = path(forTrace: trace)
        guard let text = try FileIO.readText(path) else { return [] }
        return try positionedWords(text, path: path)
    }

    /// Splits `text` (the contents of the args file at `path`) into words, each with its position.
    public static func positionedWords(_ text: String, path: String) throws(TraceError) -> [(word: String, position: TextPosition)] {
        var words: [(word: String, position: TextPosition)] = []
        var start = TextPosition.start
        var word = ""
        var inWord = false
        var line = 1, column = 0
        var quote: Character?
        var quoteStart = (line: 1, column: 1)
        var escaped = false
        var comment = false
        for c in text {
            if c == "\n" || c == "\r\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
            if comment {
                if c == "\n" || c == "\r\n" { comment = false }
                continue
            }
            if escaped {
                escaped = false
                word.append(c)
                inWord = true
                continue
            }
            if !inWord && quote == nil && !(c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" || c == "#") {
                start = TextPosition(line: line, column: column)
            }
            if let q = quote {
                if c == q {
                    quote = nil
                } else if q == "\"" && c == "\\" {
                    escaped = true
                } else {
                    word.append(c)
                }
                continue
            }
            switch c {
            case " ", "\t", "\n", "\r", "\r\n":
                if inWord { words.append((word, start)) }
                word = ""
                inWord = false
            case "'", "\"":
                quote = c
                quoteStart = (line, column)
                inWord = true
            case "\\":
                escaped = true
            case "#" where !inWord:
                comment = true
            default:
                word.append(c)
                inWord = true
            }
        }
        if quote != nil {
            throw .invalidTrace(
                "unterminated quote",
                at: SourceLocation(path: path, position: TextPosition(line: quoteStart.line, column: quoteStart.column)))
        }
        if inWord { words.append((word, start)) }
        return words
    }
}
