@_spi(Formatting) import GestureEngine
import TraceReplay

/// The panel beside the scene: the numbered outcomes with their reasons, the key and the
/// recognizers' counts.
extension SVGPicture {
    /// Beside the scene (below a wide one): the numbered outcomes with their reasons, then the key
    /// and the recognizers' counts. Returns its bottom.
    mutating func drawPanel() -> Double {
        var y = panelTop + 12
        if let inset { y = inset.bottom + 40 }
        let left = panelLeft
        raw("<g class=\"outcomes\">\n<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">")
        raw(rows.isEmpty ? "no recognizer ended, failed or was cancelled" : "outcomes (numbered on the picture)"); raw("</text>\n")
        // The reason's characters per line: 0.62 em each at 11 px (generous: the text stays inside the list).
        let columns = Int((Self.panelWidth - 14) / (11 * 0.62))
        for (n, row) in rows.prefix(Picture.maximumListedOutcomes).enumerated() {
            let s = data.steps[row.headline]
            let said = OutcomeList.text(of: row, data)
            let lines = said.detail.map { Self.wrapped($0, columns: columns) } ?? []
            y += 16
            raw("<g class=\"outcome "); raw(s.state.description)
            if row.kind != .transition { raw(" scroll-gesture") }
            raw("\"><title>")
            for (k, i) in row.steps.enumerated() {
                if k > 0 { raw("\n") }
                describe(data.steps[i])
            }
            raw("</title>")
            if let h = highlighted, row.steps.contains(h) {
                raw("<rect class=\"differs\" x=\""); num(left - 3); raw("\" y=\""); num(y - 12); raw("\" width=\""); num(Self.panelWidth)
                raw("\" height=\""); num(16 + 14 * Double(lines.count)); raw("\" fill=\"#ffe14d\"/>")
            }
            let number = String(n + 1)
            let w = LabelPlacer.width(number, size: 10) + 6
            badge(number, x: left, y: y, width: w, state: s.state)
            raw("<text x=\""); num(left + w + 5); raw("\" y=\""); num(y); raw("\"><tspan font-weight=\"bold\" fill=\"")
            raw(
                row.kind == .delivered || row.kind == .withheld || row.kind == .notScrolled
                    ? "#555" : s.state == .cancelled ? "#93600c" : Self.colour(s.state))
            raw("\">"); text(said.word)
            raw("</tspan> "); time(s.time); raw(" s  "); name(Self.short(said.title, 44)); raw("</text>")
            for line in lines {
                y += 14
                raw("<text class=\"reason\" x=\""); num(left + 14); raw("\" y=\""); num(y); raw("\" fill=\"#333\">"); text(line);
                raw("</text>")
            }
            raw("</g>\n")
        }
        if rows.count > Picture.maximumListedOutcomes {
            y += 16
            raw("<text x=\""); num(left); raw("\" y=\""); num(y);
            raw("\" fill=\"#555\">and \(rows.count - Picture.maximumListedOutcomes) more (hover the markers)</text>\n")
        }
        if !listsEveryOutcome && rows.contains(where: { $0.kind != .transition }) {
            y += 16
            raw("<text x=\""); num(left); raw("\" y=\""); num(y)
            raw(
                "\" fill=\"#555\">a scroll view's own recognizers: one row per gesture (" + spelled("\(option: .everyOutcome)")
                    + " lists each)</text>\n")
        }
        raw("</g>\n")
        y += 30
        raw("<g class=\"key\">\n<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">key</text>\n")
        var shapes: [(String, String)] = [
            (
                "<circle cx=\"6\" cy=\"0\" r=\"5\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>",
                "a touch starts (a dot per sample, ticks: time since)"
            ),
            (
                "<rect x=\"2\" y=\"-4\" width=\"8\" height=\"8\" fill=\"none\" stroke=\"#555\" stroke-width=\"2\"/>",
                "a touch ends (a cross: cancelled)"
            ),
            ("<path d=\"M6,-6l6,11h-12z\" fill=\"none\" stroke=\"\(Self.colour(.began))\" stroke-width=\"2\"/>", "a recognizer began"),
            ("<circle cx=\"6\" cy=\"0\" r=\"6\" fill=\"\(Self.colour(.ended))\"/>", "recognized (ended)"),
            ("<path d=\"M1,-5l10,10m0,-10l-10,10\" stroke=\"\(Self.colour(.failed))\" stroke-width=\"3\"/>", "failed"),
            (
                "<circle cx=\"6\" cy=\"0\" r=\"5\" fill=\"none\" stroke=\"\(Self.colour(.cancelled))\" stroke-width=\"2.5\"/><path d=\"M2,4l8,-8\" stroke=\"\(Self.colour(.cancelled))\" stroke-width=\"2.5\"/>",
                "cancelled"
            ),
            (
                "<line x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\" stroke=\"#333\" stroke-width=\"1.5\" marker-end=\"url(#arrow)\"/>",
                "velocity: 0.1 s of travel"
            ),
        ]
        shapes += scrollAndControlKey
        for (shape, meaning) in shapes {
            y += 17
            raw("<g transform=\"translate("); num(left); raw(","); num(y - 4); raw(")\">"); raw(shape); raw("</g><text x=\"");
            num(left + 22)
            raw("\" y=\""); num(y); raw("\">"); raw(meaning); raw("</text>\n")
        }
        // Per recognizer: the --summary counts (ReplaySummary.outcome's rule).
        y += 24
        raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" font-weight=\"bold\">recognizers</text>\n")
        var counts = [[Int]](repeating: [0, 0, 0], count: data.recognizers.count)
        // Every transition in the window (kept or not), else the kept ones (a picture made from its data).
        if let totals = data.outcomeBuckets?.totals {
            for (lane, c) in totals.enumerated() where lane < counts.count {
                counts[lane] = [Int(c.recognized), Int(c.failed), Int(c.cancelled)]
            }
        } else {
            for step in data.steps {
                switch ReplaySummary.outcome(previous: step.previous, state: step.state) {
                case .recognized: counts[step.lane][0] += 1
                case .failed: counts[step.lane][1] += 1
                case .cancelled: counts[step.lane][2] += 1
                case nil: break
                }
            }
        }
        for (lane, r) in data.recognizers.enumerated().prefix(12) {
            y += 15
            var words: [String] = []
            for (n, word) in zip(counts[lane], ["recognized", "failed", "cancelled"]) where n > 0 { words.append("\(word) \(n)") }
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\">"); name(Self.short(r.name, 28)); raw(": ")
            raw(words.isEmpty ? "no outcome" : words.joined(separator: ", ")); raw("</text>\n")
        }
        if data.recognizers.count > 12 {
            y += 15
            raw("<text x=\""); num(left); raw("\" y=\""); num(y); raw("\" fill=\"#555\">and \(data.recognizers.count - 12) more</text>\n")
        }
        y = drawControlCounts(left: left, y: y)
        raw("</g>\n")
        return y
    }
}
