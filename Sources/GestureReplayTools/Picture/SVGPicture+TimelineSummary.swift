@_spi(Formatting) import GestureEngine
import TraceReplay

/// The timeline of a dense trace (docs/pictures.md): where marks would overlap (or transitions past
/// `Picture.maximumSteps` were not kept), each recognizer's lane shows its outcomes counted per time
/// bucket (`OutcomeBuckets`): recognitions as bars above the lane's line, failures below it (filled)
/// and cancellations below those (hollow), one scale for every lane; the touch lanes become one
/// lane of touch-downs per bucket.
extension SVGPicture {
    /// A summarised recognizer lane's height, px.
    static let summaryLaneHeight = 26.0
    /// The longest bar above or below the line, px.
    static let summaryBar = 10.0
    /// Average pixels per outcome on a lane below which the timeline is summarised.
    static let summaryDensity = 6.0

    /// The buckets when the timeline is summarised: transitions were left out, or a lane has more
    /// outcomes than `pixels / summaryDensity`. Nil: mark by mark.
    func summarisesTimeline(pixels: Double) -> OutcomeBuckets? {
        guard let buckets = data.outcomeBuckets, !buckets.totals.isEmpty else { return nil }
        let densest = buckets.totals.map(\.total).max() ?? 0
        return data.droppedSteps > 0 || Double(densest) > pixels / Self.summaryDensity ? buckets : nil
    }

    /// The largest count above (recognized) and below (failed and cancelled) the line in any bucket of any lane.
    static func summaryScale(_ b: OutcomeBuckets) -> (up: Int, down: Int) {
        var up = 1, down = 1
        for lane in b.lanes {
            for c in lane {
                up = max(up, Int(c.recognized))
                down = max(down, Int(c.failed) + Int(c.cancelled))
            }
        }
        return (up, down)
    }

    mutating func drawSummaryLane(_ lane: Int, _ b: OutcomeBuckets, top y: Double, tx: (Double) -> Double) {
        let r = data.recognizers[lane]
        let mid = y + Self.summaryLaneHeight / 2
        let scale = Self.summaryScale(b)
        raw("<g class=\"lane recognizer summary\"><text x=\""); num(Self.margin); raw("\" y=\""); num(mid + 4); raw("\">")
        name(Self.short(r.name + " (" + r.kind + ")", 34)); raw("<title>"); name(r.name); raw(" ("); text(r.kind); raw("): ")
        let total = lane < b.totals.count ? b.totals[lane] : .init()
        raw("recognized "); out.append(Int(total.recognized)); raw(", failed "); out.append(Int(total.failed)); raw(", cancelled ")
        out.append(Int(total.cancelled)); raw("</title></text>\n")
        let left = tx(b.origin), right = tx(b.origin + Double(max(1, b.count)) * b.seconds)
        raw("<rect x=\""); num(left); raw("\" y=\""); num(mid - 0.5); raw("\" width=\""); num(max(0, right - left));
        raw("\" height=\"1\" fill=\"#bbb\"/>\n")
        guard lane < b.lanes.count else {
            raw("</g>\n")
            return
        }
        for (k, c) in b.lanes[lane].enumerated() where c.total > 0 {
            let start = b.origin + Double(k) * b.seconds
            let x0 = tx(start), x1 = max(x0 + 1, tx(start + b.seconds) - 1)
            func height(_ n: Int32, _ of: Int) -> Double { n == 0 ? 0 : max(1.5, Double(n) / Double(of) * Self.summaryBar) }
            raw("<g class=\"bucket\"><title>"); name(r.name); raw(" "); time(start); raw(" s to "); time(start + b.seconds)
            raw(" s: recognized "); out.append(Int(c.recognized)); raw(", failed "); out.append(Int(c.failed)); raw(", cancelled ")
            out.append(Int(c.cancelled)); raw("</title>")
            let up = height(c.recognized, scale.up), down = height(c.failed, scale.down), hollow = height(c.cancelled, scale.down)
            if up > 0 {
                raw("<rect x=\""); num(x0); raw("\" y=\""); num(mid - 1 - up); raw("\" width=\""); num(x1 - x0); raw("\" height=\"");
                num(up)
                raw("\" fill=\""); raw(Self.colour(.ended)); raw("\"/>")
            }
            if down > 0 {
                raw("<rect x=\""); num(x0); raw("\" y=\""); num(mid + 1); raw("\" width=\""); num(x1 - x0); raw("\" height=\""); num(down)
                raw("\" fill=\""); raw(Self.colour(.failed)); raw("\"/>")
            }
            if hollow > 0 {
                raw("<rect x=\""); num(x0 + 0.75); raw("\" y=\""); num(mid + 1.75 + down); raw("\" width=\""); num(max(0.5, x1 - x0 - 1.5))
                raw("\" height=\""); num(max(0.5, hollow - 1.5)); raw("\" fill=\"#fff\" stroke=\""); raw(Self.colour(.cancelled))
                raw("\" stroke-width=\"1.5\"/>")
            }
            raw("</g>\n")
        }
        raw("</g>\n")
    }

