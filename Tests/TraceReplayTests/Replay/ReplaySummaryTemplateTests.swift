import Testing

@testable import TraceReplay
@testable import TraceReading

@Suite("Reason templates: stats' fast ASCII scan groups exactly as --summary's split")
struct ReplaySummaryTemplateTests {
    @Test(
        "template == split's words joined by N",
        arguments: [
            "moved 12.1 pt > allowableMovement 10 pt", "tap 2 lasted longer than maximumTapDuration 0.5 s",
            "touch 3 moved -4.25 pt against direction left > maximumOppositeMovement 10 pt", "x-1 a1 a12 1.2.3 -.5 5. -7 (3, -4) pt",
            "", "12", "-", "a-1", "1-2", "lifted before it began: moved (0.0, 12.5) pt, needs 10 pt along an axis",
            "é1 ü-2 three 3", "2x3 v2 10px",
        ])
    func agrees(_ reason: String) {
        #expect(ReplaySummary.template(reason) == ReplaySummary.split(reason).0.joined(separator: "N"), "\(reason)")
    }

    @Test("numbers become N")
    func example() {
        #expect(ReplaySummary.template("moved 12.1 pt > allowableMovement 10 pt") == "moved N pt > allowableMovement N pt")
    }
}
