import TraceReplay

/// The name the command line calls itself in usage lines and error messages
/// (`gesturereplay: error: ...`, `usage: gesturereplay check ...`): `gesturereplay` by default; a
/// custom CLI's own name when it runs through ``GestureReplayCLI/main(catalog:programName:)``
/// (its executable's name: the last path component of `CommandLine.arguments[0]`) or passes one to
/// ``GestureReplayCLI/run(_:catalog:programName:)`` (issue 31 item 5). Help, the man page and
/// the completion scripts describe the gesturereplay commands and keep that name.
enum Program {
    /// Bound for the duration of one run (a task-local value: runs in parallel, as tests make
    /// them, each keep their own). Work handed to other threads (`TraceSuite.parallelMap`) reads
    /// the default, so formatters are captured before it.
    @TaskLocal static var name = "gesturereplay"

    /// The executable's name as it was invoked: the last path component of `argument0`
    /// (`./.build/debug/wiggle-replay` -> `wiggle-replay`); nil when that is empty.
    static func executableName(_ argument0: String?) -> String? {
        guard let argument0, let last = argument0.split(separator: "/").last, !last.isEmpty else { return nil }
        return String(last)
    }
}

/// Formats diagnostics for standard error: positioned ones as `file:line:column: error: ...`,
/// the others prefixed with the program's name; the options messages name spelled as flags
/// (``OptionSpelling/commandLine``).
var formatter: DiagnosticFormatter { DiagnosticFormatter(programName: Program.name, spelling: .commandLine) }
