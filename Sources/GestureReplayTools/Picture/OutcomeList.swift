import GestureEngine
import TraceReplay

/// One row of a picture's numbered outcomes list (docs/pictures.md): one transition to ended,
/// failed or cancelled, or one gesture of a scroll view, its own recognizers' outcomes folded into
/// what the scroll view did with the touch (scrolled, paged, delivered it to the content, withheld
/// it, or neither).
struct OutcomeRow: Equatable {
    enum Kind: Equatable {
        /// One recognizer's outcome (an app recognizer's, or any with every outcome listed).
        case transition
        /// A scroll view's gesture: its pan recognized (the content moved).
        case scrolled
        /// A scroll view's gesture: its paging swipe recognized (a page turned).
        case paged
        /// A scroll view's gesture: the content-touch delay failed, so the touch went to the content.
        case delivered
        /// A scroll view's gesture: the content-touch delay ended, so the content never had the touch.
        case withheld
        /// A scroll view's gesture in which none of the above happened.
        case notScrolled
    }

    var kind: Kind
    /// The transitions (indices into `PictureData.steps`) the row stands for, in order.
    var steps: [Int]
    /// The transition whose time and state the row shows.
    var headline: Int
    /// The scroll view (index into `PictureData.scrollViews`) of a folded row.
    var scrollView: Int?
    /// Listed before the failures of scroll views' own recognizers: an app recognizer's outcome,
    /// or a recognition.
    var isPrimary: Bool
}

/// The rows of the outcomes list in their order: app recognizers' outcomes and recognitions first,
/// then the failures of scroll views' own recognizers, each part in trace order. Without `all`, a
/// scroll view's own recognizers are folded into one row per gesture of the scroll view.
enum OutcomeList {
    static func rows(_ data: PictureData, all: Bool) -> [OutcomeRow] {
        var rows: [OutcomeRow] = []
        // Open gestures per scroll view: their steps and the parts that had an outcome.
        var open: [Int: (steps: [Int], parts: [PictureData.ScrollRole.Part])] = [:]
        var order: [Int] = []  // scroll views with an open gesture, in the order they opened
        let partsOf = partsPerScrollView(data)
        func close(_ scroll: Int) {
            guard let g = open.removeValue(forKey: scroll) else { return }
            order.removeAll { $0 == scroll }
            rows.append(folded(data, scroll: scroll, steps: g.steps))
        }
        for (i, s) in data.steps.enumerated() where s.state.isTerminal {
            let role = s.lane < data.scrollRoles.count ? data.scrollRoles[s.lane] : nil
            guard let role, !all else {
                rows.append(
                    OutcomeRow(
                        kind: .transition, steps: [i], headline: i, scrollView: role?.scrollView,
                        isPrimary: role == nil || s.state == .ended))
                continue
            }
            if let g = open[role.scrollView], g.parts.contains(role.part) { close(role.scrollView) }
            if open[role.scrollView] == nil {
                open[role.scrollView] = ([], [])
                order.append(role.scrollView)
            }
            open[role.scrollView]!.steps.append(i)
            open[role.scrollView]!.parts.append(role.part)
            if partsOf[role.scrollView].allSatisfy(open[role.scrollView]!.parts.contains) { close(role.scrollView) }
        }
        for scroll in order { close(scroll) }
        // Stable: primary rows first, each part in the order of its first transition.
        let indexed = rows.enumerated().sorted {
            ($0.element.isPrimary ? 0 : 1, $0.element.steps[0], $0.offset) < ($1.element.isPrimary ? 0 : 1, $1.element.steps[0], $1.offset)
        }
        return indexed.map(\.element)
    }

    /// The parts each scroll view has (the recognizers it added to itself).
    static func partsPerScrollView(_ data: PictureData) -> [[PictureData.ScrollRole.Part]] {
        var parts = [[PictureData.ScrollRole.Part]](repeating: [], count: data.scrollViews.count)
        for case let role? in data.scrollRoles where role.scrollView < parts.count && !parts[role.scrollView].contains(role.part) {
            parts[role.scrollView].append(role.part)
        }
        return parts
    }

    /// Whether the scroll view's pan began at trace time `t` (it then prevents the content-touch
    /// delay, which fails without delivering anything: the content's touches are cancelled).
    static func panBegan(_ data: PictureData, scroll: Int, at t: Double) -> Bool {
        data.steps.contains {
            $0.time == t && $0.state == .began && data.scrollRoles[$0.lane] == .init(scrollView: scroll, part: .pan)
        }
    }

    /// Whether scroll view `scroll`'s content moved between transitions `first` and `last` (a pan
    /// cancelled as it began, `touchesShouldCancel` answering NO, moved nothing).
    static func moved(_ data: PictureData, _ scroll: Int, _ first: Int, _ last: Int) -> Bool {
        data.offset(ofScrollView: scroll, before: data.steps[first].time)
            != data.offset(ofScrollView: scroll, before: data.steps[last].time.nextUp)
    }

