import GestureEngine
import TraceReplay

/// `gesturereplay stats`: what a corpus of traces did, per recognizer (name and kind): attempts,
/// recognitions, failures, cancellations, failure reasons grouped by template, and the distribution
/// of a key value at recognition (docs/scale.md, docs/output-format.md "Stats JSON").
///
/// Counting rules are the replay's own: the outcome of a transition is `ReplaySummary.outcome(of:)`
/// (what `--summary` counts), a reason's template is `ReplaySummary.template(_:)` (its numbers as `N`),
/// and the values are the transition values the replay prints, kept at the precision it prints them
/// (so stats of shards merge exactly: `merge`).
public struct CorpusStats: Sendable, Equatable {
    /// The JSON's `format` and `version`.
    public static let formatName = "gesturereplay-stats"
    public static let version = 1

    /// What decided the outcomes (scene, `--set`, replay options, tool version): `name -> value` in a
    /// fixed order. Stats merge only when these are equal.
    public var configuration: [Field]
    /// The traces counted (replayed to the end), sorted.
    public var counted: [String] = []
    /// The traces that stopped at an error, sorted by path.
    public var broken: [BrokenTrace] = []
    /// Per recognizer, sorted by name then kind.
    public var recognizers: [RecognizerStats] = []
    /// Agreement with the device, per recognizer kind, over the traces a truth recorder wrote
    /// (their expectations with a `"device"`; docs/recording.md), sorted by kind; empty without any.
    public var device: [DeviceAgreement] = []

    /// How many of a kind's recorded expectations (what the device did) the replay met.
    public struct DeviceAgreement: Sendable, Equatable {
        public var kind: String
        /// Recorded expectations of recognizers of this kind.
        public var expectations: Int
        /// Those the replay met.
        public var agreed: Int

        public init(kind: String, expectations: Int, agreed: Int) {
            self.kind = kind
            self.expectations = expectations
            self.agreed = agreed
        }

        /// Sums by kind, sorted by kind.
        static func summed(_ parts: [DeviceAgreement]) -> [DeviceAgreement] {
            var sums: [String: DeviceAgreement] = [:]
            for p in parts {
                sums[p.kind, default: DeviceAgreement(kind: p.kind, expectations: 0, agreed: 0)].expectations += p.expectations
                sums[p.kind]!.agreed += p.agreed
            }
            return sums.values.sorted { $0.kind < $1.kind }
        }
    }

    /// The largest count stats reads and writes, 9,007,199,254,740,991 (2^53 - 1): the largest whole
    /// number a JSON number holds exactly (the reader reads numbers as doubles). Counts are 64-bit
    /// integers; a merge whose counts could pass it is refused (``largestCount``), so everything
    /// `stats` writes, merges of merges included, reads back (docs/scale.md).
    public static let maximumCount = 9_007_199_254_740_991

    /// The largest count in the stats (traces, attempts, outcomes, reasons, a distribution's
    /// total): a merge's counts are at most the sum of its parts' largest counts.
    public var largestCount: Int {
        var largest = max(counted.count, broken.count)
        for d in device { largest = max(largest, d.expectations) }
        for r in recognizers {
            largest = max(largest, r.attempts, r.recognized, r.failed, r.cancelled)
            for reason in r.reasons { largest = max(largest, reason.count) }
            for v in r.values { largest = max(largest, v.count) }
        }
        return largest
    }

    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct BrokenTrace: Sendable, Equatable {
        public var path: String
        /// The exit status the error has on its own (65 invalid, 66 cannot open, ...).
        public var exitCode: Int32
        /// The error as printed: `file:line:column: error: ...`.
        public var error: String
    }

    public struct RecognizerStats: Sendable, Equatable {
        public var name: String
        public var kind: String
        /// How often it left `possible` (to began, ended or failed).
        public var attempts = 0
        public var recognized = 0
        public var failed = 0
        public var cancelled = 0
        /// Failure and cancel reasons by template, sorted by count (most first) then template.
        public var reasons: [(template: String, count: Int)] = []
        /// The key values at recognition, one distribution per quantity (sorted by quantity).
        public var values: [ValueDistribution] = []

        public init(name: String, kind: String) {
            self.name = name
            self.kind = kind
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.name == b.name && a.kind == b.kind && a.attempts == b.attempts && a.recognized == b.recognized && a.failed == b.failed
                && a.cancelled == b.cancelled && a.values == b.values && a.reasons.map(\.template) == b.reasons.map(\.template)
                && a.reasons.map(\.count) == b.reasons.map(\.count)
        }
    }

