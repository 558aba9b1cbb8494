import TraceReplay

/// Replays a corpus for `stats` and `compare`: every trace through the `Replayer` (with a
/// `StatsCollector` watching), in parallel like `test` (`TraceSuite.parallelMap`).
public enum CorpusRun {
    /// One trace: its stats when it replayed to the end, else the error it stopped at.
    public struct TraceOutcome: Sendable {
        public var path: String
        public var stats: CorpusStats.TraceStats?
        public var error: TraceError?
        /// The names of the recognizers of the trace's scene (also when it broke after loading it).
        public var recognizerNames: [String] = []

        public init(path: String, stats: CorpusStats.TraceStats?, error: TraceError?, recognizerNames: [String] = []) {
            self.path = path
            self.stats = stats
            self.error = error
            self.recognizerNames = recognizerNames
        }
    }

    /// Replays every trace of `traces` on `jobs` threads with the options `optionsFor` gives it;
    /// the outcomes in the order of `traces`.
    public static func run(
        _ traces: [String], jobs: Int, optionsFor: @escaping @Sendable (String) throws(TraceError) -> ReplayOptions
    ) -> [TraceOutcome] {
        TraceSuite.parallelMap(traces.count, jobs: jobs) { i in
            let path = traces[i]
            let collector = StatsCollector()
            do throws(TraceError) {
                let options = try optionsFor(path)
                _ = try Replayer.replay(.path(path), options: options, observer: collector)
                return TraceOutcome(
                    path: path, stats: collector.finish(), error: nil, recognizerNames: collector.stats.recognizers.map(\.name))
            } catch {
                return TraceOutcome(path: path, stats: nil, error: error, recognizerNames: collector.stats.recognizers.map(\.name))
            }
        }
    }

    /// The stats of `outcomes` under `configuration` (summed once, in one pass); broken traces keep
    /// their error as `format` prints it; an outcome with neither stats nor error counts nothing.
    public static func stats(
        _ outcomes: [TraceOutcome], configuration: [CorpusStats.Field], format: (TraceError) -> String
    ) -> CorpusStats {
        var stats = CorpusStats(configuration: configuration)
        var sum = CorpusStats.Accumulator()
        var device: [CorpusStats.DeviceAgreement] = []
        for o in outcomes {
            if let s = o.stats {
                stats.counted.append(o.path)
                for r in s.recognizers { sum.add(r) }
                device += s.device
            } else if let e = o.error {
                stats.broken.append(CorpusStats.BrokenTrace(path: o.path, exitCode: e.exitCode, error: format(e)))
            }
        }
        stats.recognizers = sum.result()
        stats.device = CorpusStats.DeviceAgreement.summed(device)
        stats.normalize()
        return stats
    }

    /// The configuration fields of `options` (what changes outcomes; not the trace, the output
    /// format, jobs or shard), with `tool` (the version) and `excludes`.
    public static func configuration(_ options: ReplayOptions, tool: String, excludes: [String]) throws(TraceError) -> [CorpusStats.Field] {
        var fields: [CorpusStats.Field] = [.init("tool", tool)]
        if let scene = options.scene.path {
            let source = try ByteSource(path: scene)
            try source.readToEnd()
            fields.append(.init("scene", "\(scene) fnv1a64:\(fnv1a64(source.peek()))"))
        } else {
            fields.append(.init("scene", "each trace's own, else the default"))
        }
        fields.append(.init("set", options.scene.overrides.map(\.description).joined(separator: " ")))
        fields.append(.init("recognizers", options.scene.recognizerFilter?.joined(separator: ",") ?? "all"))
        fields.append(.init("velocity", options.scene.velocityEstimator.rawValue))
        fields.append(.init("screen", options.reading.screen.map { "\($0.width)x\($0.height)" } ?? "the trace's"))
        fields.append(.init("input-format", options.reading.inputFormat?.name ?? "by extension"))
        fields.append(.init("time-unit", options.reading.detectsTimeUnit ? "auto" : options.reading.timeUnit.name))
        fields.append(.init("sort", options.reading.sortsByTime ? "yes" : "no"))
        fields.append(.init("lenient", options.reading.lenient ? "yes" : "no"))
        let r = options.reading.recording
        fields.append(
            .init(
                "recording",
                "raw-size \(r.rawSize.map { "\($0.width)x\($0.height)" } ?? "-") density \(r.density.map { "\($0)" } ?? "-") rotate \(r.rotation) flip-x \(r.flipX) flip-y \(r.flipY) device \(r.device ?? "-")"
            ))
        // UI-test descriptions (docs/ui-tests.md): only when set, so that other fingerprints stay as they were.
        if !r.uiTests.isDefault {
            fields.append(
                .init(
                    "ui-tests",
                    "move-interval \(r.uiTests.moveInterval) elements "
                        + r.uiTests.elements.keys.sorted().map { k in
                            let e = r.uiTests.elements[k]!
                            return "\(k)=\(e.origin.x),\(e.origin.y),\(e.size.width),\(e.size.height)"
                        }.joined(separator: " ")))
        }
        fields.append(
            .init(
                "catalog",
                options.scene.catalog.kinds.map { k in k.name + "(" + k.parameters.map(\.description).joined(separator: "; ") + ")" }
                    .joined(
                        separator: " ")))
        fields.append(.init("exclude", excludes.joined(separator: " ")))
        return fields
    }

    /// FNV-1a, 64 bits, as 16 hex digits (a fingerprint of a scene file's bytes).
    static func fnv1a64<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
