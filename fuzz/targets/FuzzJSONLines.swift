// libFuzzer target: the JSON Lines trace reader (in memory and in small chunks), then a full replay.
import TraceReplay
import TraceReading

private let scratch = Fuzz.ScratchFile("jsonl")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.trace(data, size, .jsonl, scratch: scratch)
    return 0
}
