// libFuzzer target: the UI-test importer for .webkitEvents (docs/ui-tests.md): read in memory and in small
// chunks (which must agree), with elements, a density and a coarse move interval, sniffed, then replayed.
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

private let scratch = Fuzz.ScratchFile("webkit")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.uiTest(data, size, .webkitEvents, scratch: scratch)
    return 0
}
