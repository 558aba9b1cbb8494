import TraceReplay

/// The stats as JSON (versioned, exactly mergeable: docs/output-format.md, "Stats JSON") and as a
/// table for people; and the JSON read back, checked field by field.
extension CorpusStats {
    /// The JSON, byte-stable: the same stats give the same bytes.
    public func json() -> String {
        var o = OutputBuffer(fileDescriptor: nil)
        o.append("{\n  \"format\": ")
        o.appendJSONString(Self.formatName)
        o.append(",\n  \"version\": \(Self.version),\n  \"configuration\": {")
        for (n, f) in configuration.enumerated() {
            o.append(n == 0 ? "\n    " : ",\n    ")
            o.appendJSONString(f.name)
            o.append(": ")
            o.appendJSONString(f.value)
        }
        o.append("\n  },\n  \"traces\": \(counted.count),\n  \"brokenTraces\": \(broken.count),\n  \"counted\": [")
        for (n, path) in counted.enumerated() {
            o.append(n == 0 ? "\n    " : ",\n    ")
            o.appendJSONString(path)
        }
        o.append(counted.isEmpty ? "],\n  \"broken\": [" : "\n  ],\n  \"broken\": [")
        for (n, b) in broken.enumerated() {
            o.append(n == 0 ? "\n    {\"path\": " : ",\n    {\"path\": ")
            o.appendJSONString(b.path)
            o.append(", \"exit\": \(b.exitCode), \"error\": ")
            o.appendJSONString(b.error)
            o.append("}")
        }
        o.append(broken.isEmpty ? "],\n  \"recognizers\": [" : "\n  ],\n  \"recognizers\": [")
        for (n, r) in recognizers.enumerated() {
            o.append(n == 0 ? "\n    {" : ",\n    {")
            o.append("\n      \"name\": ")
            o.appendJSONString(r.name)
            o.append(",\n      \"kind\": ")
            o.appendJSONString(r.kind)
            o.append(
                ",\n      \"attempts\": \(r.attempts),\n      \"recognized\": \(r.recognized),\n      \"failed\": \(r.failed),\n      \"cancelled\": \(r.cancelled),\n      \"reasons\": ["
            )
            for (k, reason) in r.reasons.enumerated() {
                o.append(k == 0 ? "\n        {\"template\": " : ",\n        {\"template\": ")
                o.appendJSONString(reason.template)
                o.append(", \"count\": \(reason.count)}")
            }
            o.append(r.reasons.isEmpty ? "],\n      \"values\": [" : "\n      ],\n      \"values\": [")
            for (k, v) in r.values.enumerated() {
                o.append(k == 0 ? "\n        {\"quantity\": " : ",\n        {\"quantity\": ")
                o.appendJSONString(v.quantity.rawValue)
                o.append(", \"unit\": ")
                o.appendJSONString(v.quantity.unit)
                o.append(", \"count\": \(v.count)")
                for (name, value) in v.summary {
                    o.append(", \"\(name)\": \(v.text(value))")
                }
                o.append(",\n         \"histogram\": [")
                for (c, entry) in v.counts.enumerated() {
                    if c > 0 { o.append(", ") }
                    o.append("[\(v.text(entry.value)), \(entry.count)]")
                }
                o.append("]}")
            }
            o.append(r.values.isEmpty ? "]\n    }" : "\n      ]\n    }")
        }
        o.append(recognizers.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return o.text
    }

    /// A table for people.
    public func text() -> String {
        // Names, kinds, reasons and paths come from scenes, traces and hand-editable stats files:
        // control characters escaped (`TerminalSafe`).
        let recognizers = recognizers.map { r in
            var r = r
            r.name = TerminalSafe.escaped(r.name)
            r.kind = TerminalSafe.escaped(r.kind)
            r.reasons = r.reasons.map { (TerminalSafe.escaped($0.template), $0.count) }
            return r
        }
        var s = "\(counted.count) trace\(counted.count == 1 ? "" : "s") counted, \(broken.count) broken\n"
        if !recognizers.isEmpty {
            let header = ["recognizer", "kind", "attempts", "recognized", "failed", "cancelled"]
            var rows = [header]
            for r in recognizers { rows.append([r.name, r.kind, "\(r.attempts)", "\(r.recognized)", "\(r.failed)", "\(r.cancelled)"]) }
            s += "\n" + Self.table(rows, rightAligned: 2)
        }
        let withReasons = recognizers.filter { !$0.reasons.isEmpty }
        if !withReasons.isEmpty {
            s += "\nfailure and cancel reasons (numbers as N):\n"
            for r in withReasons {
                s += "  \(r.name) (\(r.kind))\n"
                let width = r.reasons.map { String($0.count).count }.max() ?? 1
                for reason in r.reasons {
                    let count = String(reason.count)
                    s += "    " + String(repeating: " ", count: width - count.count) + count + "  " + reason.template + "\n"
                }
            }
        }
        let withValues = recognizers.filter { !$0.values.isEmpty }
        if !withValues.isEmpty {
            s += "\nvalues at recognition:\n"
            var rows = [["recognizer", "kind", "value", "count", "min", "p50", "p90", "p99", "max"]]
            for r in withValues {
                for v in r.values {
                    let label = v.quantity.rawValue + (v.quantity.unit.isEmpty ? "" : " " + v.quantity.unit)
                    rows.append([r.name, r.kind, label, "\(v.count)"] + v.summary.map { v.text($0.value) })
                }
            }
            s += Self.table(rows, rightAligned: 3, indent: "  ")
        }
        if !broken.isEmpty {
            s += "\nbroken traces (not counted):\n"
            for b in broken {
                // A multi-line error (with its notes) stays one indented block.
                s +=
                    "  "
                    + b.error.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalSafe.escaped(String($0)) }
                    .joined(separator: "\n    ") + "\n"
            }
        }
        return s
    }

