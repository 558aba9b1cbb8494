import GestureEngine
import TraceReplay

extension GestureHarness {
    /// Plays a `gesturereplay synth` script (docs/synth.md: `tap 100,200`, `drag 100,200 -> 300,200
    /// in 0.3s`, `pinch 200,400 from 100 to 200 in 0.5s`, ...) through the harness, starting at
    /// `now`: the same generator as the `synth` command, so a test and a synthesized trace see the
    /// same events. Touch ids are the script's (1, 2, ... per finger), offset past the ids the
    /// harness's own fingers have used. The clock ends at the script's last event; timers due on
    /// the way fire. A script with a sweep is refused (a test plays one value at a time).
    ///
    /// Throws the script's positioned error (`script:line:column: error: ...`) as a
    /// `GestureTestFailure` naming the caller's file and line.
    public func perform(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let document: SynthDocument
        do {
            document = try SynthParser.parse(script, path: "script")
        } catch {
            throw failure("the script does not parse: \(DiagnosticFormatter(programName: "synth").format(error))", file: file, line: line)
        }
        guard document.sweep == nil, let variant = document.variants.first else {
            throw failure("the script has a sweep: play one value at a time", file: file, line: line)
        }
        let trace = Synthesizer.generate(variant.script)
        let start = now
        let idOffset = reserveFingerIDs(upTo: trace.rows.map(\.touch).max() ?? 0)
        var changes: [TouchChange] = []
        var frameTime = trace.rows.first?.time ?? 0
        for row in trace.rows {
            if row.time != frameTime {
                send(changes, at: start + frameTime)
                changes.removeAll(keepingCapacity: true)
                frameTime = row.time
            }
            changes.append(TouchChange(id: idOffset + row.touch, phase: row.phase, location: Point(x: row.x, y: row.y)))
        }
        if !changes.isEmpty { send(changes, at: start + frameTime) }
    }
}
