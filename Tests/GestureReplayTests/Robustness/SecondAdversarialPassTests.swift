import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The low defects of the second adversarial pass (issue 44) that only the binary shows: signals
/// (D8, D13) and the paths it prints (D11). The output-path rule (D1 to D5, D7) is
/// `RunFilesMatrixTests`; `.args` positions (D9, D10) `OptionValueTests.argsFileErrorsPositioned`;
/// D6 `CSVTouchNameTests`; D14 `FrameCompletenessTests`; D15 `StatsCLITests.mergeCountRange`.
@Suite("Second adversarial pass (issue 44)")
struct SecondAdversarialPassTests {
    /// The runs below end by SIGQUIT, whose default action dumps core: none is written (the limit
    /// is inherited by the processes started).
    static let noCoreFiles: Void = {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        limit.rlim_cur = 0
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
    }()

    static func entries(_ folder: TemporaryFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// D8 (and D13): every signal whose default action ends the process removes a `convert -o`'s
    /// temporary file first, as SIGINT does: the target keeps its bytes, nothing is left beside it,
    /// and the process ends by the signal (SIGQUIT without the runtime's "Program crashed").
    @Test(
        "a signal ending convert -o removes its temporary file and keeps the target",
        arguments: [SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGQUIT, SIGHUP, SIGVTALRM, SIGXCPU])
    func signalRemovesTheTemporaryFile(_ signal: Int32) throws {
        _ = Self.noCoreFiles
        let folder = try TemporaryFolder()
        let out = try folder.write("out.json", "old\n")
        let live = try LiveProcess(["convert", "-", "-o", out], defaultSignals: true)
        live.write("t,id,phase,x,y\n0,1,began,100,100\n0.01,1,moved,101,100\n")
        let deadline = Date().addingTimeInterval(5)
        while !Self.entries(folder).contains(where: { $0.hasPrefix("out.json.tmp-") }) && Date() < deadline { usleep(5_000) }
        #expect(Self.entries(folder).count == 2, "no temporary file: \(Self.entries(folder))")
        kill(live.process.processIdentifier, signal)
        #expect(live.waitForExit(seconds: 10) == 128 + signal, "\(live.standardError)")
        #expect(Self.entries(folder) == ["out.json"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
        #expect(!live.standardError.contains("crashed") && !live.standardError.contains("Backtrac"), "\(live.standardError)")
    }

    /// D13: SIGQUIT (Ctrl-\) quits a replay, as its default action does; the Swift runtime's
    /// backtracer used to print "Program crashed" and let the replay go on.
    @Test("SIGQUIT quits a replay, without a crash report")
    func sigquitQuits() throws {
        _ = Self.noCoreFiles
        let live = try LiveProcess(["--touches", "--unbuffered", "-"], defaultSignals: true)
        live.write("t,id,phase,x,y\n0,1,began,100,100\n0.01,1,ended,101,100\n")
        #expect(live.waitForLine(containing: "touch 1", seconds: 10) != nil)
        kill(live.process.processIdentifier, SIGQUIT)
        #expect(live.waitForExit(seconds: 10) == 128 + SIGQUIT)
        #expect(!live.standardError.contains("crashed") && !live.standardError.contains("Backtrac"), "\(live.standardError)")
    }

    /// D11: the paths the tool prints go through TerminalSafe: a synth sweep's list, shrink's
    /// report and `wrote` line, the headers of several traces.
    @Test("printed paths escape control characters")
    func printedPathsEscaped() throws {
        let folder = try TemporaryFolder()
        try folder.write("sweep.synth", "tap {1..2},5\n")
        try FileManager.default.copyItem(
            atPath: BinaryRunner.tracesDirectory.appendingPathComponent("double-tap.json").path,
            toPath: folder.path + "/t\u{1B}[31m.json")
        let name = "o\u{1B}[31mRED"
        let runs: [[String]] = [
            ["synth", "sweep.synth", "-o", name + ".csv"],
            ["shrink", "--until", "doubleTap ended", "t\u{1B}[31m.json", "-o", name + ".json"],
            ["t\u{1B}[31m.json", "t\u{1B}[31m.json"],
        ]
        for arguments in runs {
            let (r, _) = try RobustnessCLITests.run(arguments, in: folder.url)
            #expect(r.status == 0, "\(arguments)\n\(r)")
            let text = r.stdout + r.stderr
            #expect(!text.contains("\u{1B}"), "\(arguments): \(text)")
            #expect(text.contains("\\u{1B}[31m"), "\(arguments): \(text)")
        }
    }
}
