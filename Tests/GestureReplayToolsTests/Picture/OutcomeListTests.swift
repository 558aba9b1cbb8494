import Foundation
import Testing
import TestSupport
@testable import TraceReplay
@testable import GestureReplayTools

/// Issue 49, item 3: the app's gestures first. A scroll view's own recognizers (its content-touch
/// delay, pan and paging swipe) are folded into one row per gesture of the scroll view, listed
/// after the app's outcomes and the recognitions; `render --all` lists each of them, in the same order.
@Suite("The outcomes list: the app's gestures first")
struct OutcomeListTests {
    static func rows(_ trace: String, all: Bool = false) throws -> [SVGScan.OutcomeRow] {
        let svg = try Picture.svg(PackageFiles.path(trace), options: ReplayOptions(), title: trace, listsEveryOutcome: all)
        return SVGScan(svg).outcomeRows()
    }

    /// A row of a scroll view's own recognizers that is not a recognition (today's list had five
    /// of them before the card's tap).
    static func isInternalFailure(_ row: SVGScan.OutcomeRow) -> Bool {
        ["delivered", "withheld", "not scrolled"].contains(row.word)
            || (["failed", "cancelled"].contains(row.word) && row.heading.contains("list."))
    }

    @Test("scroll-buttons: one row per gesture of the list, after the card's taps")
    func folded() throws {
        let rows = try Self.rows("Traces/scroll-buttons.json")
        #expect(rows.map(\.number) == Array(1...rows.count))
        #expect(rows.count == 7, "12 transitions to an outcome, 10 of them the list's own: \(rows.map(\.heading))")
        let firstInternal = try #require(rows.firstIndex(where: Self.isInternalFailure))
        let lastApp = try #require(rows.lastIndex { !Self.isInternalFailure($0) })
        #expect(lastApp < firstInternal, "\(rows.map { "\($0.word) \($0.heading)" })")
        // What the list did with each touch: the flick scrolled it, the taps went to the buttons.
        #expect(rows[0].word == "scrolled" && rows[0].heading.hasSuffix("list: offset y 0 → 733.7"))
        #expect(
            rows[0].reasonLines.joined(separator: " ")
                == "at rest at 3.767 s; content touch: prevented by scrollViewPan 'list.pan', which began")
        let delivered = rows.filter { $0.word == "delivered" }.map(\.heading)
        #expect(
            delivered.map { $0.components(separatedBy: "  ").last! } == [
                "list: touch to play", "list: touch to share", "list: touch to like", "list: touch to like",
            ])
        // Nothing lost: every folded transition is in its row's hover text.
        let hover = rows.map(\.hover).joined(separator: "\n")
        #expect(hover.components(separatedBy: "list.delayedTouchesBegan (delayedTouchesBegan) possible -> failed").count - 1 == 5)
        #expect(hover.components(separatedBy: "list.pan (scrollViewPan)").count - 1 == 5)
    }

    @Test("--all lists every recognizer's outcome, recognitions and the app's first")
    func all() throws {
        let rows = try Self.rows("Traces/scroll-buttons.json", all: true)
        #expect(rows.count == 12)
        #expect(rows[0].word == "recognized" && rows[0].heading.hasSuffix("list.pan"))
        #expect(rows[1].heading.hasSuffix("cardTap") && rows[2].heading.hasSuffix("cardTap"))
        #expect(rows.dropFirst(3).allSatisfy { ["failed", "cancelled"].contains($0.word) && $0.heading.contains("list.") })
        // Each part in trace order.
        let times = rows.dropFirst(3).map { Double($0.heading.split(separator: " ")[0])! }
        #expect(times == times.sorted())
    }

    @Test("a pager: each drag is one row, the pages it went between")
    func pager() throws {
        let rows = try Self.rows("Traces/scroll-paging.json")
        #expect(rows.map(\.word) == ["scrolled", "scrolled", "scrolled"])
        #expect(
            rows.map { $0.heading.components(separatedBy: "  ").last! } == [
                "pager: page 1 → 2", "pager: back to page 2", "pager: page 2 → 1",
            ])
    }

    @Test("a scene without scroll views: every outcome a row, in trace order")
    func noScrollViews() throws {
        let rows = try Self.rows("Traces/default-scene.csv")
        #expect(rows.count == 11)
        #expect(rows.map(\.word).filter { $0 == "recognized" }.count == 3)
        let times = rows.map { Double($0.heading.split(separator: " ")[0])! }
        #expect(times == times.sorted())
    }
}
