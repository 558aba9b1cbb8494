// uikit-derive INPUT OUTPUT [INPUT OUTPUT ...]: writes the Linux-ready derivative of each iOS
// Swift file INPUT to OUTPUT (UIKitSourceTranslator: imports, Objective-C attributes and #selector
// changed, nothing else). A construct it cannot translate is `INPUT:line:column: error: ...` on
// standard error and exit status 65; an unreadable input 66; an unwritable output 74. The inputs
// are never changed. The UIKitDerivatives build-tool plugin runs it on every build.
import Foundation
import UIKitSourceTranslation

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.count % 2 != 0 {
    fail("usage: uikit-derive INPUT OUTPUT [INPUT OUTPUT ...]", 2)
}
var failed = false
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let input = arguments[pair], output = arguments[pair + 1]
    guard let data = FileManager.default.contents(atPath: input) else {
        fail("uikit-derive: error: cannot open \(input)", 66)
    }
    do {
        let text = try UIKitSourceTranslator.translate(String(decoding: data, as: UTF8.self), path: input)
        let url = URL(fileURLWithPath: output)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if (try? Data(text.utf8).write(to: url, options: .atomic)) == nil { fail("uikit-derive: error: cannot write \(output)", 74) }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 65 : 0)
