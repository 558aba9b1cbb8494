import TestSupport
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
        // Against the rule read Character by Character (the byte scan serves both template and split).
        #expect(ReplaySummary.template(reason) == ReplaySummary.splitCharacters(reason).0.joined(separator: "N"), "\(reason)")
        Self.expectSameSplit(reason)
    }

    @Test("split reads an ASCII reason byte by byte as splitCharacters reads it: 20,000 random reasons")
    func byteScanAgreesWithCharacters() {
        var generator = SplitMix64(seed: 5)
        let alphabet = Array("0123456789.-- aZ(),>x\r\n")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let reason = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            Self.expectSameSplit(reason)
        }
    }

    /// `split` and `splitCharacters` give the same words and numbers (values compared bit for bit).
    static func expectSameSplit(_ reason: String) {
        let fast = ReplaySummary.split(reason), plain = ReplaySummary.splitCharacters(reason)
        #expect(fast.0.map(String.init) == plain.0.map(String.init), "\(reason)")
        #expect(fast.1.map { $0.0.bitPattern } == plain.1.map { $0.0.bitPattern }, "\(reason)")
        #expect(fast.1.map { String($0.1) } == plain.1.map { String($0.1) }, "\(reason)")
    }

    @Test("numbers become N")
    func example() {
        #expect(ReplaySummary.template("moved 12.1 pt > allowableMovement 10 pt") == "moved N pt > allowableMovement N pt")
    }
}
