import GestureEngine
import TestSupport
import Testing

@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

@Suite("Corpus stats: counting, exact merge, the JSON read back, --set overrides")
struct CorpusStatsTests {
    /// Every trace of Traces/ (the errors too), each replayed once with the default options.
    static let outcomes: [CorpusRun.TraceOutcome] = {
        let root = PackageFiles.root + "/Traces"
        let traces = (try? TraceSuite.discover([root], shard: nil)) ?? []
        return CorpusRun.run(traces, jobs: 2) { path throws(TraceError) in
            var o = ReplayOptions()
            if path.hasSuffix(".csv") || path.hasSuffix(".jsonl") { o.reading.screen = Size(width: 390, height: 844) }
            return o
        }
    }()

    static func stats(_ outcomes: [CorpusRun.TraceOutcome]) -> CorpusStats {
        CorpusRun.stats(outcomes, configuration: [.init("tool", "test"), .init("set", "")]) { e in
            DiagnosticFormatter(programName: "gesturereplay").format(e)
        }
    }

    @Test("random partitions, each written as JSON, read back and merged, give the whole run's JSON byte for byte (several seeds)")
    func mergeIsExact() throws {
        let whole = Self.stats(Self.outcomes)
        #expect(whole.counted.count > 20)
        #expect(!whole.broken.isEmpty)
        #expect(whole.recognizers.contains { !$0.values.isEmpty })
        let wholeJSON = whole.json()
        for seed: UInt64 in [1, 2, 3, 42, 2026] {
            var random = SplitMix64(seed: seed)
            let partCount = Int(random.next() % 5) + 2
            var parts = Array(repeating: [CorpusRun.TraceOutcome](), count: partCount)
            for o in Self.outcomes { parts[Int(random.next() % UInt64(partCount))].append(o) }
            var read: [CorpusStats] = []
            for (n, part) in parts.enumerated() {
                let text = Self.stats(part).json()
                read.append(try CorpusStats.read(try JSONParser().parse(text, path: "part\(n).json")))
            }
            let merged = CorpusStats.merged(read)
            #expect(merged == whole, "seed \(seed)")
            #expect(merged.json() == wholeJSON, "seed \(seed): \(partCount) parts")
        }
    }

    @Test("percentiles are nearest-rank over the exact values; values keep the printed precision")
    func percentiles() {
        let d = CorpusStats.ValueDistribution(quantity: .velocity, counts: [(10, 1), (25, 8), (1000, 1)])
        #expect(d.count == 10)
        #expect(d.percentile(50) == 25)
        #expect(d.percentile(90) == 25)
        #expect(d.percentile(99) == 1000)
        #expect(d.text(25) == "2.5")
        #expect(d.text(-7) == "-0.7")
        #expect(CorpusStats.quantize(1.25, decimals: 1) == 13)
        #expect(CorpusStats.decimalText(1005, decimals: 3) == "1.005")
    }

    @Test("counting: the double-tap trace is one recognition of doubleTap, one failure of single with its reason template")
    func counting() throws {
        let doubleTap = Self.outcomes.first { $0.path.hasSuffix("/double-tap.json") }!.stats!
        let d = doubleTap.recognizers.first { $0.name == "doubleTap" }!
        let s = doubleTap.recognizers.first { $0.name == "single" }!
        #expect((d.attempts, d.recognized, d.failed, d.cancelled) == (1, 1, 0, 0))
        #expect((s.attempts, s.recognized, s.failed) == (1, 0, 1))
        #expect(s.reasons.map(\.template) == ["required recognizer 'doubleTap' recognized"])
        #expect(d.values.map(\.quantity) == [.duration])
        #expect(doubleTap.outcomes.map(\.name) == ["doubleTap", "single"])
        #expect(doubleTap.outcomes.map(\.state) == [.ended, .failed])
        let tap = Self.stats(Self.outcomes).recognizers.first { $0.name == "doubleTap" }!
        #expect(tap.reasons.contains { $0.template == "moved N pt > allowableMovement N pt" })
    }

