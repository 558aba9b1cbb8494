import TraceReplay

/// `gesturereplay synth SCRIPT`: a gesture script to trace(s) (docs/synth.md).
struct SynthCommand: Command {
    static let name = "synth"
    static let abstract = "write the trace of a gesture script (tap 100,200; drag\n100,200 -> 300,200 in 0.3s; ...): docs/synth.md"
    static let headline = "write the trace of a gesture script"
    static let usage = ["synth SCRIPT [-o FILE] [--to csv|jsonl|json]"]
    /// What a script holds, then its gestures and line options (``SynthParser/forms``).
    static var discussion: String {
        var text = """
            SCRIPT holds one gesture per line (- reads standard input); units are points, seconds
            (0.3s, 300ms) and degrees. 'at 0.2s GESTURE' starts a gesture at that time, 'with GESTURE'
            together with the previous one (gestures may overlap); 'screen 390x844' sets the screen (the
            default). One number may be a sweep, {FROM..TO step STEP}: one trace per value, written to
            FILE-VALUE.EXT (needs -o), each path printed on its own line. See docs/synth.md.
            """
        text += "\n\nGESTURES\n" + SynthParser.forms.map { "  " + $0.form + "\n" }.joined()
        text += "\nOPTIONS OF A SCRIPT LINE (alone on a line: for every later line)\n"
        text += SynthParser.optionForms.map { "  " + $0.form }.joined(separator: "\n")
        return text
    }
    static let helpSection: HelpSection.Kind? = .writing
    static let listsHelpOption = false
    static let options: [Option<SynthCommand>] =
        [WritingOptions.output, WritingOptions.traceFormat].embedded(at: \.writing) + [.inert(StandardOptions.help)]

    /// The script; `-` reads standard input.
    var scriptPath = ""
    /// `-o FILE` (nil or `-` writes standard output) and `--to` (nil picks the format from the
    /// output file's extension, else JSON).
    var writing = WritingValues()

    init() {}

    mutating func validate(operands paths: [String], uses: [OptionUse]) throws(UsageError) {
        guard paths.count == 1 else {
            throw UsageError(
                message: paths.isEmpty
                    ? "missing script file (use - for standard input)" : "synth takes one script file, got \(paths.count)")
        }
        scriptPath = paths[0]
    }

    /// The script, and `-o FILE`, or with a sweep each `FILE-VALUE.EXT` (the script is read here for
    /// its sweep when it is a file; one that does not parse stops the run at its error first).
    func files(catalog: RecognizerCatalog) -> RunFiles {
        var files = RunFiles()
        files.read(scriptPath, as: .script)
        guard let path = writing.outputPath, path != "-" else { return files }
        if scriptPath != "-", let text = try? FileIO.readText(scriptPath), let document = try? SynthParser.parse(text, path: scriptPath),
            document.sweep != nil
        {
            for variant in document.variants {
                files.write(TracePath(path).sweepVariant(label: variant.label ?? ""), as: .sweepOutput)
            }
        } else {
            files.write(path, as: .output)
        }
        return files
    }

    /// `gesturereplay synth`: reads the script, writes its trace to standard output or `-o FILE`
    /// (replaced atomically), or with a sweep one trace per value to `FILE-VALUE.EXT`, printing each
    /// path written.
    func run(catalog: RecognizerCatalog, output out: inout OutputBuffer) throws(TraceError) -> Int32 {
        let command = self
        let source = try ByteSource(path: command.scriptPath)
        try source.readToEnd()
        let bytes = source.peek()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidTrace("the script is not valid UTF-8", at: .file(source.path))
        }
        let document = try SynthParser.parse(text, path: source.path)
        let toStandardOutput = command.writing.outputPath == nil || command.writing.outputPath == "-"
        let format = command.writing.traceFormat ?? command.writing.outputPath.flatMap(TraceFormat.Writable.init(pathExtensionOf:)) ?? .json
        if let sweep = document.sweep {
            guard !toStandardOutput, let path = command.writing.outputPath else {
                throw .usage(
                    "the script has a sweep of \(sweep.values.count) values (\(sweep.location)): give -o FILE to write one trace per value, FILE-VALUE.EXT"
                )
            }
            for variant in document.variants {
                let file = TracePath(path).sweepVariant(label: variant.label ?? "")
                try FileIO.writeAtomically(
                    SynthTraceWriter.text(Synthesizer.generate(variant.script), as: format), to: file)
                out.append(TerminalSafe.escaped(file))
                out.append("\n")
            }
            return ExitCode.success
        }
        let trace = Synthesizer.generate(document.variants[0].script)
        if toStandardOutput {
            SynthTraceWriter.write(trace, as: format, to: &out)
        } else {
            try FileIO.writeAtomically(SynthTraceWriter.text(trace, as: format), to: command.writing.outputPath!)
        }
        return ExitCode.success
    }
}
