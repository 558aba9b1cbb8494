@_spi(Formatting) import GestureEngine
import TraceReplay

/// The timeline: a lane per recognizer, then the control and offset lanes, then the touch lanes,
/// the axis and the legend.
extension SVGPicture {
    mutating func drawTimeline(top: Double, t0: Double, t1: Double) -> Double {
        let left = Self.margin + Self.labelWidth, right = width - Self.margin
        let span = t1 - t0
        func tx(_ t: Double) -> Double {
            let v = left + (t - t0) / span * (right - left)
            return v.isFinite ? min(max(v, left), right) : left
        }
        raw("<g class=\"timeline\">\n<text x=\""); num(Self.margin); raw("\" y=\""); num(top - 10)
        let axis = TimeAxis(from: t0, to: t1, pixels: right - left)
        raw("\" font-weight=\"bold\">timeline (s of trace time")
        if let origin = axis.origin { raw(" after "); raw(Self.fixed(origin, 3)); raw(" s") }
        raw(")</text>\n")
        let lanes = min(data.recognizers.count, Self.maximumRecognizerLanes)
        let summary = summarisesTimeline(pixels: right - left)
        let touchLanes = summary != nil ? 1 : data.touchLanes
        let lanesBottom =
            top + 6 + Double(lanes) * (summary != nil ? Self.summaryLaneHeight : Self.laneHeight) + Double(touchLanes) * Self.laneHeight
            + scrollAndControlLanesHeight
        // Axis ticks: round times at least 70 px apart.
        for (t, label) in axis.ticks {
            let x = tx(t)
            raw("<line x1=\""); num(x); raw("\" y1=\""); num(top); raw("\" x2=\""); num(x); raw("\" y2=\""); num(lanesBottom)
            raw("\" stroke=\"#e5e5e5\"/><text x=\""); num(x); raw("\" y=\""); num(top)
            raw("\" font-size=\"9\" text-anchor=\"middle\" fill=\"#777\">"); raw(label); raw("</text>\n")
        }
        if let h = highlighted {
            let x = tx(data.steps[h].time)
            raw("<rect class=\"differs\" x=\""); num(x - 4); raw("\" y=\""); num(top + 2); raw("\" width=\"8\" height=\"");
            num(lanesBottom - top - 2)
            raw("\" fill=\"#ffd400\" fill-opacity=\"0.6\"/>\n")
        }
        var y = top + 6
        var hidden = 0
        var timelinePlacer = LabelPlacer()
        timelinePlacer.bounds = .init(x0: 0, y0: top - 30, x1: width - 2, y1: .infinity)
        // Recognizer lanes: began/changed as a span, the terminal states as instants (the engine resets
        // the recognizer in the same step), every transition a mark.
        for lane in 0..<lanes {
            if let summary {
                drawSummaryLane(lane, summary, top: y, tx: tx)
                y += Self.summaryLaneHeight
                continue
            }
            let r = data.recognizers[lane]
            raw("<g class=\"lane recognizer\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\">")
            name(Self.short(r.name + " (" + r.kind + ")", 34)); raw("<title>"); name(r.name); raw(" ("); text(r.kind);
            raw(")</title></text>\n")
            raw("<rect x=\""); num(left); raw("\" y=\""); num(y + 8); raw("\" width=\""); num(right - left); raw("\" height=\"2\" fill=\"")
            raw(Self.colour(.possible)); raw("\"/>\n")
            var since: Double? = data.initialStates[lane] == .began || data.initialStates[lane] == .changed ? t0 : nil
            var lastSpanPixel = -Double.infinity, lastMarkPixel = -Double.infinity
            func endSpan(_ at: Double, _ pic: inout SVGPicture) {
                guard let from = since else { return }
                since = nil
                let x0 = tx(from), x1 = max(tx(at), x0 + 2)
                if x0 - lastSpanPixel < 3 { hidden += 1; return }
                lastSpanPixel = x0
                pic.raw("<rect x=\""); pic.num(x0); pic.raw("\" y=\""); pic.num(y + 3); pic.raw("\" width=\""); pic.num(x1 - x0)
                pic.raw("\" height=\"12\" fill=\""); pic.raw(Self.colour(.changed)); pic.raw("\"><title>"); pic.name(r.name)
                pic.raw(" in progress from "); pic.time(from); pic.raw(" s to "); pic.time(at); pic.raw(" s</title></rect>\n")
            }
            for (i, s) in data.steps.enumerated() where s.lane == lane {
                switch s.state {
                case .began:
                    endSpan(s.time, &self)
                    since = s.time
                case .changed, .possible:
                    if since == nil && s.state == .changed { since = s.time }
                    continue
                case .ended, .failed, .cancelled:
                    endSpan(s.time, &self)
                }
                // A mark per transition (began, ended, failed, cancelled), one per pixel column and kind.
                let x = tx(s.time)
                let listed = numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes
                if x - lastMarkPixel < 3 && !listed { hidden += 1; continue }
                lastMarkPixel = x
                let my = y + 9
                // A short title (the scene's marker has every value).
                raw("<g class=\"mark "); raw(s.state.description); raw("\"><title>")
                if numbers[i] > 0 { raw("("); out.append(numbers[i]); raw(") ") }
                name(r.name); raw(" "); raw(s.state.description); raw(" at "); time(s.time); raw(" s")
                if let reason = s.reason { raw("; reason: "); text(reason) }
                raw("</title>")
                timelineMark(s.state, x: x, y: my)
                raw("</g>\n")
                if numbers[i] > 0 && numbers[i] <= Picture.maximumListedOutcomes {
                    let s = String(numbers[i])
                    let w = LabelPlacer.width(s, size: 9)
                    if case let (lx, ly)? = timelinePlacer.place(width: w, size: 9, candidates: [(x + 6, my - 3), (x - 6 - w, my - 3)]) {
                        label(s, x: lx, y: ly, size: 9, fill: "#333")
                        raw("\n")
                    }
                }
            }
            endSpan(t1, &self)
            raw("</g>\n")
            y += Self.laneHeight
        }
        if data.recognizers.count > lanes {
            notes.append(
                "timeline: \(data.recognizers.count - lanes) more recognizers without a lane (at most \(Self.maximumRecognizerLanes))")
        }
        y = drawControlLanes(top: y, left: left, right: right, tx: tx, placer: &timelinePlacer)
        y = drawOffsetLanes(top: y, left: left, right: right, t0: t0, t1: t1, tx: tx, placer: &timelinePlacer)
        // Touch lanes (reused once free): a bar per touch in its colour; summarised, touches per bucket.
        if let summary {
            drawTouchCountLane(summary, top: y, tx: tx)
            y += Self.laneHeight
        }
        for lane in 0..<touchLanes where summary == nil {
            raw("<g class=\"lane touch\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\" fill=\"#555\">touches, lane ")
            out.append(lane + 1); raw("</text>")
            for t in data.touches where t.lane == lane {
                guard let a = t.drawnTimes.first else { continue }
                let x0 = tx(a), x1 = max(tx(t.lastTime), x0 + 2)
                raw("<rect x=\""); num(x0); raw("\" y=\""); num(y + 5); raw("\" width=\""); num(x1 - x0); raw("\" height=\"8\" fill=\"")
                raw(Self.touchColour(t.ordinal)); raw("\"><title>touch "); name(t.label); raw(" "); time(a); raw(" s to "); time(t.lastTime)
                raw(" s</title></rect>")
                let s = Self.short(t.label, 12)
                let w = LabelPlacer.width(s, size: 9)
                if case let (lx, ly)? = timelinePlacer.place(width: w, size: 9, candidates: [(x0 + 2, y + 3)]) {
                    label(s, x: lx, y: ly, size: 9, fill: Self.touchColour(t.ordinal), isName: true)
                }
            }
            raw("</g>\n")
            y += Self.laneHeight
        }
        if let summary {
            notes.append(
                spelled(
                    "timeline: outcomes counted per \(Self.fixed(summary.seconds, 3, trim: true)) s (marks would overlap); \(option: .pictureFrom)/\(option: .pictureTo) draws a part mark by mark"
                ))
        }
        if hidden > 0 { notes.append("timeline: \(hidden) marks or spans closer than 3 px to the one before not drawn") }
        // Legend: each state as the timeline draws it (told apart by shape, not by colour alone).
        y += 16
        var x = Self.margin
        for (word, state) in [
            ("possible", GestureRecognizerState.possible), ("began/changed", .changed), ("began", .began), ("recognized", .ended),
            ("failed", .failed), ("cancelled", .cancelled),
        ] {
            raw("<g class=\"legend "); raw(state.description); raw("\">")
            switch state {
            case .possible:
                raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 5); raw("\" width=\"16\" height=\"2\" fill=\"");
                raw(Self.colour(.possible)); raw("\"/>")
            case .changed:
                raw("<rect x=\""); num(x); raw("\" y=\""); num(y - 10); raw("\" width=\"16\" height=\"12\" fill=\"");
                raw(Self.colour(.changed)); raw("\"/>")
            default:
                timelineMark(state, x: x + 8, y: y - 4)
            }
            raw("<text x=\""); num(x + 20); raw("\" y=\""); num(y); raw("\">"); raw(word); raw("</text></g>")
            x += 30 + Double(word.count) * 6.5
        }
        if summary != nil { y = drawSummaryLegend(y: y + 18) }
        raw("\n</g>\n")
        return y
    }

    /// A state's mark on the timeline, centred at `(x, y)`: began a vertical stroke, recognized a
    /// dot, failed a cross, cancelled a slashed ring (shapes a reader tells apart without colour).
    mutating func timelineMark(_ state: GestureRecognizerState, x: Double, y my: Double) {
        let c = Self.colour(state)
        switch state {
        case .began:
            raw("<path d=\"M"); num(x); raw(","); num(my - 7); raw("v14\" stroke=\"#2b5d9a\" stroke-width=\"2\"/>")
        case .ended:
            raw("<circle cx=\""); num(x); raw("\" cy=\""); num(my); raw("\" r=\"5\" fill=\""); raw(c); raw("\" stroke=\"#fff\"/>")
        case .failed:
            raw("<path d=\"M"); num(x - 4.5); raw(","); num(my - 4.5); raw("l9,9m0,-9l-9,9\" stroke=\""); raw(c)
            raw("\" stroke-width=\"2.5\"/>")
        default:
            raw("<circle cx=\""); num(x); raw("\" cy=\""); num(my); raw("\" r=\"4\" fill=\"#fff\" stroke=\""); raw(c)
            raw("\" stroke-width=\"2\"/><path d=\"M"); num(x - 3); raw(","); num(my + 3); raw("l6,-6\" stroke=\""); raw(c);
            raw("\" stroke-width=\"2\"/>")
        }
    }
}
