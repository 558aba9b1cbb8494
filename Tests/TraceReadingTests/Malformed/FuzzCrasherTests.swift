import Testing
import TestSupport
import TraceReplay
import TraceReading

/// Inputs that crashed a fuzz target (`fuzz/crashers/TARGET/`, kept after the fix), replayed the
/// way the target does it: read in memory and in small chunks (which must agree), then replayed
/// strictly (text, expectations) and leniently (JSON Lines, `--touches`, `--views`, lsq2). The scene
/// target's inputs are scene files, replayed with a small multi-gesture trace.
@Suite("Fuzz crashers stay fixed")
struct FuzzCrasherTests {
    typealias M = MalformedSupport

    struct Crasher: Sendable, CustomTestStringConvertible {
        let target: String
        let path: String
        var testDescription: String { "\(target)/\(path.split(separator: "/").last ?? "")" }
    }

    static let targets: [(name: String, format: TraceFormat?)] = [
        ("csv", .csv), ("json", .json), ("jsonl", .jsonl), ("scene", nil),
        ("recording", .getevent),
    ]

    static let crashers: [Crasher] = {
        targets.flatMap { target in
            let dir = PackageFiles.path("fuzz/crashers/" + target.name)
            return PackageFiles.listDirectory(dir).filter { !$0.hasSuffix(".md") }.map {
                Crasher(target: target.name, path: dir + "/" + $0)
            }
        }
    }()

    @Test func thereAreCrashersToReplay() {
        #expect(!Self.crashers.isEmpty, "fuzz/crashers/ is empty or missing")
    }

    @Test(arguments: crashers)
    func replays(_ c: Crasher) throws {
        if c.target == "scene" {
            let trace = M.temporaryFile(Array(Self.trace.utf8), name: "gestures.csv")
            defer { M.removeTemporaryFile(trace) }
            for lenient in [false, true] {
                let replay = M.replay(trace, lenient: lenient, scene: c.path)
                if let error = replay.error, error.category == .invalidTrace {
                    #expect(error.diagnostic.location?.path == c.path, "the trace is valid: only the scene may be wrong")
                    #expect((error.diagnostic.location?.line ?? 0) >= 1 && (error.diagnostic.location?.column ?? 0) >= 1)
                }
            }
            return
        }
        let format = try #require(Self.targets.first { $0.name == c.target }?.format)
        for mode in [TraceValidationMode.strict, .lenient] {
            let whole = M.read(c.path, chunkSize: ByteSource.defaultChunkSize, mode: mode)
            for chunk in [16, 17, 64] {
                #expect(M.read(c.path, chunkSize: chunk, mode: mode) == whole, "\(mode), \(chunk)-byte chunks")
            }
            if let error = whole.error, error.category == .invalidTrace {
                #expect((error.diagnostic.location?.line ?? 0) >= 1 && (error.diagnostic.location?.column ?? 0) >= 1)
            }
        }
        // Sniffed, as standard input is.
        if let error = M.read(try ByteSource(path: c.path), format: nil).error, error.category == .invalidTrace {
            #expect(
                (error.diagnostic.location?.line ?? 0) >= 1 && (error.diagnostic.location?.column ?? 0) >= 1,
                "sniffed: \(DiagnosticFormatter().format(error))")
        }
        _ = M.replay(c.path, format: format)
        var options = ReplayOptions()
        options.reading.inputFormat = format
        options.reading.lenient = true
        options.output.format = .jsonl
        options.output.reportTouches = true
        options.output.reportViews = true
        options.scene.velocityEstimator = .lsq2
        var out = OutputBuffer(fileDescriptor: nil)
        _ = try? Replayer.run(.path(c.path), options: options, output: &out)
    }

    /// A tap, a pan, a two-finger pinch, a long press and a left-edge pan.
    static let trace = """
        t,id,phase,x,y
        0,1,began,100,100
        0.08,1,ended,101,100
        1.2,1,began,50,400
        1.25,1,moved,90,390
        1.3,1,moved,140,380
        1.4,1,ended,170,370
        2.0,2,began,150,300
        2.0,3,began,250,300
        2.1,2,moved,120,290
        2.1,3,moved,280,310
        2.3,2,ended,100,280
        2.3,3,ended,300,320
        3.0,4,began,200,600
        3.9,4,ended,202,601
        4.5,5,began,1,500
        4.55,5,moved,60,500
        4.7,5,ended,151,500

        """
}