    /// A value measured at recognition, at the precision the replay prints it.
    public enum Quantity: String, Sendable, CaseIterable, Comparable {
        /// A continuous gesture's velocity magnitude at `ended` (pan, screen-edge pan, marquee), pt/s.
        case velocity
        /// A discrete gesture's (tap, swipe, ...) time from the touch-down of its first touch still
        /// tracked to recognition (`possible -> ended`), s.
        case duration
        /// A pinch's scale at `ended`.
        case scale
        /// A rotation's angle at `ended`, radians.
        case rotation

        public var unit: String {
            switch self {
            case .velocity: "pt/s"
            case .duration: "s"
            case .scale: ""
            case .rotation: "rad"
            }
        }

        /// Decimals kept (those the text output prints).
        public var decimals: Int { self == .velocity ? 1 : 3 }

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Every value of one quantity, exactly: how many times each (quantized) value was seen.
    public struct ValueDistribution: Sendable, Equatable {
        public var quantity: Quantity
        /// Value in units of 10^-decimals -> count, sorted by value.
        public var counts: [(value: Int, count: Int)]

        public static func == (a: Self, b: Self) -> Bool {
            a.quantity == b.quantity && a.counts.map(\.value) == b.counts.map(\.value) && a.counts.map(\.count) == b.counts.map(\.count)
        }

        public var count: Int { counts.reduce(0) { $0 + $1.count } }

        /// The nearest-rank percentile `p` (0 < p <= 100): the smallest value with at least
        /// ceil(p/100 * count) values at or below it.
        public func percentile(_ p: Int) -> Int? {
            let n = count
            guard n > 0 else { return nil }
            let rank = max(1, (p * n + 99) / 100)
            var seen = 0
            for c in counts {
                seen += c.count
                if seen >= rank { return c.value }
            }
            return counts.last?.value
        }

        public var minimum: Int? { counts.first?.value }
        public var maximum: Int? { counts.last?.value }

        /// `value` (in units of 10^-decimals) as text with exactly `decimals` decimals.
        public func text(_ value: Int) -> String {
            CorpusStats.decimalText(value, decimals: quantity.decimals)
        }
    }

    public init(configuration: [Field]) {
        self.configuration = configuration
    }

    /// The percentiles reported.
    public static let percentiles = [50, 90, 99]

    /// The exit status of these stats: 0, or the first broken trace's (in path order).
    public var exitCode: Int32 { broken.first?.exitCode ?? 0 }

