@testable import GestureEngine
import Testing

/// Failure reasons print numbers so that the comparison they state reads true.
@Suite("Reason text: comparisons read true")
struct FailureReasonTests {
    @Test("two numbers around > that round the same get more decimals (not '40.8 pt > 40.8 pt allowed')")
    func widensEqualLookingNumbers() {
        let m = 40.83, limit = 40.8
        #expect(
            reasonString("touch 1 secondary movement \(short: m) pt > \(short: limit) pt allowed at 0.05 s")
                == "touch 1 secondary movement 40.83 pt > 40.8 pt allowed at 0.05 s")
        let d = 10.0004, allowed = 10.0
        #expect(
            reasonString("moved \(short: d) pt > allowableMovement \(short: allowed) pt")
                == "moved 10.0004 pt > allowableMovement 10 pt")
        let lifted = 0.49951, needed = 0.5
        #expect(
            reasonString("lifted after \(short: lifted, decimals: 3) s < minimumPressDuration \(short: needed, decimals: 3) s")
                == "lifted after 0.4995 s < minimumPressDuration 0.5 s")
    }

    @Test("numbers that already differ, or are not compared, print as formatShort does")
    func unchangedOtherwise() {
        let a = 57.61, b = 45.0
        #expect(reasonString("moved \(short: a) pt > allowableMovement \(short: b) pt") == "moved 57.6 pt > allowableMovement 45 pt")
        let x = 3.01, y = 3.04
        #expect(reasonString("moved (\(short: x), \(short: y)) pt") == "moved (3, 3) pt")
        let equal = 10.0
        #expect(reasonString("\(short: equal) > \(short: equal)") == "10 > 10")
    }

    @Test("only a > or < between the two numbers widens them: not one before the first, not one past another interpolation")
    func comparisonBetweenTheNumbersOnly() {
        let x = 3.01, y = 3.04, n = 1
        #expect(reasonString("a > b: \(short: x), \(short: y)") == "a > b: 3, 3")
        #expect(reasonString("\(short: x) > \(n) < \(short: y)") == "3 > 1 < 3")
        #expect(reasonString("\(short: x) pt, then > \(short: y) pt") == "3.01 pt, then > 3.04 pt")
        // The same past the inline bytes, where the text has moved to an array.
        let long = String(repeating: "z", count: ReasonText.inlineCapacity)
        #expect(reasonString("\(long) \(short: 40.83) < \(short: 40.8)") == long + " 40.83 < 40.8")
        #expect(reasonString("\(long) > \(short: 40.83), \(short: 40.8)") == long + " > 40.8, 40.8")
    }

    @Test("reasons compare and hash by their text, however they were built, inline or past the inline bytes")
    func equalByText() {
        let n = 3, d = 12.5
        let literal: FailureReason = "3 touches; 12.5 pt"
        let built: FailureReason = "\(n) touches; \(short: d) pt"
        let fromString = FailureReason("3 touches; 12.5 pt")
        #expect(literal == built && built == fromString)
        #expect(Set([literal, built, fromString]).count == 1)
        #expect(literal != ("3 touches; 12.6 pt" as FailureReason))
        let long = String(repeating: "y", count: ReasonText.inlineCapacity + 10)
        let spilled: FailureReason = "\(long) \(n)"
        #expect(spilled == FailureReason(long + " 3") && spilled.hashValue == FailureReason(long + " 3").hashValue)
        #expect(spilled != FailureReason(long + " 4"))
    }

    @Test("a reason interpolates into another as its text")
    func reasonInReason() {
        let inner: FailureReason = "moved \(short: 4.25) pt"
        #expect(reasonString("\(inner): touches delivered") == "moved 4.3 pt: touches delivered")
        // The inner number is not compared with the outer one (it is text now, not a number).
        #expect(reasonString("\(inner) > \(short: 4.3)") == "moved 4.3 pt > 4.3")
    }
}

/// The text of a reason built with `FailureReason`'s interpolation.
func reasonString(_ reason: FailureReason) -> String {
    reason.string
}
