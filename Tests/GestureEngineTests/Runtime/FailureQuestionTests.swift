@testable import GestureEngine
import GestureTesting
import Testing

/// A tap that asks to wait for the recognizer named `waitsFor` by overriding
/// `shouldRequireFailure(of:)`, not through `require(toFail:)`.
final class OverridingWaitingTap: TapGestureRecognizer {
    var waitsFor = ""
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other.name == waitsFor }
}

/// A double tap that makes the recognizer named `demandedOf` wait for it, by overriding
/// `shouldBeRequiredToFail(by:)`.
final class DemandingDoubleTap: TapGestureRecognizer {
    var demandedOf = ""
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { other.name == demandedOf }
}

/// Arbitration asks only the recognizers that can answer a failure question (FailureQuestions.swift,
/// issue 30 #17): the engine's own classes answer from `require(toFail:)` alone; a subclass, or a
/// delegate asked those questions, is asked as before.
@Suite("Failure questions")
struct FailureQuestionTests {
    /// The log of a single tap and a double tap, the single one made to wait for the double one by
    /// `link`, over one tap and, later, a double tap.
    static func singleAndDoubleLog(
        single: TapGestureRecognizer = TapGestureRecognizer(name: "single"),
        double: TapGestureRecognizer = TapGestureRecognizer(name: "double", taps: 2),
        link: (TapGestureRecognizer, TapGestureRecognizer) -> Void
    ) -> [String] {
        let h = GestureHarness()
        h.add(single)
        h.add(double)
        link(single, double)
        h.tap(id: 1, at: 0, duration: 0.1)
        h.tap(id: 2, at: 2, duration: 0.1)
        h.tap(id: 3, at: 2.2, duration: 0.1)
        h.finish()
        return h.log
    }

    static let staticLog = singleAndDoubleLog { single, double in single.require(toFail: double) }

    @Test("the static requirement makes the single tap wait (the reference for the others)")
    func staticRequirement() {
        #expect(Self.staticLog.first == "double failed @0.45")
        #expect(Self.staticLog.contains("single ended @0.45"))
        #expect(Self.staticLog != Self.singleAndDoubleLog { _, _ in })
    }

    @Test("a subclass overriding shouldRequireFailure(of:) waits as with require(toFail:)")
    func overridingWaiter() {
        let single = OverridingWaitingTap(name: "single")
        single.waitsFor = "double"
        #expect(Self.singleAndDoubleLog(single: single) { _, _ in } == Self.staticLog)
    }

    @Test("an engine tap waits for a subclass overriding shouldBeRequiredToFail(by:)")
    func demandingOther() {
        let double = DemandingDoubleTap(name: "double", taps: 2)
        double.demandedOf = "single"
        #expect(Self.singleAndDoubleLog(double: double) { _, _ in } == Self.staticLog)
    }

    @Test("a delegate set while the touch is down is asked from then on")
    func delegateSetMidGesture() {
        let delegate = TestDelegate()
        delegate.requireFailure = { r, o in r.name == "single" && o.name == "double" }
        let h = GestureHarness()
        let single = h.add(TapGestureRecognizer(name: "single"))
        let double = h.add(TapGestureRecognizer(name: "double", taps: 2))
        h.send(0, (1, .began, 100, 100))
        #expect(h.environment.arbitration.failureAnswerers == 0)
        single.delegate = delegate
        #expect(h.environment.arbitration.failureAnswerers == 1)
        h.send(0.1, (1, .ended, 100, 100))
        h.finish()
        #expect(h.log == ["double failed @0.45", "single ended @0.45"])
        single.delegate = nil
        #expect(h.environment.arbitration.failureAnswerers == 0)
        withExtendedLifetime(double) {}
    }

    /// `count` engine taps on one touch, the middle one waiting for a double tap: the harness.
    static func crowd(_ count: Int, plain: Bool) -> GestureHarness {
        let h = GestureHarness()
        h.environment.usesPlainPaths = plain
        var taps: [TapGestureRecognizer] = []
        for i in 0..<count { taps.append(h.add(TapGestureRecognizer(name: "t\(i)"))) }
        let double = h.add(TapGestureRecognizer(name: "double", taps: 2))
        taps[count / 2].require(toFail: double)
        h.tap(id: 1, at: 0, duration: 0.1)
        h.finish()
        return h
    }

    @Test("3,000 engine taps on one touch, one waiting: arbitration's questions grow linearly, not with the square")
    func linearInSceneSize() {
        let count = 3_000
        let h = Self.crowd(count, plain: false)
        // Each recognition and each failure used to ask every other participant: millions of questions.
        #expect(h.environment.failureRequirementChecks < 20 * count)
        #expect(h.environment.failureRequirementChecks > 0)
        // The waiting tap was released when the double tap failed, after the others excluded each other.
        #expect(h.states("t\(count / 2)") == [.ended])
        #expect(h.states("double") == [.failed])
        #expect(h.states("t0") == [.failed])
        #expect(h.environment.arbitration.participants.isEmpty)
        #expect(h.environment.arbitration.waiting.liveCount == 0)
    }

    @Test("a crowd of taps: the same log as the plain path, which asks every participant")
    func crowdMatchesThePlainPath() {
        let fast = Self.crowd(300, plain: false)
        let plain = Self.crowd(300, plain: true)
        #expect(fast.log == plain.log)
        #expect(fast.log.count > 300)
        // The plain path's questions grow with the square of the crowd (what the fast one avoids).
        #expect(plain.environment.failureRequirementChecks > 300 * 300 / 2)
        #expect(fast.environment.failureRequirementChecks < 20 * 300)
    }

    @Test("the engine's classes answer both failure questions false, against each other")
    func engineClassesAnswerFalse() {
        let made: [GestureRecognizer] = [
            GestureRecognizer(name: "base"), TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(),
            ScreenEdgePanGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(), SwipeGestureRecognizer(),
            MarqueeGestureRecognizer(), TickleGestureRecognizer(), TwoFingerSwipeGestureRecognizer(),
        ]
        for a in made {
            #expect(GestureRecognizer.classesWithDefaultFailureAnswers.contains(ObjectIdentifier(type(of: a))))
            #expect(!a.answersFailureQuestions)
            for b in made where a !== b {
                #expect(!a.shouldRequireFailure(of: b) && !a.shouldBeRequiredToFail(by: b))
            }
        }
        #expect(OverridingWaitingTap().answersFailureQuestions)
        #expect(DemandingDoubleTap().answersFailureQuestions)
    }
}
