// libFuzzer target: the device-recording readers (getevent, evemu, libinput record, evtest,
// MotionEvent dumps), each in memory and in small chunks (which must agree), then a sniffed replay
// and a conversion with a rotated screen mapping.
import GestureEngine
@testable import TraceReplay
@testable import TraceReading
import GestureReplayTools

private let scratch = Fuzz.ScratchFile("recording")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    scratch.write(bytes)
    for format in [TraceFormat.getevent, .evemu, .libinput, .evtest, .motionevent] {
        Fuzz.checkReading(bytes, format, scratch: scratch)
    }
    Fuzz.replay(trace: scratch.path, format: nil, errorPath: scratch.path)
    var options = ReplayOptions()
    options.reading.screen = Size(width: 390, height: 844)
    options.reading.recording.rawSize = Size(width: 1080, height: 2340)
    options.reading.recording.rotation = 90
    options.reading.recording.flipY = true
    var out = OutputBuffer(fileDescriptor: nil)
    do {
        try TraceConverter.convert(scratch.path, options: options, to: .jsonl, output: &out)
    } catch {
        Fuzz.checkPositioned(error, path: scratch.path, "convert")
    }
    return 0
}
