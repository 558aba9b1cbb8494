// libFuzzer target: traces at extreme time scales (issue #30: frames 1e-320 s or 1e307 s apart hung
// the time-unit check). The input chooses a scale (from 5e-324 s to 1.7e308 s, or any finite double
// from its bits) and rows (touch, phase, steps of time, position); the trace is written as CSV and
// replayed strict, with --time-unit auto, --sort, and leniently in JSON Lines with each velocity
// estimator. Oracles: no crash, no hang (libFuzzer's -timeout), errors positioned; the time-unit
// rule returns for any interval.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TraceReplay
@testable import TraceReading

private let scratch = Fuzz.ScratchFile("timescale")

// From text: the subnormal ones as literals would be compile-time warnings.
private let scales: [Double] = [
    "5e-324", "1e-320", "1e-315", "1e-310", "1e-300", "1e-12", "1e-9", "1e-6", "1e-3", "0.008", "1", "1e3", "1e9", "1e15", "1e300",
    "1e306", "1e307", "1.7e308",
].map { Double($0)! }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard size >= 10 else { return 0 }
    // Bytes 0-7: a double; when finite and positive it is the scale, otherwise byte 0 picks one.
    var bits: UInt64 = 0
    for k in 0..<8 { bits = bits << 8 | UInt64(bytes[k]) }
    let raw = Double(bitPattern: bits)
    _ = TimeUnitGuess.bestUnit(forRawInterval: raw)
    _ = TimeUnitGuess.log10ish(raw)
    let scale = raw.isFinite && raw > 0 && bytes[8] & 1 == 1 ? raw : scales[Int(bytes[0]) % scales.count]
    // Then 4 bytes a row: touch and phase, time steps, x, y.
    var text = "t,id,phase,x,y\n"
    var time = 0.0
    var down: Set<Int> = []
    var k = 9
    while k + 4 <= size {
        let touch = Int(bytes[k] & 3) + 1
        let phase: String
        if !down.contains(touch) {
            phase = "began"
            down.insert(touch)
        } else if bytes[k] & 0x30 == 0 {
            phase = "ended"
            down.remove(touch)
        } else {
            phase = bytes[k] & 0xC0 == 0xC0 ? "stationary" : "moved"
        }
        time += Double(bytes[k + 1]) * scale
        text += "\(time),\(touch),\(phase),\(Double(bytes[k + 2]) * 1.5),\(Double(bytes[k + 3]) * 3)\n"
        k += 4
    }
    scratch.write(text)
    var options = ReplayOptions()
    options.reading.inputFormat = .csv
    options.output.summary = true
    run(options)
    options.reading.detectsTimeUnit = true
    run(options)
    options.reading.detectsTimeUnit = false
    options.reading.sortsByTime = true
    run(options)
    options.reading.sortsByTime = false
    options.reading.lenient = true
    options.output.format = .jsonl
    options.output.reportTouches = true
    for estimator in VelocityEstimatorKind.allCases {
        options.scene.velocityEstimator = estimator
        run(options)
    }
    return 0
}

private func run(_ options: ReplayOptions) {
    var out = OutputBuffer(fileDescriptor: nil)
    do {
        try Replayer.run(.path(scratch.path), options: options, output: &out)
    } catch {
        Fuzz.checkPositioned(error, path: scratch.path, "time scale replay")
    }
}
