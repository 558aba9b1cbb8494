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
        o.append(recognizers.isEmpty ? "]" : "\n  ]")
        // Only with traces a truth recorder wrote: other stats keep their bytes.
        if !device.isEmpty {
            o.append(",\n  \"device\": [")
            for (n, d) in device.enumerated() {
                o.append(n == 0 ? "\n    {\"kind\": " : ",\n    {\"kind\": ")
                o.appendJSONString(d.kind)
                o.append(", \"expectations\": \(d.expectations), \"agreed\": \(d.agreed)}")
            }
            o.append("\n  ]")
        }
        o.append("\n}\n")
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
        if !device.isEmpty {
            s += "\nagreement with the device (recorded expectations the replay met), per kind:\n"
            var rows = [["kind", "expectations", "agreed", "%"]]
            for d in device {
                let percent = d.expectations == 0 ? "-" : formatShort(Double(d.agreed) * 100 / Double(d.expectations), decimals: 1)
                rows.append([TerminalSafe.escaped(d.kind), "\(d.expectations)", "\(d.agreed)", percent])
            }
            s += Self.table(rows, rightAligned: 1, indent: "  ")
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
        // Messages name a value as `stats: field 'recognizers[0].kind'`, the whole file as `stats: the file`.
        let file = JSONPath("stats: the file")
        let field = JSONPath("stats: field")
        /// A count: the one range of every count, read and written (``CorpusStats/maximumCount``).
        func count(_ v: JSONValue, _ path: JSONPath) throws(TraceError) -> Int {
            try v.integer(at: path, in: 0...CorpusStats.maximumCount)
        }
        /// A number written at `decimals` decimals (as `json()` writes it), in units of 10^-decimals.
        func exact(_ v: JSONValue, decimals: Int) -> Int? {
            guard let x = v.doubleValue, let q = quantize(x, decimals: decimals),
                Double(decimalText(q, decimals: decimals)) == x
            else { return nil }
            return q
        }
        let topKeys = ["format", "version", "configuration", "traces", "brokenTraces", "counted", "broken", "recognizers", "device"]
        try json.object(at: file, allowing: topKeys, uniqueKeys: true)
        let format = try json.member("format", in: file)
        guard format.stringValue == formatName else {
            throw format.error("\(field.key("format")) must be \"\(formatName)\" (is this a \(option: .statsJSON) file?)")
        }
        let version = try json.member("version", in: file)
        guard version.doubleValue == Double(Self.version) else {
            throw version.error(
                "\(field.key("version")) is \(version.doubleValue.map { formatShort($0, decimals: 3) } ?? version.typeDescription); this gesturereplay reads version \(Self.version)"
            )
        }
        var stats = CorpusStats(configuration: [])
        for m in try json.member("configuration", in: file).object(at: field.key("configuration")) {
            stats.configuration.append(Field(m.key, try m.value.string(at: field.key("configuration").key(m.key))))
        }
        for (i, v) in try json.member("counted", in: file).array(at: field.key("counted")).enumerated() {
            stats.counted.append(try v.string(at: field.key("counted")[i]))
        }
        for (i, v) in try json.member("broken", in: file).array(at: field.key("broken")).enumerated() {
            let p = field.key("broken")[i]
            try v.object(at: p, allowing: ["path", "exit", "error"], uniqueKeys: true)
            let exitValue = try v.member("exit", in: p)
            let exit = try count(exitValue, p.key("exit"))
            guard exit > 0 && exit < 256 else { throw exitValue.error("\(p.key("exit")) must be an exit status 1...255") }
            stats.broken.append(
                BrokenTrace(
                    path: try v.member("path", in: p).string(at: p.key("path")), exitCode: Int32(exit),
                    error: try v.member("error", in: p).string(at: p.key("error"))))
        }
        let traces = try json.member("traces", in: file)
        guard try count(traces, field.key("traces")) == stats.counted.count else {
            throw traces.error("\(field.key("traces")) is not the number of 'counted' paths (\(stats.counted.count))")
        }
        let brokenCount = try json.member("brokenTraces", in: file)
        guard try count(brokenCount, field.key("brokenTraces")) == stats.broken.count else {
            throw brokenCount.error("\(field.key("brokenTraces")) is not the number of 'broken' entries (\(stats.broken.count))")
        }
        for (i, v) in try json.member("recognizers", in: file).array(at: field.key("recognizers")).enumerated() {
            let p = field.key("recognizers")[i]
            try v.object(
                at: p, allowing: ["name", "kind", "attempts", "recognized", "failed", "cancelled", "reasons", "values"], uniqueKeys: true)
            var r = RecognizerStats(
                name: try v.member("name", in: p).name(at: p.key("name")), kind: try v.member("kind", in: p).name(at: p.key("kind")))
            r.attempts = try count(try v.member("attempts", in: p), p.key("attempts"))
            r.recognized = try count(try v.member("recognized", in: p), p.key("recognized"))
            r.failed = try count(try v.member("failed", in: p), p.key("failed"))
            r.cancelled = try count(try v.member("cancelled", in: p), p.key("cancelled"))
            // The catalog's kinds, and the scroll view's own recognizers (`UIScrollView`'s pan, paging and
            // delayed-touches recognizers, counted as any other).
            if let catalog, catalog.kind(named: r.kind) == nil, !["scrollViewPan", "delayedTouchesBegan", "pagingSwipe"].contains(r.kind) {
                throw v["kind"]!.error("\(p.key("kind")): unknown recognizer kind '\(r.kind)'")
            }
            // Each attempt (leaving possible) ends at most once recognized or failed.
            if r.recognized + r.failed > r.attempts {
                throw v["recognized"]!.error(
                    "\(p.key("recognized")) (\(r.recognized)) and 'failed' (\(r.failed)) add up to more than 'attempts' (\(r.attempts))")
            }
            var templates: Set<String> = []
            for (k, reason) in try v.member("reasons", in: p).array(at: p.key("reasons")).enumerated() {
                let rp = p.key("reasons")[k]
                try reason.object(at: rp, allowing: ["template", "count"], uniqueKeys: true)
                let template = try reason.member("template", in: rp).name(at: rp.key("template"))
                guard templates.insert(template).inserted else {
                    throw reason["template"]!.error("\(rp.key("template")): the reason '\(template)' is listed twice")
                }
                r.reasons.append((template, try count(try reason.member("count", in: rp), rp.key("count"))))
            }
            for (k, value) in try v.member("values", in: p).array(at: p.key("values")).enumerated() {
                let vp = p.key("values")[k]
                try value.object(
                    at: vp, allowing: ["quantity", "unit", "count", "min", "p50", "p90", "p99", "max", "histogram"], uniqueKeys: true)
                let qv = try value.member("quantity", in: vp)
                guard let q = Quantity(rawValue: try qv.string(at: vp.key("quantity"))) else {
                    throw qv.error("\(vp.key("quantity")) must be one of: \(Quantity.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let unit = try value.member("unit", in: vp)
                guard try unit.string(at: vp.key("unit")) == q.unit else {
                    throw unit.error("\(vp.key("unit")) must be \"\(q.unit)\" for \(q.rawValue)")
                }
                var d = ValueDistribution(quantity: q, counts: [])
                var total = 0
                for (h, entry) in try value.member("histogram", in: vp).array(at: vp.key("histogram")).enumerated() {
                    let hp = vp.key("histogram")[h]
                    guard let pair = entry.arrayValue, pair.count == 2, pair[0].doubleValue != nil
                    else { throw entry.error("\(hp) must be [value, count]") }
                    guard let quantized = exact(pair[0], decimals: q.decimals) else {
                        throw pair[0].error(
                            "\(hp[0]) must be written with \(q.decimals) decimal\(q.decimals == 1 ? "" : "s") (as stats writes it)")
                    }
                    let n = try count(pair[1], hp[1])
                    if let last = d.counts.last, last.value >= quantized {
                        throw pair[0].error("\(hp): histogram values must increase")
                    }
                    guard n > 0 else { throw pair[1].error("\(hp[1]) must be >= 1") }
                    total += n
                    guard total <= CorpusStats.maximumCount else {
                        throw pair[1].error("\(hp[1]): the histogram's counts add up to more than \(CorpusStats.maximumCount)")
                    }
                    d.counts.append((quantized, n))
                }
                // The derived numbers must be what the histogram gives (a hand edit shows here).
                let countValue = try value.member("count", in: vp)
                guard try count(countValue, vp.key("count")) == d.count else {
                    throw countValue.error("\(vp.key("count")) does not match its histogram (\(d.count))")
                }
                for (name, expected) in d.summary {
                    let got = try value.member(name, in: vp)
                    guard exact(got, decimals: q.decimals) == expected else {
                        throw got.error("\(vp.key(name)) does not match its histogram (\(d.text(expected)))")
                    }
                }
                r.values.append(d)
            }
            stats.recognizers.append(r)
        }
        if let list = json.optionalMember("device") {
            var kinds: Set<String> = []
            for (i, v) in try list.array(at: field.key("device")).enumerated() {
                let p = field.key("device")[i]
                try v.object(at: p, allowing: ["kind", "expectations", "agreed"], uniqueKeys: true)
                let kind = try v.member("kind", in: p)
                let agreed = try v.member("agreed", in: p)
                let d = DeviceAgreement(
                    kind: try kind.name(at: p.key("kind")),
                    expectations: try count(try v.member("expectations", in: p), p.key("expectations")),
                    agreed: try count(agreed, p.key("agreed")))
                guard d.agreed <= d.expectations else {
                    throw agreed.error("\(p.key("agreed")) (\(d.agreed)) is more than 'expectations' (\(d.expectations))")
                }
                guard kinds.insert(d.kind).inserted else {
                    throw kind.error("\(p.key("kind")): the kind '\(d.kind)' is listed twice")
                }
                stats.device.append(d)
            }
            stats.device.sort { $0.kind < $1.kind }
        }
        return stats
    }
}
