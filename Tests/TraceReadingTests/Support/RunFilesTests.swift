import Foundation
import TestSupport
import Testing
import TraceReading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule of ``RunFiles``: when two paths are one file, and what the error says. The commands'
/// declarations are `RunFilesMatrixTests` (GestureReplayTests).
@Suite("RunFiles: what a run reads, it never writes")
struct RunFilesTests {
    static func files(reads: [(FileRole, String)], writes: [(FileRole, String)]) -> RunFiles {
        var files = RunFiles()
        for (role, path) in reads { files.read(path, as: role) }
        for (role, path) in writes { files.write(path, as: role) }
        return files
    }

    static func message(_ files: RunFiles) -> String? {
        do {
            try files.check()
            return nil
        } catch {
            #expect(error.exitCode == 2)
            return error.diagnostic.message
        }
    }

    @Test("an existing file by name, ./, .., a symbolic link or a hard link")
    func existingFile() throws {
        let folder = try TemporaryFolder()
        let scene = try folder.write("d/sc.json", "{}")
        #expect(symlink(scene, folder.path + "/link.json") == 0)
        #expect(link(scene, folder.path + "/hard.json") == 0)
        for output in [
            scene, folder.path + "/d/./sc.json", folder.path + "/d/../d/sc.json", folder.path + "/link.json", folder.path + "/hard.json",
        ] {
            let m = Self.message(Self.files(reads: [(.trace, "t.json"), (.scene, scene)], writes: [(.output, output)]))
            #expect(
                m
                    == "the output '\(output)' (the output file (-o)) is one of this run's inputs, the scene (ReplayOptions.scene.path) '\(scene)'; it would be replaced"
            )
        }
        // Another file, or the same name read twice, is fine.
        #expect(
            Self.message(Self.files(reads: [(.scene, scene), (.aScene, scene)], writes: [(.output, folder.path + "/other.json")])) == nil)
    }

    @Test("outputs that do not exist yet: one place by name, ./, .. or a dangling link")
    func newFiles() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/d", withIntermediateDirectories: true)
        #expect(symlink("d/r.xml", folder.path + "/dangling.xml") == 0)
        let r = folder.path + "/d/r.xml"
        for other in [
            r, folder.path + "/d/./r.xml", folder.path + "/d/../d/r.xml", folder.path + "/dangling.xml", folder.path + "//d//r.xml",
        ] {
            let m = Self.message(Self.files(reads: [], writes: [(.junitReport, r), (.htmlReport, other)]))
            #expect(
                m == "two outputs are one file: '\(r)' (the JUnit report) and '\(other)' (the HTML report); one would replace the other",
                "\(other)")
        }
        // In a folder that does not exist: by name.
        let missing = folder.path + "/no/such/r.xml"
        #expect(
            Self.message(Self.files(reads: [], writes: [(.junitReport, missing), (.htmlReport, folder.path + "/no/such/../such/r.xml")]))
                != nil)
        #expect(
            Self.message(Self.files(reads: [], writes: [(.junitReport, missing), (.htmlReport, folder.path + "/no/such/s.xml")])) == nil)
    }

    @Test("standard output, devices and golden files of --update take no part")
    func exemptions() throws {
        let folder = try TemporaryFolder()
        let trace = try folder.write("t.json", "[]")
        // `-` is standard input or output.
        #expect(Self.message(Self.files(reads: [(.trace, "-")], writes: [(.output, "-")])) == nil)
        // A device is written through, never replaced.
        #expect(
            Self.message(Self.files(reads: [(.trace, "/dev/null")], writes: [(.junitReport, "/dev/null"), (.htmlReport, "/dev/null")]))
                == nil)
        // Two traces sharing a golden are refused per trace, by name (TraceCheck).
        let golden = folder.path + "/t.expected"
        #expect(Self.message(Self.files(reads: [(.trace, trace)], writes: [(.updatedGolden, golden), (.updatedGolden, golden)])) == nil)
        // But a golden is never a report.
        #expect(Self.message(Self.files(reads: [(.trace, trace)], writes: [(.updatedGolden, golden), (.junitReport, golden)])) != nil)
        // Nor the trace.
        #expect(Self.message(Self.files(reads: [(.trace, trace)], writes: [(.updatedGolden, trace)])) != nil)
    }

    @Test("every role has a label and a direction")
    func roles() {
        #expect(Set(FileRole.allCases.map(\.label.description)).count == FileRole.allCases.count)
        #expect(FileRole.allCases.filter(\.isOutput) == [.output, .sweepOutput, .updatedGolden, .junitReport, .htmlReport])
    }
}