    /// One lane of touch-downs per bucket (grey bars up from the lane's bottom), for a summarised timeline.
    mutating func drawTouchCountLane(_ b: OutcomeBuckets, top y: Double, tx: (Double) -> Double) {
        var counts: [Int] = []
        for t in data.touchStarts {
            let k = b.bucket(t)
            if counts.count <= k { counts.append(contentsOf: repeatElement(0, count: k + 1 - counts.count)) }
            counts[k] += 1
        }
        let most = max(1, counts.max() ?? 0)
        raw("<g class=\"lane touch summary\"><text x=\""); num(Self.margin); raw("\" y=\""); num(y + 12); raw("\" fill=\"#555\">touches (")
        out.append(data.touchCount); raw(")</text>\n")
        for (k, n) in counts.enumerated() where n > 0 {
            let start = b.origin + Double(k) * b.seconds
            let x0 = tx(start), x1 = max(x0 + 1, tx(start + b.seconds) - 1)
            let h = max(1.5, Double(n) / Double(most) * 12)
            raw("<rect x=\""); num(x0); raw("\" y=\""); num(y + 15 - h); raw("\" width=\""); num(x1 - x0); raw("\" height=\""); num(h)
            raw("\" fill=\"#777\"><title>"); out.append(n); raw(n == 1 ? " touch" : " touches"); raw(" down from "); time(start)
            raw(" s to "); time(start + b.seconds); raw(" s</title></rect>\n")
        }
        if data.touchCount > data.touchStarts.count {
            notes.append("timeline: touch-downs counted for the first \(data.touchStarts.count) touches")
        }
        raw("</g>\n")
    }

    /// The summary's legend under the states': what the bars mean, and the scale. Returns its baseline.
    mutating func drawSummaryLegend(y: Double) -> Double {
        guard let b = data.outcomeBuckets else { return y }
        let scale = Self.summaryScale(b)
        raw("<g class=\"legend summary\"><rect x=\""); num(Self.margin); raw("\" y=\""); num(y - 10);
        raw("\" width=\"6\" height=\"8\" fill=\"")
        raw(Self.colour(.ended)); raw("\"/><rect x=\""); num(Self.margin); raw("\" y=\""); num(y - 1);
        raw("\" width=\"6\" height=\"5\" fill=\"")
        raw(Self.colour(.failed)); raw("\"/><text x=\""); num(Self.margin + 12); raw("\" y=\""); num(y)
        raw("\">per "); raw(Self.fixed(b.seconds, 3, trim: true)); raw(" s: recognized above the line (tallest "); out.append(scale.up)
        raw("), failed below (tallest "); out.append(scale.down); raw(", cancelled hollow)</text></g>\n")
        return y
    }
}
