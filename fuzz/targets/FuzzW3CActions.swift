// libFuzzer target: the UI-test importer for .w3cActions (docs/ui-tests.md): read in memory and in small
// chunks (which must agree), with elements, a density and a coarse move interval, sniffed, then replayed.
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

private let scratch = Fuzz.ScratchFile("w3c")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.uiTest(data, size, .w3cActions, scratch: scratch)
    return 0
}
