import TraceKit
import GestureReplayTools

/// How `check` and `test` replay one trace: the options in its `NAME.args` first (relative paths
/// there are relative to the trace's folder), then the replay options of the command line, which
/// win where both set a value (flags only add: the command line cannot turn off a `--touches` in
/// `NAME.args`). Scene files may name the kinds of `catalog`. A bad `.args` file is an error naming it.
@Sendable func traceSetup(
    forTrace path: String, commandLine: [OptionUse], catalog: RecognizerCatalog
) throws(TraceError) -> TraceSuite.TraceSetup {
    let argsPath = ArgsFile.path(forTrace: path)
    let positioned = path == "-" ? [] : try ArgsFile.positionedWords(forTrace: path)
    let words = positioned.map(\.word)
    var parsed = ParsedOptions()
    do throws(UsageError) {
        let (uses, operands) = try scanArguments(
            words, accepting: argsFileOptions, context: " in a .args file", relativeTo: ArgsFile.folder(ofTrace: path))
        if let operand = operands.first {
            throw UsageError(message: "a .args file holds options only, not '\(operand)' (\(words.joined(separator: " ")))")
        }
        parsed.valueLocations = valueLocations(positioned, argsPath: argsPath)
        try apply(uses, to: &parsed, place: " in the .args file")
        parsed.valueLocations = [:]
        try apply(commandLine, to: &parsed)
    } catch {
        throw .invalidTrace(error.message, at: error.location ?? .file(argsPath))
    }
    parsed.scene.catalog = catalog
    var options = parsed.replay
    // Options read by a deprecated entry point that takes the trace inside them still name it.
    options.legacyInputPath = path
    return TraceSuite.TraceSetup(options: options, expectsError: parsed.checking.expectsError)
}

/// The picture of a trace as `check`/`test` replay it (its NAME.args, then the command line's
/// replay options), or why there is none; `highlight` ringed.
func tracePicture(
    _ path: String, _ replayArguments: [OptionUse], catalog: RecognizerCatalog, highlight: PictureHighlight? = nil
) -> Result<String, TraceError> {
    do throws(TraceError) {
        let setup = try traceSetup(forTrace: path, commandLine: replayArguments, catalog: catalog)
        return .success(try Picture.svg(path, options: setup.options, title: path, highlight: highlight))
    } catch {
        return .failure(error)
    }
}

/// Where each value of a NAME.args file's `--set`, `--recognizers` and `--show` starts, by option,
/// in order (`--set V` and `--set=V`): errors about a value point there.
func valueLocations(_ words: [(word: String, position: TextPosition)], argsPath: String) -> [String: [SourceLocation]] {
    var locations: [String: [SourceLocation]] = [:]
    for option in ["set", "recognizers", "show"] {
        let flag = "--" + option
        for (i, w) in words.enumerated() {
            if w.word == flag, i + 1 < words.count {
                locations[option, default: []].append(SourceLocation(path: argsPath, position: words[i + 1].position))
            } else if w.word.hasPrefix(flag + "=") {
                locations[option, default: []].append(
                    SourceLocation(path: argsPath, line: w.position.line, column: w.position.column + flag.count + 1))
            }
        }
    }
    return locations
}