    @Test("printed output (text and JSON Lines) read back counts what the replay counted: the one rule of stats and compare --goldens")
    func printedCountsAsReplayed() throws {
        var compared = 0
        for outcome in Self.outcomes {
            guard let replayed = outcome.stats else { continue }
            for format in [OutputFormat.text, .jsonl] {
                var o = ReplayOptions()
                if outcome.path.hasSuffix(".csv") || outcome.path.hasSuffix(".jsonl") { o.reading.screen = Size(width: 390, height: 844) }
                o.output.format = format
                let printed = CorpusStats.TraceStats(printed: try Replayer.replay(.path(outcome.path), options: o).text)
                #expect(printed.outcomes.map(\.name) == replayed.outcomes.map(\.name), "\(outcome.path) \(format)")
                #expect(printed.outcomes.map(\.state) == replayed.outcomes.map(\.state), "\(outcome.path) \(format)")
                // Printed output names only the recognizers that left possible.
                let moved = replayed.recognizers.filter { $0.attempts + $0.recognized + $0.failed + $0.cancelled > 0 }
                #expect(printed.recognizers.map(\.name).sorted() == moved.map(\.name).sorted(), "\(outcome.path) \(format)")
                for r in printed.recognizers {
                    let s = moved.first { $0.name == r.name }
                    #expect(s?.kind == r.kind, "\(outcome.path) \(r.name)")
                    #expect(
                        s.map { ($0.attempts, $0.recognized, $0.failed, $0.cancelled) } ?? (-1, -1, -1, -1)
                            == (r.attempts, r.recognized, r.failed, r.cancelled), "\(outcome.path) \(format) \(r.name)")
                }
                compared += 1
            }
        }
        #expect(compared > 40)
        // Lines that are not transitions count nothing.
        let notes = CorpusStats.TraceStats(printed: "   0.100  note: touch 1 still down\n{\"event\":\"touch\",\"t\":1}\n{broken\n")
        #expect(notes.recognizers.isEmpty && notes.outcomes.isEmpty)
    }

    /// The JSON of a small run, to hand-edit.
    static func sample() -> String {
        Self.stats(Array(Self.outcomes.filter { $0.path.hasSuffix("/double-tap.json") || $0.path.contains("/errors/") })).json()
    }

    @Test(
        "a hand-edited or other stats file: an error at the field, naming it",
        arguments: [
            ("\"version\": 1", "\"version\": 2", "field 'version' is 2; this gesturereplay reads version 1"),
            ("\"format\": \"gesturereplay-stats\"", "\"format\": \"other\"", "field 'format' must be \"gesturereplay-stats\""),
            (
                "\"attempts\": 2", "\"attempts\": \"2\"",
                "field 'recognizers[0].attempts' must be a whole number from 0 to 9007199254740991, not a string"
            ),
            (
                "\"failed\": 0", "\"failed\": 1e300",
                "field 'recognizers[0].failed' must be a whole number from 0 to 9007199254740991, not 1e+300"
            ),
            ("\"traces\": 2", "\"traces\": 3", "field 'traces' is not the number of 'counted' paths (2)"),
            ("\"attempts\": 2", "\"attempts\": 2, \"extra\": 0", "unknown key 'extra' in stats: field 'recognizers[0]'"),
            ("\"p50\": 0.", "\"p50\": 9.", "field 'recognizers[0].values[0].p50' does not match its histogram"),
        ])
    func badFiles(_ edit: (String, String, String)) throws {
        let text = Self.sample()
        #expect(text.contains(edit.0), "\(text)")
        let edited = text.replacing(edit.0, with: edit.1, maxReplacements: 1)
        do {
            _ = try CorpusStats.read(try JSONParser().parse(edited, path: "s.json"))
            Issue.record("accepted: \(edit)")
        } catch {
            let message = DiagnosticFormatter(programName: "gesturereplay").format(error)
            #expect(message.hasPrefix("s.json:"), "\(message)")
            #expect(message.contains(edit.2), "\(message)")
            // Positioned: line and column of the offending field.
            #expect(error.diagnostic.location?.line ?? 0 > 1, "\(message)")
        }
    }

    /// `text` with `insert` placed just before the first `before` found after the first `after`.
    static func insert(_ insert: String, in text: String, after: String, before: String) -> String {
        guard let a = text.range(of: after), let b = text.range(of: before, range: a.upperBound..<text.endIndex) else { return text }
        return text.replacingCharacters(in: b.lowerBound..<b.lowerBound, with: insert)
    }

    @Test("hand edits that leave a stats file inconsistent are refused at the field (issue #30, finding 26)")
    func inconsistentHandEdits() throws {
        let text = Self.sample()
        let reason = text.range(of: "{\"template\": ").flatMap { r in
            text.range(of: "}", range: r.upperBound..<text.endIndex).map { r.lowerBound..<$0.upperBound }
        }
        let firstReason = reason.map { String(text[$0]) } ?? "none"
        let edits: [(String, String)] = [
            (text.replacing("\"attempts\": 2", with: "\"attempts\": 0", maxReplacements: 1), "add up to more than 'attempts' (0)"),
            (
                text.replacing("\"attempts\": 2", with: "\"attempts\": 2, \"attempts\": 2", maxReplacements: 1),
                "duplicate key 'attempts' in stats: field 'recognizers[0]'"
            ),
            (
                text.replacing("\"format\": ", with: "\"format\": \"x\", \"format\": ", maxReplacements: 1),
                "duplicate key 'format' in stats: the file"
            ),
            (text.replacing("\"kind\": \"tap\"", with: "\"kind\": \"tapp\"", maxReplacements: 1), "unknown recognizer kind 'tapp'"),
            (text.replacing("\"unit\": \"s\"", with: "\"unit\": \"km/h\"", maxReplacements: 1), "unit' must be \"s\" for duration"),
            (
                Self.insert("00001", in: text, after: "\"histogram\": [[", before: ","),
                "must be written with 3 decimals (as stats writes it)"
            ),
            (Self.insert("00001", in: text, after: "\"min\": ", before: ","), "min' does not match its histogram"),
            (text.replacing(firstReason, with: firstReason + ", " + firstReason, maxReplacements: 1), "is listed twice"),
            (
                text.replacing("\"name\": \"single\"", with: "\"name\": \"sin\\u0000gle\"", maxReplacements: 1),
                "stats: field 'recognizers[1].name' must not contain control characters (U+0000)"
            ),
        ]
        for (edited, expected) in edits {
            #expect(edited != text, "the edit for '\(expected)' did not apply:\n\(text)")
            do {
                _ = try CorpusStats.read(try JSONParser().parse(edited, path: "s.json"), catalog: .builtIn)
                Issue.record("accepted: \(expected)")
            } catch {
                let message = DiagnosticFormatter(programName: "gesturereplay").format(error)
                #expect(message.hasPrefix("s.json:"), "\(message)")
                #expect(message.contains(expected), "\(message)")
                #expect(error.diagnostic.location?.line ?? 0 > 1, "\(message)")
            }
        }
        // The unedited sample is read.
        _ = try CorpusStats.read(try JSONParser().parse(text, path: "s.json"), catalog: .builtIn)
    }

    @Test("mutated stats files never crash the reader or the merge: each is read, or refused with a positioned error")
    func mutations() {
        let text = Array(Self.sample().utf8)
        var random = SplitMix64(seed: 20)
        let replacements = Array("0123456789-.e\"[]{},: x".utf8)
        for _ in 0..<300 {
            var bytes = text
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[at] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: bytes.remove(at: at)
                default: bytes.insert(replacements[Int(random.next() % UInt64(replacements.count))], at: at)
                }
            }
            do {
                let stats = try CorpusStats.read(try JSONParser().parse(String(decoding: bytes, as: UTF8.self), path: "m.json"))
                _ = CorpusStats.merged([stats, stats]).json()
                _ = stats.text()
            } catch {
                #expect(error.diagnostic.location?.path == "m.json")
            }
        }
    }

    @Test("shards of different configurations: the differing field is named")
    func configurationDifference() {
        var a = CorpusStats(configuration: [.init("tool", "t"), .init("set", "")])
        var b = a
        b.configuration[1].value = "tap.allowableMovement=20"
        #expect(CorpusStats.configurationDifference(a, b)! == ("set", "", "tap.allowableMovement=20"))
        a.configuration = b.configuration
        #expect(CorpusStats.configurationDifference(a, b) == nil)
    }
}