    /// `q` units of 10^-decimals as text (`-1234`, 3 -> `-1.234`).
    static func decimalText(_ q: Int, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = q.magnitude
        var text = (q < 0 ? "-" : "") + String(magnitude / UInt(scale))
        if decimals > 0 {
            let fraction = String(magnitude % UInt(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `value` rounded to `decimals` decimals, in units of 10^-decimals (half away from zero).
    static func quantize(_ value: Double, decimals: Int) -> Int? {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let q = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard q.isFinite, abs(q) < 9e15 else { return nil }
        return Int(q)
    }
}

// MARK: Collecting

extension CorpusStats {
    /// What one trace did: per recognizer (in scene order) its counts, reason templates and values
    /// (those two in no particular order: `StatsCollector.finish`), and its outcome line (what
    /// `compare` compares).
    public struct TraceStats: Sendable {
        public var recognizers: [RecognizerStats] = []
        /// Every counted transition, in order: the recognizer's name and the state it reached
        /// (`doubleTap`, `ended`; `single`, `failed`).
        public var outcomes: [(name: String, state: GestureRecognizerState)] = []
        /// The recorded expectations met and not, per kind (a truth recorder's trace only).
        public var device: [DeviceAgreement] = []
    }

    /// Sums recognizer stats by (name, kind) in dictionaries (adding many traces or shards stays
    /// linear), then gives them back as `RecognizerStats`.
    struct Accumulator {
        struct Sum {
            var stats: RecognizerStats
            var reasons: [String: Int] = [:]
            var values: [Quantity: [Int: Int]] = [:]
        }
        var order: [String] = []
        var sums: [String: Sum] = [:]

        mutating func add(_ r: RecognizerStats) {
            let key = r.name + "\u{0}" + r.kind
            if sums[key] == nil {
                order.append(key)
                sums[key] = Sum(stats: RecognizerStats(name: r.name, kind: r.kind))
            }
            sums[key]!.stats.attempts += r.attempts
            sums[key]!.stats.recognized += r.recognized
            sums[key]!.stats.failed += r.failed
            sums[key]!.stats.cancelled += r.cancelled
            for reason in r.reasons { sums[key]!.reasons[reason.template, default: 0] += reason.count }
            for v in r.values {
                for c in v.counts { sums[key]!.values[v.quantity, default: [:]][c.value, default: 0] += c.count }
            }
        }

        func result() -> [RecognizerStats] {
            order.map { key in
                let sum = sums[key]!
                var r = sum.stats
                r.reasons = sum.reasons.map { ($0.key, $0.value) }
                r.values = sum.values.map { q, counts in
                    ValueDistribution(quantity: q, counts: counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                }
                return r
            }
        }
    }

    /// Puts everything in its canonical order (the order is part of the byte-stable output, so the
    /// same traces give the same bytes however they were split and merged).
    public mutating func normalize() {
        counted.sort()
        broken.sort { $0.path < $1.path }
        recognizers.sort { ($0.name, $0.kind) < ($1.name, $1.kind) }
        for i in recognizers.indices {
            recognizers[i].reasons.sort { $0.count != $1.count ? $0.count > $1.count : $0.template < $1.template }
            recognizers[i].values.sort { $0.quantity < $1.quantity }
        }
    }

    /// The union of `parts` (all of the same configuration: check with `configurationDifference`
    /// first), normalized.
    public static func merged(_ parts: [CorpusStats]) -> CorpusStats {
        var all = CorpusStats(configuration: parts.first?.configuration ?? [])
        var sum = Accumulator()
        for part in parts {
            all.counted += part.counted
            all.broken += part.broken
            for r in part.recognizers { sum.add(r) }
        }
        all.recognizers = sum.result()
        all.device = DeviceAgreement.summed(parts.flatMap(\.device))
        all.normalize()
        return all
    }

    /// The first configuration field in which `a` and `b` differ: its name and both values.
    public static func configurationDifference(_ a: CorpusStats, _ b: CorpusStats) -> (name: String, a: String, b: String)? {
        let names = a.configuration.map(\.name) + b.configuration.map(\.name).filter { n in !a.configuration.contains { $0.name == n } }
        for name in names {
            let va = a.configuration.first { $0.name == name }?.value ?? "(absent)"
            let vb = b.configuration.first { $0.name == name }?.value ?? "(absent)"
            if va != vb { return (name, va, vb) }
        }
        return nil
    }
}

extension CorpusStats.RecognizerStats {
    /// Counts one transition `previous -> state`: an attempt when it leaves `possible` (to began,
    /// ended or failed), and its outcome by the rule `--summary` counts by
    /// (`ReplaySummary.outcome`). The one counting rule of `stats` and of both sides of `compare`
    /// (replayed, or read from printed output). True when the transition belongs to the trace's
    /// outcome line (to began, ended, failed or cancelled).
    mutating func count(previous: GestureRecognizerState, state: GestureRecognizerState) -> Bool {
        if previous == .possible && state != .possible && state != .cancelled { attempts += 1 }
        switch ReplaySummary.outcome(previous: previous, state: state) {
        case .recognized: recognized += 1
        case .failed: failed += 1
        case .cancelled: cancelled += 1
        case nil: return state == .ended
        }
        return true
    }
}

extension CorpusStats.TraceStats {
    /// What printed replay output shows (a golden file, or a replay's `text`; text or JSON Lines):
    /// per recognizer (name and kind, in order of first transition) its attempts, recognitions,
    /// failures and cancellations, counted by the same rule as a replay's (`RecognizerStats.count`),
    /// and the outcome line. Only the transitions printed count (a trace's `--states`/`--show`
    /// hide some); reasons and values are not read back.
    public init(printed text: String) {
        var index: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let (name, kind, previous, state) = Self.printedTransition(line) else { continue }
            let key = name + "\u{0}" + kind
            let i: Int
            if let known = index[key] {
                i = known
            } else {
                i = recognizers.count
                index[key] = i
                recognizers.append(CorpusStats.RecognizerStats(name: name, kind: kind))
            }
            if recognizers[i].count(previous: previous, state: state) { outcomes.append((name, state)) }
        }
    }

    /// A transition line of the text output (`   0.289  doubleTap  tap  possible -> ended  at ...`)
    /// or a JSON Lines `gesture` event: name, kind and both states; nil for any other line.
    static func printedTransition(_ line: Substring) -> (String, String, GestureRecognizerState, GestureRecognizerState)? {
        func state(_ word: some StringProtocol) -> GestureRecognizerState? {
            GestureRecognizerState.allCases.first { $0.description == word }
        }
        if line.first == "{" {
            guard let event = try? JSONParser().parse(Array(line.utf8), path: "-"), event["event"]?.stringValue == "gesture",
                let name = event["recognizer"]?.stringValue, let kind = event["kind"]?.stringValue,
                let previous = event["previous"]?.stringValue.flatMap(state), let to = event["state"]?.stringValue.flatMap(state)
            else { return nil }
            return (name, kind, previous, to)
        }
        let words = line.split(separator: " ")
        guard words.count >= 6, words[4] == "->", let previous = state(words[3]), let to = state(words[5]) else { return nil }
        return (String(words[1]), String(words[2]), previous, to)
    }
}

/// Watches one replay and counts it (`CorpusStats.TraceStats`).
public final class StatsCollector: ReplayObserver {
    private var index: [ObjectIdentifier: Int] = [:]
    private var values: [[CorpusStats.Quantity: [Int: Int]]] = []
    private var reasons: [[String: Int]] = []
    public private(set) var stats = CorpusStats.TraceStats()
    /// The trace's expectations, for its agreement with the device (nil once they failed to load:
    /// stats counts transitions, not expectations, so a malformed one changes nothing here).
    private var expectations: ExpectationCollector? = ExpectationCollector()

    public init() {}

    public func replayWillStart(_ start: ReplayStart) throws(TraceError) {
        do throws(TraceError) { try expectations?.replayWillStart(start) } catch { expectations = nil }
        for r in start.scene.recognizers {
            index[ObjectIdentifier(r)] = stats.recognizers.count
            stats.recognizers.append(CorpusStats.RecognizerStats(name: r.name, kind: r.kind))
        }
        values = Array(repeating: [:], count: stats.recognizers.count)
        reasons = Array(repeating: [:], count: stats.recognizers.count)
    }

    public var observesTransitions: Bool { true }

    public func replay(didTransition t: Transition) {
        expectations?.replay(didTransition: t)
        guard let i = index[ObjectIdentifier(t.recognizer)] else { return }
        if stats.recognizers[i].count(previous: t.previous, state: t.state) {
            stats.outcomes.append((t.recognizer.name, t.state))
        }
        if let reason = t.reason, t.state == .failed || t.state == .cancelled {
            reasons[i][ReplaySummary.template(reason), default: 0] += 1
        }
        if t.state == .ended, let (quantity, value) = Self.keyValue(t), let q = CorpusStats.quantize(value, decimals: quantity.decimals) {
            values[i][quantity, default: [:]][q, default: 0] += 1
        }
    }

    /// The value a recognition is measured by (`CorpusStats.Quantity`).
    static func keyValue(_ t: Transition) -> (CorpusStats.Quantity, Double)? {
        if let scale = t.values.scale { return (.scale, scale) }
        if let rotation = t.values.rotation { return (.rotation, rotation) }
        if t.previous != .possible, let v = t.values.velocity { return (.velocity, (v.dx * v.dx + v.dy * v.dy).squareRoot()) }
        if t.previous == .possible {
            let start = t.recognizer.touches.map(\.beganTimestamp).min()
            if let start { return (.duration, t.time - start) }
        }
        return nil
    }

    /// The trace's stats, with reasons and values filled in: the reasons and the quantities in no
    /// particular order (summing them, `CorpusRun.stats` or `CorpusStats.merged`, orders them); each
    /// distribution's counts sorted by value, as `ValueDistribution` keeps them.
    public func finish() -> CorpusStats.TraceStats {
        var result = stats
        if let outcomes = expectations?.outcomes() {
            let kinds = Dictionary(stats.recognizers.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
            result.device = CorpusStats.DeviceAgreement.summed(
                outcomes.filter { $0.expectation.device != nil }.map { o in
                    CorpusStats.DeviceAgreement(kind: kinds[o.expectation.recognizer] ?? "?", expectations: 1, agreed: o.held ? 1 : 0)
                })
        }
        for i in result.recognizers.indices {
            result.recognizers[i].reasons = reasons[i].map { ($0.key, $0.value) }
            result.recognizers[i].values = values[i].map { q, counts in
                CorpusStats.ValueDistribution(quantity: q, counts: counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            }
        }
        return result
    }
}
