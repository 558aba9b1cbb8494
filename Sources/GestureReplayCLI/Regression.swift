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
    /// Where argument `index` of the file, `offset` characters in, is.
    func location(_ index: Int, _ offset: Int) -> SourceLocation {
        let p = positioned[index].position
        return SourceLocation(path: argsPath, line: p.line, column: p.column + offset)
    }
    var file = TraceArguments()
    do throws(UsageError) {
        var (uses, operands, operandArguments) = try scanArguments(
            positioned.map(\.word), accepting: TraceArguments.options.specs(), context: " in a .args file",
            relativeTo: ArgsFile.folder(ofTrace: path))
        if let operand = operands.first {
            throw UsageError(
                message: "a .args file holds options only, not \(QuotedValue.text(operand))", argument: (operandArguments[0], 0))
        }
        for i in uses.indices {
            if let (index, offset) = uses[i].valueArgument { uses[i].valueLocation = location(index, offset) }
        }
        try apply(uses, to: &file, options: TraceArguments.options, place: " in the .args file")
    } catch {
        // At the word it is about (an option, a value, a stray word), else the file.
        var at = error.location ?? .file(argsPath)
        if error.location == nil, case let (index, offset)? = error.argument, positioned.indices.contains(index) {
            at = location(index, offset)
        }
        throw .invalidTrace(error.message, at: at)
    }
    var merged: TraceArguments
    do throws(UsageError) {
        merged = try file.merged(commandLine: commandLine)
    } catch {
        throw .invalidTrace(error.message, at: error.location ?? .file(argsPath))
    }
    merged.replay.scene.catalog = catalog
    return TraceSuite.TraceSetup(options: merged.replay, expectsError: merged.expectsError)
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
        options = (try? TraceArguments().merged(commandLine: commandLine))?.replay ?? ReplayOptions()
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
