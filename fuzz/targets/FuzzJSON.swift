// libFuzzer target: the JSON trace reader (in memory and in small chunks), then a full replay.
import TraceReplay
import TraceReading

private let scratch = Fuzz.ScratchFile("json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.trace(data, size, .json, scratch: scratch)
    return 0
}
