// libFuzzer target: synth scripts, with sweeps (issue #30: a sweep step of 1e-20 crashed converting
// its count to Int; FROM with a fraction was refused; tiny steps gave equal values). The script is
// parsed; a script that parses is generated (its first and last sweep values, when the script is
// small enough for a fuzzing rate: at most 20,000 sampling instants in all), and the trace replayed.
// Oracles: no crash, no hang, errors positioned in the script; sweep values strictly increasing
// (distinct file names), at most 1000 of them; every generated row finite and in time order; the
// generated trace replays without an error.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TraceReplay
@testable import TraceReading

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let document: SynthDocument
    do {
        document = try SynthParser.parse(text, path: "fuzz.synth")
    } catch {
        Fuzz.checkPositioned(error, path: "fuzz.synth", "synth parse")
        return 0
    }
    if let sweep = document.sweep {
        precondition(sweep.values.count <= SynthParser.maximumSweepCount, "too many sweep values")
        precondition(zip(sweep.values, sweep.values.dropFirst()).allSatisfy { $0 < $1 }, "sweep values not increasing")
        let labels = document.variants.compactMap(\.label)
        precondition(Set(labels).count == labels.count, "two sweep values share a file name")
    }
    for variant in [document.variants.first, document.variants.count > 1 ? document.variants.last : nil].compactMap({ $0 }) {
        guard estimatedSamples(variant.script, text) <= 20_000 else { continue }
        let trace = Synthesizer.generate(variant.script)
        var last = -Double.infinity
        for row in trace.rows {
            precondition(row.time.isFinite && row.x.isFinite && row.y.isFinite, "non-finite row")
            precondition(row.time >= last, "rows out of time order")
            last = row.time
        }
        guard !trace.rows.isEmpty else { continue }
        do {
            _ = try Replayer.replay(trace.input())
        } catch {
            fatalError("a generated trace does not replay: \(DiagnosticFormatter().format(error))")
        }
    }
    return 0
}

/// An upper bound of the script's sampling instants: its gestures' durations (the parser's own
/// limits keep each below 1,000,000) at the highest rate a script may set, from the text's numbers.
private func estimatedSamples(_ script: SynthScript, _ text: String) -> Double {
    var seconds = 0.0
    for word in text.split(whereSeparator: { " \t\n,{}".contains($0) }) {
        var w = word
        if w.hasSuffix("s") { w = w.dropLast() }
        if let v = Double(w), v.isFinite { seconds += abs(v) }
    }
    return Double(script.steps.count) + seconds * 2000
}
