import GestureReplayCLI
import TestSupport
import Testing
import TraceKit

/// Issue 37 step 3: options from `GestureReplayCLI.options(forTrace:)` still name their trace for
/// one release, so code that passed them to the deprecated `Replayer.run(_:output:)` keeps working.
@Suite("Deprecated: the CLI's options for a trace")
struct DeprecatedOptionsCLITests {
    @available(*, deprecated)
    @Test("options(forTrace:) fills the deprecated inputPath; the old entry point replays that trace")
    func optionsForTraceNameTheTrace() throws {
        let path = PackageFiles.path("Traces/swipe-up.json")
        let options = try GestureReplayCLI.options(forTrace: path)
        #expect(options.inputPath == path)
        var old = OutputBuffer(fileDescriptor: nil)
        var new = OutputBuffer(fileDescriptor: nil)
        try Replayer.run(options, output: &old)
        try Replayer.run(.path(path), options: options, output: &new)
        #expect(old.text == new.text && !old.text.isEmpty)
    }
}
