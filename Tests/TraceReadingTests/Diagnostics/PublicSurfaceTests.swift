import Testing
import TestSupport

/// Issue 14 item 9: engine plumbing is `package`, not `public`. Read from the sources (a test inside
/// the package sees `package` declarations, so only the declarations themselves can tell): none of
/// these names may be declared `public` or `open` (the decimal writer's `@_spi(Formatting)` public
/// declarations are SPI, not API, and not listed here).
@Suite("Public surface")
struct PublicSurfaceTests {
    /// Label revisions, decimal-formatting wrappers, angle helpers, file and suite helpers, byte
    /// readers and their checks.
    static let plumbing = [
        "nameRevision", "formatDecimal", "appendDecimal", "formatShort", "Angle",
        "FileIO", "monotonicSeconds", "onlineCoreCount",
        "JSONParser", "CSVFieldSplitter", "TraceSequenceValidator", "ReadingOverview", "UnifiedDiff",
    ]

    /// `file:line: text` for every public declaration of one of `names` in `text`
    /// (`PublicDeclarationScanner`, the public API allow-list's reader).
    static func publicDeclarations(of names: [String], in text: String, file: String) -> [String] {
        PublicDeclarationScanner.declarations(in: text).filter { $0.name.map(names.contains) ?? false }
            .map { "\(file):\($0.line): \($0.text)" }
    }

    @Test("label revisions, decimal formatting, file helpers and byte readers are not public API")
    func plumbingIsNotPublic() throws {
        let files =
            PackageFiles.swiftFiles(under: PackageFiles.path("Sources/GestureEngine"))
            + PackageFiles.swiftFiles(under: PackageFiles.path("Sources/TraceReading"))
            + PackageFiles.swiftFiles(under: PackageFiles.path("Sources/TraceReplay"))
            + PackageFiles.swiftFiles(under: PackageFiles.path("Sources/GestureReplayTools"))
        #expect(files.count > 50, "the sources were found")
        var declared: [String] = []
        for file in files {
            let text = String(decoding: try PackageFiles.bytes(atPath: file), as: UTF8.self)
            declared += Self.publicDeclarations(of: Self.plumbing, in: text, file: file)
        }
        #expect(declared.isEmpty, "public plumbing:\n\(declared.joined(separator: "\n"))")
    }

    @Test("the check finds a public declaration (so the test above can fail)")
    func checkFindsPublicDeclarations() {
        let text =
            "public func formatShort(_ value: Double) -> String { \"\" }\npublic var nameRevision: Int { 0 }\n@_spi(Formatting) public func formatDecimal() {}\npackage enum FileIO {}\npublic func other() {}"
        #expect(
            Self.publicDeclarations(of: Self.plumbing, in: text, file: "x.swift") == [
                "x.swift:1: public func formatShort(_ value: Double) -> String", "x.swift:2: public var nameRevision: Int",
            ])
    }
}
