/// Which recognizers can answer a failure question other than from `require(toFail:)`, so that
/// arbitration need not ask every participant (issue 30, #17: a scene of 50,000 taps took 69 s
/// because each recognition asked all the others whether it had to wait for them).
///
/// `requiresFailure(_:of:)` is true from a static requirement (`require(toFail:)`), from either
/// recognizer's override of `shouldRequireFailure(of:)` / `shouldBeRequiredToFail(by:)`, or from a
/// delegate. The engine's own recognizer classes do not override those methods, so a recognizer of
/// exactly one of them, with no delegate asked those questions, can only wait for the recognizers
/// it lists in `requiredToFail`. Every other recognizer (a subclass, a `GestureUIKit` bridge, a
/// delegate that answers them) is an *answerer*: the environment counts the answerers taking part,
/// and only those are asked about a static recognizer (`isWaitingForFailure(_:)`).
extension GestureRecognizer {
    /// The engine's recognizer classes, none of which overrides `shouldRequireFailure(of:)` or
    /// `shouldBeRequiredToFail(by:)` (the class must be exactly one of them: a subclass may).
    /// `FailureQuestionTests.engineClassesAnswerFalse` checks every one against every other.
    static let classesWithDefaultFailureAnswers: [ObjectIdentifier] = [
        ObjectIdentifier(GestureRecognizer.self), ObjectIdentifier(TapGestureRecognizer.self),
        ObjectIdentifier(LongPressGestureRecognizer.self), ObjectIdentifier(PanGestureRecognizer.self),
        ObjectIdentifier(ScreenEdgePanGestureRecognizer.self), ObjectIdentifier(PinchGestureRecognizer.self),
        ObjectIdentifier(RotationGestureRecognizer.self), ObjectIdentifier(SwipeGestureRecognizer.self),
        ObjectIdentifier(MarqueeGestureRecognizer.self), ObjectIdentifier(TickleGestureRecognizer.self),
        ObjectIdentifier(TwoFingerSwipeGestureRecognizer.self), ObjectIdentifier(ScrollViewPanGestureRecognizer.self),
        ObjectIdentifier(ScrollViewPagingSwipeGestureRecognizer.self),
        ObjectIdentifier(ScrollViewDelayedTouchesBeganGestureRecognizer.self),
    ]

    /// Whether this recognizer may answer a failure question true for a recognizer it does not list
    /// in `requiredToFail` (see the extension's comment). The class half is looked up once per
    /// recognizer.
    var answersFailureQuestions: Bool {
        if dispatch.classAnswersFailureQuestions == nil {
            dispatch.classAnswersFailureQuestions = !Self.classesWithDefaultFailureAnswers.contains(ObjectIdentifier(type(of: self)))
        }
        return dispatch.classAnswersFailureQuestions!
            || !delegateQuestions.isDisjoint(with: [.shouldRequireFailure, .shouldBeRequiredToFail])
    }
}

extension GestureEnvironment {
    /// A recognizer joined `participants`: counts it if it is an answerer.
    @inline(__always)
    func countFailureAnswerer(joining r: GestureRecognizer) {
        if r.answersFailureQuestions {
            r.dispatch.isCountedAsFailureAnswerer = true
            arbitration.failureAnswerers += 1
        }
    }

    /// A recognizer left `participants` (its reset).
    @inline(__always)
    func uncountFailureAnswerer(leaving r: GestureRecognizer) {
        if r.dispatch.isCountedAsFailureAnswerer {
            r.dispatch.isCountedAsFailureAnswerer = false
            arbitration.failureAnswerers -= 1
        }
    }

    /// A participant's delegate changed (`GestureRecognizer.delegateQuestionsDidChange()`): it may
    /// have become an answerer, or stopped being one.
    func failureQuestionsDidChange(for r: GestureRecognizer) {
        guard r.dispatch.isParticipating else { return }
        uncountFailureAnswerer(leaving: r)
        countFailureAnswerer(joining: r)
    }

    /// Whether `y` takes part in this environment's gesture and is still undecided for the
    /// recognizers that require it to fail. Until the update has looked at the event, a recognition
    /// made during the delivery is undecided (it may be excluded), and so is a failure: a recognizer
    /// waiting for `y` is released by the update, after every touch method of the event, whatever
    /// order the recognizers were added in.
    @inline(__always)
    func isUndecidedParticipant(_ y: GestureRecognizer) -> Bool {
        y.dispatch.isParticipating && y.isDelivered(by: self)
            && (y.dispatch.releasePending || y.dispatch.arbitrationPending
                || ((y.dispatch.currentState == .possible || y.dispatch.isRecognitionDeferred) && !y.dispatch.isQueuedForReset))
    }

    /// True while a recognizer that `w` requires to fail is still undecided in this gesture.
    ///
    /// A recognizer that is no answerer waits only for those of its `requiredToFail` still
    /// undecided, or for an answerer taking part that asks it to wait; only the answerers are asked,
    /// and only when some take part. An answerer `w` (or the plain path) asks every participant, as
    /// `isWaitingForFailurePlainly(_:)` does (`FastPathEquivalenceTests` compares the two).
    func isWaitingForFailure(_ w: GestureRecognizer) -> Bool {
        if usesPlainPaths || w.dispatch.isCountedAsFailureAnswerer || !w.dispatch.isParticipating {
            return isWaitingForFailurePlainly(w)
        }
        for y in w.dispatch.requiredToFail where y !== w && isUndecidedParticipant(y) { return true }
        guard arbitration.failureAnswerers > 0 else { return false }
        for y in arbitration.participants where y !== w && y.dispatch.isCountedAsFailureAnswerer && isUndecidedParticipant(y) {
            if requiresFailure(w, of: y) { return true }
        }
        return false
    }

    /// `isWaitingForFailure(_:)` asking every participant.
    func isWaitingForFailurePlainly(_ w: GestureRecognizer) -> Bool {
        for y in arbitration.participants where y !== w && isUndecidedParticipant(y) {
            if requiresFailure(w, of: y) { return true }
        }
        return false
    }
}