@Suite("--set: scene parameter overrides")
struct SceneOverrideTests {
    static let trace = PackageFiles.root + "/Traces/double-tap.json"

    func replay(
        _ sets: [String], catalog: RecognizerCatalog = .builtIn, location: TraceReplay.SourceLocation? = nil
    ) throws -> ReplayResult {
        var o = ReplayOptions()
        o.scene.catalog = catalog
        o.scene.overrides = try sets.map { s throws(TraceError) in try SceneOverride(parsing: s, location: location) }
        return try Replayer.replay(.path(Self.trace), options: o)
    }

    func message(_ body: () throws -> Void) -> (String, TraceError?) {
        do {
            try body()
            return ("", nil)
        } catch let e as TraceError {
            return (DiagnosticFormatter(programName: "gesturereplay").format(e), e)
        } catch {
            return ("\(error)", nil)
        }
    }

    @Test("NAME.PROPERTY sets one recognizer; KIND.PROPERTY every recognizer of the kind")
    func setsByNameAndKind() throws {
        let byName = try replay(["doubleTap.numberOfTapsRequired=3"])
        #expect(byName.transitions(of: "doubleTap").map(\.state) == [.failed])
        #expect(byName.transitions(of: "single").map(\.state) == [.ended])
        let byKind = try replay(["tap.numberOfTapsRequired=3"])
        #expect(byKind.transitions.map(\.state) == [.failed, .failed])
        // Later wins.
        let later = try replay(["tap.numberOfTapsRequired=3", "doubleTap.numberOfTapsRequired=2"])
        #expect(later.transitions(of: "doubleTap").map(\.state) == [.ended])
    }

