import Foundation
import TestSupport
import Testing

/// A user's clone has none of the workplace's material beside it (the folder next to the project
/// root): sources, tests and docs cite only what the repository holds (the UIKit reference page is
/// docs/reference/uikit-semantics.md, the velocity vectors Tests/Fixtures/velocity/).
@Suite("The repository is self-contained")
struct SelfContainedTests {
    /// Every Swift, Markdown and shell file under `folder`, recursively (hidden folders and
    /// build products skipped).
    static func files(under folder: String) -> [String] {
        let full = PackageFiles.path(folder)
        if !PackageFiles.isDirectory(full) { return [folder] }
        return PackageFiles.listDirectory(full).filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let relative = folder + "/" + name
            if PackageFiles.isDirectory(PackageFiles.path(relative)) { return files(under: relative) }
            return [".swift", ".md", ".sh", ".py"].contains(where: name.hasSuffix) ? [relative] : []
        }
    }

    /// Paths into the workplace's folder beside the project root, put together here so that this
    /// file does not itself refer to it (it is checked like every other file).
    static let outsidePaths = [".." + "/" + "shared", "shared" + "/" + "reference"]

    @Test("no source, test, doc or script refers to the workplace's folder beside the repository")
    func noSharedPaths() throws {
        let roots = ["Sources", "Tests", "docs", "Examples/Sources", "Examples/Tests", "bench", "fuzz", "README.md", "Makefile", ".ci/run"]
        var offenders: [String] = []
        for file in roots.flatMap(Self.files(under:)) {
            let text = String(decoding: try PackageFiles.bytes(atPath: PackageFiles.path(file)), as: UTF8.self)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.outsidePaths.contains(where: { line.contains($0) }) {
                offenders.append("\(file):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test("the reference page and the velocity vectors the sources cite are in the repository")
    func citedFilesExist() throws {
        for path in [
            "docs/reference/uikit-semantics.md", "Tests/Fixtures/velocity/aosp/aosp_velocity_expected.json",
            "Tests/Fixtures/velocity/flutter/LICENSE", "Tests/Fixtures/velocity/aosp/LICENSE",
        ] {
            #expect(!(try PackageFiles.bytes(atPath: PackageFiles.path(path))).isEmpty, "\(path)")
        }
    }
}
