import TraceReplay
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
        let (uses, operands, operandArguments) = try scanArguments(
            words, accepting: argsFileOptions, context: " in a .args file", relativeTo: ArgsFile.folder(ofTrace: path))
        if let operand = operands.first {
            throw UsageError(
                message: "a .args file holds options only, not \(QuotedValue.text(operand))", argument: (operandArguments[0], 0))
        }
        parsed.valueLocations = valueLocations(positioned, argsPath: argsPath)
        try apply(uses, to: &parsed, place: " in the .args file")
        parsed.valueLocations = [:]
    } catch {
        // At the word it is about (an option, a value, a stray word), else the file.
        var at = error.location ?? .file(argsPath)
        if error.location == nil, case let (index, offset)? = error.argument, positioned.indices.contains(index) {
            let p = positioned[index].position
            at = SourceLocation(path: argsPath, line: p.line, column: p.column + offset)
        }
        throw .invalidTrace(error.message, at: at)
    }
    do throws(UsageError) {
        try apply(commandLine, to: &parsed)
    } catch {
        throw .invalidTrace(error.message, at: error.location ?? .file(argsPath))
    }
    parsed.scene.catalog = catalog
    return TraceSuite.TraceSetup(options: parsed.replay, expectsError: parsed.checking.expectsError)
}

/// The files `check`, `test` and `shrink` read (and with `update` write) for the trace at `path`
/// replayed with its NAME.args, then `commandLine` (``TraceCheck/files(_:options:expectedPath:update:sceneRole:)``);
/// the command line's options alone when its NAME.args does not parse (that error stops the trace
/// before anything is written for it). A scene named on the command line is `sceneRole`.
func suiteTraceFiles(
    _ path: String, commandLine: [OptionUse], catalog: RecognizerCatalog, expectedPath: String? = nil, update: Bool,
    sceneRole: FileRole = .scene
) -> RunFiles {
    var options: ReplayOptions
    if let setup = try? traceSetup(forTrace: path, commandLine: commandLine, catalog: catalog) {
        options = setup.options
    } else {
        var parsed = ParsedOptions()
        try? apply(commandLine, to: &parsed)
        options = parsed.replay
    }
    // The command line's --scene wins over NAME.args's: a scene not given there came from the file.
    let role = commandLine.contains { $0.spec.long == "scene" } ? sceneRole : .argsScene
    return TraceCheck.files(path, options: options, expectedPath: expectedPath, update: update, sceneRole: role)
}

/// The picture of a trace as `check`/`test` replay it (its NAME.args, then the command line's
/// replay options), or why there is none; `highlight` ringed.
func tracePicture(
    _ path: String, _ replayArguments: [OptionUse], catalog: RecognizerCatalog, highlight: PictureHighlight? = nil
) -> Result<String, TraceError> {
    do throws(TraceError) {
        let setup = try traceSetup(forTrace: path, commandLine: replayArguments, catalog: catalog)
        return .success(try Picture.svg(path, options: setup.options, title: path, highlight: highlight, spelling: .commandLine))
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
