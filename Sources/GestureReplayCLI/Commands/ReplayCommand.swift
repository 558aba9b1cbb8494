import TraceKit
import GestureReplayTools

/// `gesturereplay [replay] TRACE...`: replays traces (one or several, in order, with the same
/// options) and prints what was recognized. The default command.
struct ReplayCommand: Command {
    static let name = "replay"
    static let synopsis = "gesturereplay [replay] [options] TRACE..."
    static let abstract = "replay each TRACE and print every state transition"
    static let usage = "[replay] [options] TRACE..."
    static let moreHelp = "--help"
    static let options = OutputOptions.all + SceneOptions.all + ReadingOptions.all + LiveOptions.all + [StandardOptions.help, version]

    static let version = OptionSpec(long: "version", help: "show the version") { _, _ in }

    /// `gesturereplay --help`: every command and the options of each (the replay options first).
    static var help: String {
        var text = "gesturereplay - replay recorded touch traces through a UIKit-style gesture recognizer engine.\n\n"
        text += "USAGE\n"
        for (usage, meaning) in commandSummaries {
            let lines = meaning.split(separator: "\n")
            let pad = max(1, 45 - 2 - usage.count)
            text += "  " + usage + String(repeating: " ", count: pad) + lines[0] + "\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: 45) + line + "\n" }
        }
        text += "\n" + traceParagraph + "\n\n"
        text += "OPTIONS\n" + optionLines(replayOptions + ownOptions(Self.self))
        text += "  Values may follow as --name=value or -xVALUE (-fjsonl) too; -- ends the options.\n\n"
        text += "CHECK AND TEST (gesturereplay help check, gesturereplay help test)\n"
        text += indented(checkAndTestParagraph) + "\n"
        text += optionLines(checkAndTestOptions, mark: commandMark)
        text += "\nSYNTH, RENDER AND CONVERT (gesturereplay help synth, help render, help convert)\n"
        text += optionLines(otherCommandOptions, mark: commandMark)
        text += "\nSTATS AND COMPARE (gesturereplay help stats, help compare)\n"
        text += optionLines(corpusOnlyOptions, mark: commandMark)
        text += "\nSHRINK (gesturereplay help shrink)\n"
        text += optionLines(shrinkOnlyOptions)
        text += "\nEXAMPLES\n" + indented(examples) + "\n"
        return text
    }

    /// The replay options; `options.inputPath` is the first trace.
    var options: ReplayOptions
    var paths: [String]
    /// `--unbuffered`.
    var unbuffered: Bool

    init(parsed: ParsedOptions, operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        var parsed = parsed
        if paths.isEmpty { throw UsageError(message: "missing trace file (use - for standard input)") }
        parsed.replay.inputPath = paths[0]
        if paths.count(where: { $0 == "-" }) > 1 {
            throw UsageError(message: "standard input (-) can be replayed only once")
        }
        if parsed.replay.live && (parsed.replay.sortsByTime || parsed.replay.detectsTimeUnit) {
            throw UsageError(
                message: "--live replays rows as they arrive: it cannot be combined with --sort or --time-unit auto, which read ahead")
        }
        options = parsed.replay
        self.paths = paths
        unbuffered = parsed.unbuffered
    }

    /// Line-buffered with --unbuffered and with --live (as to a terminal).
    var flushesEachFrame: Bool { unbuffered || options.live }

    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        var options = self.options
        options.catalog = catalog
        options.readerThreading = readerThreadingFromEnvironment()
        if LiveSignals.install(forReplayOf: paths, options) { options.stallTime = stallTimeFromEnvironment() }
        if paths.count == 1 {
            try LiveReplay.replay(options, output: &out) { printError(formatter.format($0)) }
            return ExitCode.success
        }
        return try replaySeveral(paths, options, output: &out)
    }
}
