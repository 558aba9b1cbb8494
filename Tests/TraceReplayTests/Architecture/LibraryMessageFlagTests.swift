import Testing
import TestSupport

/// Issue 37 step 4: the library's messages name options as data (`\(option: .sort)`, an
/// `OptionHint`), never as a command-line flag a library user cannot pass; only the command line
/// spells them as flags (`OptionSpelling.commandLine`). This scan of the sources fails when a
/// library file writes `--flag` in a string literal.
///
/// Scanned: every library module, the tools' (`Sources/GestureReplayTools`: `check`/`test`, `stats`,
/// `render`'s pictures, `shrink`) included since issue 47: their options are hints too (`--update`
/// is ``OptionHint/updateGolden``, `--from` ``OptionHint/pictureFrom``, ...). Not scanned: the
/// command line itself (`Sources/GestureReplayCLI`, `Sources/gesturereplay`), which spells them.
@Suite("Library messages name no command-line flag")
struct LibraryMessageFlagTests {
    /// Modules that are the command line.
    static let toolModules: Set<String> = ["GestureReplayCLI", "gesturereplay"]

    /// Literals that may hold a flag, by file (relative to `Sources/`, any module) and literal, with why.
    static let allowed: [(file: String, literal: String, reason: String)] = [
        (
            "Scene/SceneOverride.swift", "--set",
            "SceneOverride(parsing:option:) takes the option's name from its caller (`compare` passes --a-set/--b-set); "
                + "the default is the command line's parsing's (Options/SceneOptions.swift relies on it)"
        ),
        (
            "Suite/TraceCheck.swift", "--expect-error to",
            "the note says what to write in NAME.args, a file of command-line arguments that TraceSuite reads for the "
                + "library too: the file's text, not a flag a library user passes"
        ),
    ]

    /// Every library Swift file, relative to `Sources/` (`TraceReading/Reading/Validation/TimeCheck.swift`).
    static func libraryFiles() -> [String] {
        var files: [String] = []
        func walk(_ relative: String) {
            for name in PackageFiles.listDirectory(PackageFiles.path("Sources/" + relative)) {
                let path = relative + "/" + name
                if PackageFiles.isDirectory(PackageFiles.path("Sources/" + path)) {
                    walk(path)
                } else if name.hasSuffix(".swift") {
                    files.append(path)
                }
            }
        }
        for module in PackageFiles.listDirectory(PackageFiles.path("Sources")) where !toolModules.contains(module) {
            if PackageFiles.isDirectory(PackageFiles.path("Sources/" + module)) { walk(module) }
        }
        return files.sorted()
    }

    @Test("no library file spells --flag in a string literal (options are OptionHint values)")
    func noFlagsInLibraryLiterals() throws {
        let files = Self.libraryFiles()
        #expect(files.contains("TraceReading/Reading/Validation/TimeCheck.swift"), "the sources were found")
        #expect(files.contains("GestureReplayTools/Suite/TraceCheck.swift"), "the tools' messages are scanned")
        #expect(!files.contains { $0.hasPrefix("GestureReplayCLI/") }, "the command line is left out")
        var stillNeeded = Set<String>()
        for file in files {
            let text = String(decoding: try PackageFiles.bytes(atPath: PackageFiles.path("Sources/" + file)), as: UTF8.self)
            for hit in Self.flagsInLiterals(text) {
                if let entry = Self.allowed.first(where: { file.hasSuffix("/" + $0.file) && hit.literal.contains($0.literal) }) {
                    stillNeeded.insert(entry.file)
                    continue
                }
                Issue.record(
                    "Sources/\(file):\(hit.line): a library message spells a flag (\(hit.literal)): name the option with \\(option: ...) (OptionHint)"
                )
            }
        }
        for entry in Self.allowed where !stillNeeded.contains(entry.file) {
            Issue.record("allow-list entry \(entry.file) \(entry.literal) no longer needed: remove it")
        }
    }

    @Test("the scan finds a flag in a literal, in an interpolation's literal and in a multi-line literal, not in comments or hints")
    func scanFindsFlags() {
        let text = #"""
            // a comment naming --sort
            /// docs naming `--lenient`
            let a = "use --time-unit ms"
            let b = "use \(option: .timeUnit, "ms") (or \(option: .timeUnitDetection))"
            let c = "x \(f("--device")) y"
            let d = """
                give --raw-size WxH
                """
            let e = x // "--not-code"
            let f = "a \"quoted\" --desc"
            """#
        #expect(Self.flagsInLiterals(text).map(\.line) == [3, 5, 7, 10])
    }

    /// The lines (1-based) where a string literal holds `--` followed by a lowercase letter, with
    /// the text from there. A small lexer: `//` comments outside literals, `"..."` and `"""...`
    /// literals, `\(...)` interpolations (with their own literals) and `\` escapes.
    static func flagsInLiterals(_ text: String) -> [(line: Int, literal: String)] {
        enum State {
            case code
            case string
            case multiline
            case interpolation(depth: Int)
        }
        var hits: [(Int, String)] = []
        var stack: [State] = [.code]
        for (index, lineText) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(lineText)
            var i = 0
            var hit = false
            lineLoop: while i < chars.count {
                let c = chars[i]
                let rest = chars[i...]
                switch stack.last! {
                case .code, .interpolation:
                    if rest.starts(with: "//") { break lineLoop }
                    if rest.starts(with: "\"\"\"") {
                        stack.append(.multiline)
                        i += 3
                        continue
                    }
                    if c == "\"" {
                        stack.append(.string)
                    } else if case .interpolation(let depth) = stack.last! {
                        if c == "(" { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
                        if c == ")" {
                            if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(depth: depth - 1) }
                        }
                    }
                case .string, .multiline:
                    if c == "\\" {
                        if i + 1 < chars.count && chars[i + 1] == "(" {
                            stack.append(.interpolation(depth: 1))
                        }
                        i += 2
                        continue
                    }
                    if case .multiline = stack.last!, rest.starts(with: "\"\"\"") {
                        stack.removeLast()
                        i += 3
                        continue
                    }
                    if case .string = stack.last!, c == "\"" {
                        stack.removeLast()
                    } else if !hit, rest.starts(with: "--"), i + 2 < chars.count, chars[i + 2].isLowercase {
                        hits.append((index + 1, String(rest)))
                        hit = true
                    }
                }
                i += 1
            }
            // A one-line literal or interpolation never continues on the next line; a multi-line one does.
            while stack.count > 1 {
                if case .multiline = stack.last! { break }
                stack.removeLast()
            }
        }
        return hits
    }
}