    @Test("an unknown property: the scene loader's message, listing every valid property; on the command line a usage error")
    func unknownProperty() {
        let (text, error) = message { _ = try replay(["tap.bogus=1"]) }
        #expect(error?.category == .usage)
        #expect(
            text.contains(
                "invalid value 'tap.bogus=1' for --set: unknown parameter 'bogus' for a tap recognizer; expected one of: numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumTapInterval, maximumTapDuration, isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded"
            ), "\(text)")
    }

    @Test("from a NAME.args file: the error at the value's line and column")
    func positioned() {
        let at = TraceReplay.SourceLocation(path: "t.args", line: 3, column: 7)
        let (text, error) = message { _ = try replay(["tap.allowableMovement=-1"], location: at) }
        #expect(error?.category == .invalidTrace)
        #expect(text.hasPrefix("t.args:3:7: error: allowableMovement must be at least 0, not -1"), "\(text)")
        let (unknown, _) = message { _ = try replay(["nope.x=1"], location: at) }
        #expect(
            unknown.hasPrefix(
                "t.args:3:7: error: unknown recognizer or kind 'nope'; recognizers: single, doubleTap; kinds: tap, longPress, pan, pinch, rotation, swipe, screenEdgePan, twoFingerSwipe, marquee, tickle"
            ), "\(unknown)")
    }

    @Test("a custom kind of the catalog: its parameters are checked (also with no recognizer of it in the scene)")
    func customKind() throws {
        let catalog = try CustomKinds.catalog()
        _ = try replay(["wiggle.requiredWiggles=4"], catalog: catalog)
        let (text, _) = message { _ = try replay(["wiggle.minimumDistance=900"], catalog: catalog) }
        #expect(text.contains("for --set: minimumDistance must be"), "\(text)")
        let (unknown, _) = message { _ = try replay(["wiggle.x=1"], catalog: catalog) }
        #expect(
            unknown.contains(
                "unknown parameter 'x' for a wiggle recognizer; expected one of: requiredWiggles, minimumDistance, direction, mode, isEnabled"
            ))
        let (builtIn, _) = message { _ = try replay(["wiggle.requiredWiggles=4"]) }
        #expect(builtIn.contains("unknown recognizer or kind 'wiggle'"), "\(builtIn)")
    }

    @Test("a malformed --set: the expected shape")
    func shape() {
        for bad in ["tap", "tap=1", ".x=1", "tap.x=", "tap.=1"] {
            let (text, error) = message { _ = try SceneOverride(parsing: bad) }
            #expect(error?.category == .usage, "\(bad)")
            #expect(text.contains("expected NAME.PROPERTY=VALUE"), "\(text)")
        }
    }
}