    /// One gesture of a scroll view: what it did, from its recognizers' outcomes.
    static func folded(_ data: PictureData, scroll: Int, steps: [Int]) -> OutcomeRow {
        func step(_ part: PictureData.ScrollRole.Part) -> Int? {
            steps.last { data.scrollRoles[data.steps[$0].lane]?.part == part }
        }
        let pan = step(.pan), delay = step(.delay), paging = step(.pagingSwipe)
        var row = OutcomeRow(kind: .notScrolled, steps: steps, headline: pan ?? steps[0], scrollView: scroll, isPrimary: false)
        if let paging, data.steps[paging].state == .ended {
            row.kind = .paged
            row.headline = paging
        } else if let pan, data.steps[pan].state == .ended || (data.steps[pan].state == .cancelled && moved(data, scroll, steps[0], pan)) {
            row.kind = .scrolled
        } else if let delay, data.steps[delay].state == .failed, !panBegan(data, scroll: scroll, at: data.steps[delay].time) {
            row.kind = .delivered
            row.headline = delay
        } else if let delay, data.steps[delay].state == .ended {
            row.kind = .withheld
            row.headline = delay
        }
        row.isPrimary = row.kind == .scrolled || row.kind == .paged
        return row
    }
}

/// What a row says: a word in the state's colour, the time, a title, and a detail line (the
/// reason: always whole, wrapped to the list's width when drawn).
struct OutcomeRowText: Equatable {
    var word: String
    var title: String
    var detail: String?
}

extension OutcomeList {
    static func text(of row: OutcomeRow, _ data: PictureData) -> OutcomeRowText {
        let head = data.steps[row.headline]
        guard let scroll = row.scrollView, row.kind != .transition else {
            let word = head.state == .ended ? "recognized" : head.state.description
            return OutcomeRowText(word: word, title: data.recognizers[head.lane].name, detail: head.reason)
        }
        let track = data.scrollViews[scroll]
        func reason(_ part: PictureData.ScrollRole.Part) -> String? {
            row.steps.last { data.scrollRoles[data.steps[$0].lane]?.part == part }.flatMap { data.steps[$0].reason }
        }
        switch row.kind {
        case .scrolled, .paged:
            let from = data.offset(ofScrollView: scroll, before: data.steps[row.steps[0]].time)
            let rest = data.rest(ofScrollView: scroll, from: head.time)
            let to = rest?.offset ?? track.end
            let axis = track.plotsX && track.plotsY ? "" : track.plotsX ? " x" : " y"
            let (a, b) =
                track.isPagingEnabled
                ? (String(SVGPicture.page(from, track)), String(SVGPicture.page(to, track)))
                : (SVGPicture.offsetText(from, track), SVGPicture.offsetText(to, track))
            let what = track.isPagingEnabled ? "page" : "offset" + axis
            let moved = a == b ? "back to \(what) \(b)" : "\(what) \(a) → \(b)"
            let word = row.kind == .paged ? "paged" : head.state == .cancelled ? "scroll cancelled" : "scrolled"
            var detail = rest.map { "at rest at \(SVGPicture.fixed($0.time, 3)) s" } ?? "still moving at the end"
            // Why the content did not get the touch (the pan began first).
            if let delay = reason(.delay) { detail += "; content touch: " + delay }
            return OutcomeRowText(word: word, title: track.name + ": " + moved, detail: detail)
        case .delivered:
            let to = data.contentTarget(ofScrollView: scroll, at: head.time, location: head.values.location)
            var detail = head.reason ?? "the content-touch delay failed"
            if let pan = reason(.pan) { detail += "; not scrolled: " + pan }
            return OutcomeRowText(word: "delivered", title: track.name + ": touch to " + to, detail: detail)
        case .withheld:
            let to = data.contentTarget(ofScrollView: scroll, at: head.time, location: head.values.location)
            return OutcomeRowText(word: "withheld", title: track.name + ": touch kept from " + to, detail: head.reason)
        case .notScrolled, .transition:
            return OutcomeRowText(word: "not scrolled", title: track.name, detail: reason(.pan) ?? head.reason)
        }
    }
}

extension PictureData {
    /// The content offset of scroll view `s` just before trace time `t` (its start when none moved it before).
    func offset(ofScrollView s: Int, before t: Double) -> Point {
        let reports = scrollViews[s].reports
        var lo = 0, hi = reports.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reports[mid].time < t { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? reports[lo - 1].offset : scrollViews[s].start
    }

    /// Where and when scroll view `s` first came to rest at or after trace time `t`, nil when it
    /// is still moving at the end of the window.
    func rest(ofScrollView s: Int, from t: Double) -> (time: Double, offset: Point)? {
        scrollViews[s].reports.first { $0.time >= t && $0.phase == .resting }.map { ($0.time, $0.offset) }
    }

    /// What a touch at `location` in scroll view `s` went to at trace time `t`: the control that
    /// had a touchDown then, else the innermost content view under it (at the offsets then), else
    /// "its content".
    func contentTarget(ofScrollView s: Int, at t: Double, location: Point) -> String {
        if let e = controlEvents.first(where: { $0.event == .touchDown && abs($0.time - t) < 1e-6 }) {
            return controls[e.control].name
        }
        var best: (depth: Int, name: String)?
        for i in views.indices where i < viewScrollAncestors.count && viewScrollAncestors[i].contains(s) {
            let f = frame(ofView: i) { offset(ofScrollView: $0, before: t + 1e-9) }
            guard location.x >= f.minX, location.x <= f.maxX, location.y >= f.minY, location.y <= f.maxY else { continue }
            if best == nil || views[i].depth >= best!.depth { best = (views[i].depth, views[i].name) }
        }
        return best?.name ?? "its content"
    }
}