    /// Columns separated by two spaces; from column `rightAligned` on, aligned right (the layout of
    /// `stats`' tables and `compare`'s).
    public static func table(_ rows: [[String]], rightAligned: Int, indent: String = "") -> String {
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i == widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        var s = ""
        for row in rows {
            var line = indent
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                if i > 0 { line += "  " }
                line += i >= rightAligned ? pad + cell : (i == row.count - 1 ? cell : cell + pad)
            }
            s += line + "\n"
        }
        return s
    }
}

extension CorpusStats.ValueDistribution {
    /// min, p50, p90, p99, max (nothing when empty).
    public var summary: [(name: String, value: Int)] {
        guard let minimum, let maximum else { return [] }
        return [("min", minimum)] + CorpusStats.percentiles.map { ("p\($0)", percentile($0)!) } + [("max", maximum)]
    }
}

// MARK: Reading

extension CorpusStats {
    /// Reads stats JSON written by `json()` (a `--format json` run or a merge). Anything else (another
    /// format or version, a missing or mistyped field, derived numbers that do not match what they
    /// derive from, as after a hand edit) is an error at the field, naming it.
    ///
    /// A hand edit that leaves the file inconsistent is refused too (issue #30, finding 26): a key
    /// twice in one object, `recognized + failed` above `attempts`, a reason template twice, a `kind`
    /// that `catalog` (when given: the run's, as `stats --merge` gives it) does not know, a `unit` that is not the quantity's, a value not written at the
    /// quantity's precision (`19.80000001` for a velocity, printed with 1 decimal), and a name, kind or
    /// template holding a control character (`stats` never writes one: scene names cannot
    /// hold them).
    public static func read(_ json: JSONValue, catalog: RecognizerCatalog? = nil) throws(TraceError) -> CorpusStats {
        func fail(_ message: String, _ v: JSONValue) -> TraceError { .invalidTrace(message, at: v.location) }
        func field(_ o: JSONValue, _ key: String, _ path: String) throws(TraceError) -> JSONValue {
            guard let v = o[key] else { throw fail("stats: missing field '\(path.isEmpty ? key : path + "." + key)'", o) }
            return v
        }
        func int(_ v: JSONValue, _ path: String) throws(TraceError) -> Int {
            // The one range of every count, read and written (``CorpusStats/maximumCount``).
            guard let d = v.doubleValue, d >= 0, d <= Double(CorpusStats.maximumCount), d == d.rounded() else {
                let what = v.doubleValue.map { formatShort($0, decimals: 3) } ?? v.typeDescription
                throw fail("stats: field '\(path)' must be a whole number from 0 to \(CorpusStats.maximumCount), not \(what)", v)
            }
            return Int(d)
        }
        func string(_ v: JSONValue, _ path: String) throws(TraceError) -> String {
            guard let s = v.stringValue else { throw fail("stats: field '\(path)' must be a string, not \(v.typeDescription)", v) }
            return s
        }
        /// A name, kind or template: a string without control characters (paths may hold them).
        func name(_ v: JSONValue, _ path: String) throws(TraceError) -> String {
            let s = try string(v, path)
            if let c = s.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                let hex = String(c.value, radix: 16, uppercase: true)
                throw fail(
                    "stats: field '\(path)' contains the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex)", v)
            }
            return s
        }
        /// A number written at `decimals` decimals (as `json()` writes it), in units of 10^-decimals.
        func exact(_ v: JSONValue, decimals: Int, _ path: String) -> Int? {
            guard let x = v.doubleValue, let q = quantize(x, decimals: decimals),
                Double(decimalText(q, decimals: decimals)) == x
            else { return nil }
            return q
        }
        func array(_ v: JSONValue, _ path: String) throws(TraceError) -> [JSONValue] {
            guard let a = v.arrayValue else { throw fail("stats: field '\(path)' must be an array, not \(v.typeDescription)", v) }
            return a
        }
        func known(_ o: JSONValue, _ keys: [String], _ path: String) throws(TraceError) {
            guard let members = o.objectValue else {
                throw fail("stats: '\(path.isEmpty ? "the file" : path)' must be an object, not \(o.typeDescription)", o)
            }
            var seen: Set<String> = []
            for m in members {
                let name = path.isEmpty ? m.key : path + "." + m.key
                guard keys.contains(m.key) else {
                    throw .invalidTrace(
                        "stats: unknown field '\(name)'; expected one of: \(keys.joined(separator: ", "))", at: m.keyLocation)
                }
                guard seen.insert(m.key).inserted else { throw .invalidTrace("stats: field '\(name)' is given twice", at: m.keyLocation) }
            }
        }
        try known(json, ["format", "version", "configuration", "traces", "brokenTraces", "counted", "broken", "recognizers"], "")
        let format = try field(json, "format", "")
        guard format.stringValue == formatName else {
            throw .invalidTrace(
                "stats: field 'format' must be \"\(formatName)\" (is this a \(option: .statsJSON) file?)", at: format.location)
        }
        let version = try field(json, "version", "")
        guard version.doubleValue == Double(Self.version) else {
            throw fail(
                "stats: field 'version' is \(version.doubleValue.map { formatShort($0, decimals: 3) } ?? version.typeDescription); this gesturereplay reads version \(Self.version)",
                version)
        }
        let configuration = try field(json, "configuration", "")
        guard let configMembers = configuration.objectValue else {
            throw fail("stats: field 'configuration' must be an object, not \(configuration.typeDescription)", configuration)
        }
        var stats = CorpusStats(configuration: [])
        for m in configMembers {
            stats.configuration.append(Field(m.key, try string(m.value, "configuration." + m.key)))
        }
        for (i, v) in try array(try field(json, "counted", ""), "counted").enumerated() {
            stats.counted.append(try string(v, "counted[\(i)]"))
        }
        for (i, v) in try array(try field(json, "broken", ""), "broken").enumerated() {
            let p = "broken[\(i)]"
            try known(v, ["path", "exit", "error"], p)
            let exit = try int(try field(v, "exit", p), p + ".exit")
            guard exit > 0 && exit < 256 else { throw fail("stats: field '\(p).exit' must be an exit status 1...255", v["exit"]!) }
            stats.broken.append(
                BrokenTrace(
                    path: try string(try field(v, "path", p), p + ".path"), exitCode: Int32(exit),
                    error: try string(try field(v, "error", p), p + ".error")))
        }
        let traces = try field(json, "traces", "")
        guard try int(traces, "traces") == stats.counted.count else {
            throw fail("stats: field 'traces' is not the number of 'counted' paths (\(stats.counted.count))", traces)
        }
        let brokenCount = try field(json, "brokenTraces", "")
        guard try int(brokenCount, "brokenTraces") == stats.broken.count else {
            throw fail("stats: field 'brokenTraces' is not the number of 'broken' entries (\(stats.broken.count))", brokenCount)
        }
        for (i, v) in try array(try field(json, "recognizers", ""), "recognizers").enumerated() {
            let p = "recognizers[\(i)]"
            try known(v, ["name", "kind", "attempts", "recognized", "failed", "cancelled", "reasons", "values"], p)
            var r = RecognizerStats(
                name: try name(try field(v, "name", p), p + ".name"), kind: try name(try field(v, "kind", p), p + ".kind"))
            r.attempts = try int(try field(v, "attempts", p), p + ".attempts")
            r.recognized = try int(try field(v, "recognized", p), p + ".recognized")
            r.failed = try int(try field(v, "failed", p), p + ".failed")
            r.cancelled = try int(try field(v, "cancelled", p), p + ".cancelled")
            // The catalog's kinds, and the scroll view's own recognizers (`UIScrollView`'s pan, paging and
            // delayed-touches recognizers, counted as any other).
            if let catalog, catalog.kind(named: r.kind) == nil, !["scrollViewPan", "delayedTouchesBegan", "pagingSwipe"].contains(r.kind) {
                throw fail("stats: field '\(p).kind': unknown recognizer kind '\(r.kind)'", v["kind"]!)
            }
            // Each attempt (leaving possible) ends at most once recognized or failed.
            if r.recognized + r.failed > r.attempts {
                throw fail(
                    "stats: fields '\(p).recognized' (\(r.recognized)) and 'failed' (\(r.failed)) add up to more than 'attempts' (\(r.attempts))",
                    v["recognized"]!)
            }
            var templates: Set<String> = []
            for (k, reason) in try array(try field(v, "reasons", p), p + ".reasons").enumerated() {
                let rp = p + ".reasons[\(k)]"
                try known(reason, ["template", "count"], rp)
                let template = try name(try field(reason, "template", rp), rp + ".template")
                guard templates.insert(template).inserted else {
                    throw fail("stats: field '\(rp).template': the reason '\(template)' is listed twice", reason["template"]!)
                }
                r.reasons.append(
                    (
                        template,
                        try int(try field(reason, "count", rp), rp + ".count")
                    ))
            }
            for (k, value) in try array(try field(v, "values", p), p + ".values").enumerated() {
                let vp = p + ".values[\(k)]"
                try known(value, ["quantity", "unit", "count", "min", "p50", "p90", "p99", "max", "histogram"], vp)
                let qv = try field(value, "quantity", vp)
                guard let q = Quantity(rawValue: try string(qv, vp + ".quantity")) else {
                    throw fail(
                        "stats: field '\(vp).quantity' must be one of: \(Quantity.allCases.map(\.rawValue).joined(separator: ", "))", qv)
                }
                let unit = try field(value, "unit", vp)
                guard try string(unit, vp + ".unit") == q.unit else {
                    throw fail("stats: field '\(vp).unit' must be \"\(q.unit)\" for \(q.rawValue)", unit)
                }
                var d = ValueDistribution(quantity: q, counts: [])
                var total = 0
                for (h, entry) in try array(try field(value, "histogram", vp), vp + ".histogram").enumerated() {
                    let hp = vp + ".histogram[\(h)]"
                    guard let pair = entry.arrayValue, pair.count == 2, pair[0].doubleValue != nil
                    else { throw fail("stats: field '\(hp)' must be [value, count]", entry) }
                    guard let quantized = exact(pair[0], decimals: q.decimals, hp) else {
                        throw fail(
                            "stats: field '\(hp)[0]' must be written with \(q.decimals) decimal\(q.decimals == 1 ? "" : "s") (as stats writes it)",
                            pair[0])
                    }
                    let count = try int(pair[1], hp + "[1]")
                    if let last = d.counts.last, last.value >= quantized {
                        throw fail("stats: field '\(hp)': histogram values must increase", pair[0])
                    }
                    guard count > 0 else { throw fail("stats: field '\(hp)[1]' must be >= 1", pair[1]) }
                    total += count
                    guard total <= CorpusStats.maximumCount else {
                        throw fail(
                            "stats: field '\(hp)[1]': the histogram's counts add up to more than \(CorpusStats.maximumCount)", pair[1])
                    }
                    d.counts.append((quantized, count))
                }
                // The derived numbers must be what the histogram gives (a hand edit shows here).
                let countValue = try field(value, "count", vp)
                guard try int(countValue, vp + ".count") == d.count else {
                    throw fail("stats: field '\(vp).count' does not match its histogram (\(d.count))", countValue)
                }
                for (name, expected) in d.summary {
                    let got = try field(value, name, vp)
                    guard exact(got, decimals: q.decimals, vp) == expected else {
                        throw fail("stats: field '\(vp).\(name)' does not match its histogram (\(d.text(expected)))", got)
                    }
                }
                r.values.append(d)
            }
            stats.recognizers.append(r)
        }
        return stats
    }
}
