import Foundation
import Testing
import TestSupport

/// Issue 47 item 5: the public API of every library module is an allow-list kept in
/// `Tests/Fixtures/public-api/<Module>.txt`, so a new, changed or removed public declaration is a
/// deliberate act: the test fails and names it; `PUBLIC_API_RECORD=1 swift test --skip-build
/// --filter PublicAPITests` rewrites the lists (review the diff).
///
/// Read from the sources by `PublicDeclarationScanner` (TestSupport; a test inside the package sees
/// `package` declarations, so only the declarations themselves can tell).
@Suite struct PublicAPITests {
    /// The library modules users import (executables and the generator's own tool are not API).
    static let modules = [
        "GestureEngine", "TraceReading", "TraceReplay", "GestureReplayTools", "GestureReplayCLI", "GestureTesting", "GestureUIKit",
        "TraceRecorder", "UIKitSourceTranslation",
    ]
    static let record = ProcessInfo.processInfo.environment["PUBLIC_API_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false

    @Test(arguments: modules)
    func publicDeclarationsAreTheListedOnes(module: String) throws {
        let files = PackageFiles.swiftFiles(under: PackageFiles.path("Sources/" + module))
        #expect(!files.isEmpty, "the sources of \(module) were found")
        var declarations: [String] = []
        for file in files {
            let text = String(decoding: try PackageFiles.bytes(atPath: file), as: UTF8.self)
            declarations += PublicDeclarationScanner.declarations(in: text).map(\.listed)
        }
        let found = Set(declarations).sorted()
        let listPath = PackageFiles.path("Tests/Fixtures/public-api/\(module).txt")
        if Self.record {
            try (found.joined(separator: "\n") + "\n").write(toFile: listPath, atomically: true, encoding: .utf8)
            return
        }
        let listed = String(decoding: try PackageFiles.bytes(atPath: listPath), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let added = found.filter { !listed.contains($0) }
        let removed = listed.filter { !found.contains($0) }
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            \(module)'s public API differs from Tests/Fixtures/public-api/\(module).txt (PUBLIC_API_RECORD=1 re-records):
            new or changed:
            \(added.joined(separator: "\n"))
            gone or changed:
            \(removed.joined(separator: "\n"))
            """)
    }

    @Test("the scanner finds public declarations, their scope and implicit ones (so the test above can fail)")
    func scannerFindsDeclarations() {
        let text = """
            public struct Box {
                public var width: Double = 0
                var hidden = 0
                public func area() -> Double { width * width }
                @_spi(Formatting) public func spi() {}
                let text = "{ not a brace // nor a comment"
                public let names = ["a", "b"]
                public enum Kind { case a, b }
            }
            public extension Box {
                func doubled() -> Box { self }
                private func secret() {}
            }
            public protocol Shape {
                var sides: Int { get }
            }
            internal struct Hidden { public var x = 0 }
            """
        #expect(
            PublicDeclarationScanner.declarations(in: text).map(\.listed) == [
                "public struct Box", "Box: public var width: Double = 0", "Box: public func area() -> Double",
                "Box: public let names = [\"a\", \"b\"]",
                "Box: public enum Kind", "public extension Box", "Box: func doubled() -> Box", "public protocol Shape",
                "Shape: var sides: Int",
            ])
    }
}
