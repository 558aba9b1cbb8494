/// Arbitration between recognizers, as UIKit does it (see `docs/engine.md` and the reference page):
/// shouldBegin, failure requirements, exclusion and simultaneous recognition.
extension GestureEnvironment {
    /// A recognizer asked to move to `requested` (by setting `state`). The request goes through
    /// UIKit's coercion first (`-[UIGestureRecognizer setState:]`, see
    /// `GestureRecognizerState.coerced(from:requested:)`): what UIKit would apply is applied, and a
    /// coerced or ignored request is reported as a `coercedTransition` note.
    func request(_ r: GestureRecognizer, to requested: GestureRecognizerState) {
        // Fast path: `changed` asked for in `began` or `changed` with nothing held back (every move
        // of an active continuous gesture). UIKit's coercion keeps `changed`, there is no note and
        // nothing to arbitrate: exactly what the general path below does, without its steps
        // (`FastPathEquivalenceTests` compares the two through `usesPlainPaths`).
        let current = r.dispatch.currentState
        if requested == .changed && (current == .began || current == .changed) && r.dispatch.pendingState == nil && !usesPlainPaths {
            applyTransition(r, to: .changed, reasonBytes: nil)
            settle()
            return
        }
        defer { settle() }
        if let pending = r.dispatch.pendingState {
            requestWhileWaiting(r, pending, to: requested)
            return
        }
        let old = r.dispatch.currentState
        guard let applied = GestureRecognizerState.coerced(from: old, requested: requested) else {
            reportCoercion(r, requested: requested, in: "\(old)", applied: nil)
            return
        }
        if applied != requested { reportCoercion(r, requested: requested, in: "\(old)", applied: applied) }
        // No change (`possible` asked for while began): nothing to do.
        if applied == old && applied != .changed { return }
        guard old == .possible, applied == .began || applied == .ended else {
            // Only failed and cancelled carry a reason (the common `changed` skips the call).
            if applied == .failed || applied == .cancelled {
                applyFailure(r, to: applied, requested: requested)
            } else {
                applyTransition(r, to: applied, reasonBytes: nil)
            }
            return
        }
        if !r.dispatch.shouldBeginAsked {
            r.dispatch.shouldBeginAsked = true
            // The views of its touches, only when it cancels touches in its view and a view
            // subclass is in the tree (`-[UIGestureRecognizer _shouldBegin]`; see `viewRefusingBegin`).
            if r.cancelsTouchesInView && sendsTouchMessages, let refusing = viewRefusingBegin(r) {
                applyTransition(r, to: .failed, reason: "gestureRecognizerShouldBegin returned false (view '\(refusing.name)')")
                return
            }
            let allowed = asks(r, .shouldBegin) ? r.delegate?.gestureRecognizerShouldBegin(r) ?? true : true
            if !allowed {
                applyTransition(r, to: .failed, reason: "gestureRecognizerShouldBegin returned false")
                return
            }
        }
        if isWaitingForFailure(r) {
            r.dispatch.pendingState = applied
            r.dispatch.pendingBegan = applied == .began
            if r.dispatch.isParticipating && r.isDelivered(by: self) { arbitration.waiting.insert(r) }
            return
        }
        recognize(r, applied)
    }

    /// The first view of `r`'s touches that refuses it (`View.gestureRecognizerShouldBegin(_:)`), as
    /// `-[UIGestureRecognizer _shouldBegin]` asks `_gatherViewsToQueryForDelegateCall` (the views of
    /// its touches) before the delegate when the recognizer cancels touches in its view.
    private func viewRefusingBegin(_ r: GestureRecognizer) -> View? {
        for touch in r.dispatch.trackedTouches {
            if let view = touch.view, view.isResponderSubclass, !view.gestureRecognizerShouldBegin(r) { return view }
        }
        return nil
    }

    /// Applies a failure or cancellation the recognizer asked for (`requested` is what it asked),
    /// with the reason it gave (`fail(_:)`) or one saying it gave none.
    private func applyFailure(_ r: GestureRecognizer, to applied: GestureRecognizerState, requested: GestureRecognizerState) {
        if r.dispatch.pendingReason.isSet {
            // The reason given moves to `reportedReason` if the transition is reported.
            applyTransition(r, to: applied, reasonBytes: nil, reasonIsPending: true)
            return
        }
        guard reportsReasons(of: r) else { return applyTransition(r, to: applied, reasonBytes: nil) }
        if isEndingTrace { return applyTransition(r, to: applied, reason: "trace ended") }
        applyTransition(
            r, to: applied,
            reason: requested == .cancelled ? "cancelled by the recognizer" : "\(r.kind) '\(r.name)' set \(requested) (no reason given)")
    }

    /// The note for a request UIKit coerces (`applied`) or ignores (`applied` nil).
    private func reportCoercion(
        _ r: GestureRecognizer, requested: GestureRecognizerState, in old: String,
        applied: GestureRecognizerState?
    ) {
        if applied == nil { r.dispatch.pendingReason.clear() }
        let what = applied.map { "applied \($0), as UIKit's setState: does" } ?? "ignored, as UIKit's setState: does after a terminal state"
        report(.coercedTransition, "\(r.kind) '\(r.name)' requested \(requested) in state \(old); \(what)", recognizer: r)
    }

    /// A request from a recognizer whose recognition is held back by a failure requirement. Its state
    /// reads `possible`, but inside UIKit it is already in `pending` (`began` or `ended`; only its
    /// actions wait): after `ended` every request is ignored; after `began`, `ended` is remembered,
    /// `failed` or `cancelled` drop it (UIKit cancels it; it shows as a failure, its `began` never
    /// having been reported), and `possible`, `began` or `changed` change nothing.
    private func requestWhileWaiting(_ r: GestureRecognizer, _ pending: GestureRecognizerState, to requested: GestureRecognizerState) {
        guard pending == .began else {
            reportCoercion(r, requested: requested, in: "ended (held back by a failure requirement)", applied: nil)
            return
        }
        switch requested {
        case .ended:
            r.dispatch.pendingState = .ended
        case .failed:
            clearPending(r)
            applyFailure(r, to: .failed, requested: .failed)
        case .cancelled:
            r.dispatch.pendingReason.clear()
            clearPending(r)
            applyTransition(r, to: .failed, reason: "cancelled while arbitration.waiting for its failure requirements")
        default:
            return
        }
    }

    /// Drops `r`'s held-back recognition, if any.
    func clearPending(_ r: GestureRecognizer) {
        if r.dispatch.isInWaitingList { arbitration.waiting.remove(r) }
        r.dispatch.pendingState = nil
        r.dispatch.pendingBegan = false
    }

    /// Does `w` have to wait for `y` to fail (either's static requirement, overrides or delegates)?
    func requiresFailure(_ w: GestureRecognizer, of y: GestureRecognizer) -> Bool {
        failureRequirementChecks &+= 1
        if w.dispatch.requiredToFail.contains(where: { $0 === y }) { return true }
        if w.shouldRequireFailure(of: y) || y.shouldBeRequiredToFail(by: w) { return true }
        if asks(w, .shouldRequireFailure), let d = w.delegate, d.gestureRecognizer(w, shouldRequireFailureOf: y) { return true }
        if asks(y, .shouldBeRequiredToFail), let d = y.delegate, d.gestureRecognizer(y, shouldBeRequiredToFailBy: w) { return true }
        return false
    }

    /// Whether `r`'s delegate is asked `question`: when it may answer other than the default
    /// (`GestureRecognizer.delegateQuestions`), or always on the plain paths (`usesPlainPaths`).
    @inline(__always)
    func asks(_ r: GestureRecognizer, _ question: DelegateQuestions) -> Bool {
        r.delegateQuestions.contains(question) || usesPlainPaths
    }

    /// Applies a recognition (`possible -> began` or `possible -> ended`) and its consequences:
    /// recognizers that require this one to fail fail, and recognizers it excludes fail.
    ///
    /// Every other recognizer taking part in the gesture shares the recognizer's event (UIKit has one
    /// touches event per window; `-[UIGestureRecognizer _isExcludedByExcludable:]` compares active
    /// events, not touches). A recognizer whose Began was sent is never excluded (see `excludes`).
    ///
    /// During a delivery the consequences wait for the update (Update.swift), as UIKit's exclusion
    /// runs in `_UIGestureEnvironmentUpdate` after every touch method of the event: a `began` is
    /// applied now and arbitrated then (`arbitrationQueue`); an `ended` of a discrete recognizer is
    /// applied then, after the exclusion pass (`deferredRecognitions`), because
    /// `-[UIGestureRecognizer _exclude]` turns an excluded recognizer's `ended` into `failed`.
    func recognize(_ r: GestureRecognizer, _ newState: GestureRecognizerState) {
        if step.isDeliveringStep {
            if newState == .ended {
                // The state reads `ended` (later requests are ignored); the transition waits.
                r.dispatch.currentState = .ended
                r.dispatch.isRecognitionDeferred = true
                r.dispatch.pendingReason.clear()
                arbitration.deferredRecognitions.append(r)
                update.hasUpdateWork = true
                update.hasArbitrationWork = true
            } else {
                applyTransition(r, to: newState, reasonBytes: nil)
                r.dispatch.arbitrationPending = true
                update.arbitrationQueue.append(.passUnretained(r))
                update.hasArbitrationWork = true
            }
            return
        }
        step.dispatchDepth += 1
        applyTransition(r, to: newState, reasonBytes: nil)
        queueViewCancellation(for: r)
        failRecognizersPrevented(by: r, verb: newState == .began ? "began" : "recognized")
        step.dispatchDepth -= 1
    }

    /// `r` recognized (`verb`: "began" or "recognized"): every other participant still undecided
    /// that requires `r` to fail fails, and so does every one `r` excludes. A recognizer that began
    /// in the same event, still unarbitrated, counts as undecided: its Began was never sent, so
    /// `_exclude` fails it, and its transitions of this event are never reported
    /// (`withdrawRecognition(_:)`).
    func failRecognizersPrevented(by r: GestureRecognizer, verb: String) {
        // Unretained (`adopted` holds every participant), and the participants read from a
        // snapshot, as a loop over the array would: no retain and release per participant.
        var losers: [(Unmanaged<GestureRecognizer>, required: Bool)] = []
        // The walk of `forEachUnretained(_:)`, written out: with this body passed as a closure it
        // ran ~12 instructions per event more (the body is not inlined).
        let participants = arbitration.participants
        participants.withUnsafeBufferPointer { ps in
            for i in 0..<ps.count {
                let u = ps.unretained(i)
                u._withUnsafeGuaranteedRef { w in
                    guard w !== r && w.dispatch.isParticipating else { return }
                    let undecided =
                        (w.dispatch.currentState == .possible && !w.dispatch.isQueuedForReset) || w.dispatch.arbitrationPending
                    guard undecided else { return }
                    if requiresFailure(w, of: r) {
                        losers.append((u, true))
                    } else if excludes(r, w) {
                        losers.append((u, false))
                    }
                }
            }
        }
        for (u, _) in losers { u._withUnsafeGuaranteedRef { clearPending($0) } }
        for (u, required) in losers {
            u._withUnsafeGuaranteedRef { w in
                if w.dispatch.arbitrationPending {
                    withdrawRecognition(w)
                } else if w.dispatch.isQueuedForReset {
                    return
                }
                applyTransition(
                    w, to: .failed,
                    reason: required
                        ? reason(for: w, "required recognizer '\(r.name)' \(verb)")
                        : reason(for: w, "prevented by \(r.kind) '\(r.name)', which \(verb)"))
            }
        }
    }

    /// Takes back a recognition made in the current event whose Began was never sent, before it is
    /// reported: the recognizer reads `possible` again (its reset, if it also ended, stays queued).
    private func withdrawRecognition(_ w: GestureRecognizer) {
        w.dispatch.arbitrationPending = false
        w.dispatch.beganActionPending = false
        update.reports.removeAll(of: w)
        w.dispatch.currentState = .possible
    }

    /// After a step's delivery: the discrete recognitions made during it (`deferredRecognitions`
    /// from `start`) go through UIKit's exclusion pass (`-[UIGestureRecognizer _exclude]` for every
    /// recognizer `_isExcludedByExcludable:` by one that `_canExcludeOtherExcludables`, the
    /// deferred ones included), all decided before any is applied, so the answer does not depend on
    /// the order of delivery: on the second tap of a double tap with no failure requirement the
    /// double tap excludes the single tap's second recognition (the tap's `canPrevent` exception
    /// spares only a tap needing more taps). The excluded fail; the others are applied in order.
    func resolveDeferredRecognitions(from start: Int) {
        step.dispatchDepth += 1
        let wasDelivering = step.isDeliveringStep
        step.isDeliveringStep = false
        defer { step.isDeliveringStep = wasDelivering }
        var i = start
        while i < arbitration.deferredRecognitions.count {
            let x = arbitration.deferredRecognitions[i]
            i += 1
            // The participants read unretained from a snapshot, as in `failRecognizersPrevented`.
            let participants = arbitration.participants
            x.dispatch.deferredExcluder = participants.firstUnretained { y in y !== x && canExclude(y) && excludes(y, x) }
        }
        i = start
        while i < arbitration.deferredRecognitions.count {
            let x = arbitration.deferredRecognitions[i]
            i += 1
            guard x.dispatch.isRecognitionDeferred else { continue }
            x.dispatch.isRecognitionDeferred = false
            x.dispatch.currentState = .possible
            if let y = x.dispatch.deferredExcluder {
                x.dispatch.deferredExcluder = nil
                applyTransition(x, to: .failed, reason: reason(for: x, "excluded: \(y.kind) '\(y.name)' recognized in the same event"))
            } else if !x.dispatch.isQueuedForReset {
                recognize(x, .ended)
            }
        }
        arbitration.deferredRecognitions.removeLast(arbitration.deferredRecognitions.count - start)
        step.dispatchDepth -= 1
    }

    /// Recognizers that joined the gesture in this step (received their first touch since their last
    /// reset), after the step's delivery: each is excluded by a recognizer already in `began`,
    /// `changed` or `ended` that may exclude it, as UIKit's update does after a recognizer is first
    /// delivered to (`-[UIGestureEnvironment _markGestureAsDirty:]` sets the environment's
    /// exclusivity flag; the loop itself, `_UIGestureEnvironmentUpdate`, is not in the decompile:
    /// see docs/engine.md). Runs only when a recognizer joined, so moves cost nothing.
    func excludeNewcomers() {
        // Fast path: with no participant in `began`, `changed` or `ended` nobody can exclude, and
        // since nothing fails, nothing changes state during the pass either: skip it (the common
        // case, a touch landing while nothing is active). `excludeNewcomersPlainly()` is the pass
        // itself; a test compares the two (`usesPlainPaths`).
        guard usesPlainPaths || anyParticipantCanExclude() else {
            arbitration.newcomers.clearKeepingCapacity()
            return
        }
        excludeNewcomersPlainly()
    }

    /// The exclusion pass over `newcomers` without the fast path of `excludeNewcomers()`.
    func excludeNewcomersPlainly() {
        step.dispatchDepth += 1
        var i = 0
        while i < arbitration.newcomers.count {
            let x = arbitration.newcomers[i]
            i += 1
            guard x.dispatch.isParticipating, !x.dispatch.isQueuedForReset, x.dispatch.currentState == .possible else { continue }
            for y in arbitration.participants where y !== x && canExclude(y) && excludes(y, x) {
                let verb = y.dispatch.currentState == .ended ? "ended" : "is active"
                clearPending(x)
                applyTransition(x, to: .failed, reason: reason(for: x, "excluded: \(y.kind) '\(y.name)' \(verb)"))
                break
            }
        }
        arbitration.newcomers.clearKeepingCapacity()
        step.dispatchDepth -= 1
    }

    /// Whether some participant may exclude others now (`canExclude`), read without retaining them
    /// (`participants` holds them for the whole walk).
    private func anyParticipantCanExclude() -> Bool {
        for i in arbitration.participants.indices {
            let s = arbitration.participants[i].dispatch.currentState
            if (s == .began || s == .changed || s == .ended) && arbitration.participants[i].dispatch.pendingState == nil { return true }
        }
        return false
    }

    /// Whether `y` may exclude others now (`-[UIGestureRecognizer _canExcludeOtherExcludables]`): in
    /// `began`, `changed` or `ended` (an `ended` one until it is reset, later in the same step), with
    /// no failure requirement left unmet (a held-back recognition cannot exclude).
    private func canExclude(_ y: GestureRecognizer) -> Bool {
        let s = y.dispatch.currentState
        return (s == .began || s == .changed || s == .ended) && y.dispatch.pendingState == nil
    }

    /// Whether `y`, in `began`, `changed` or `ended`, excludes `x`
    /// (`-[UIGestureRecognizer _isExcludedByExcludable:]`; both take part in the gesture, so they
    /// share the touches event). Two branches:
    /// - `x` is continuous and has already begun (`began`/`changed`, or held back after `began`):
    ///   only the private delegate method `_gestureRecognizer:canBeCancelledByGestureRecognizer:`
    ///   could exclude it, which the engine does not model, so it never is;
    /// - otherwise, the prevention test: their views are the same or one contains the other
    ///   (`_affectedByGesture:`), `y` does not require `x` to fail, `y.canPrevent(x)`,
    ///   `x.canBePrevented(by: y)`, and neither delegate allows simultaneous recognition.
    private func excludes(_ y: GestureRecognizer, _ x: GestureRecognizer) -> Bool {
        if (x.dispatch.currentState.isActive && !x.dispatch.arbitrationPending) || x.dispatch.pendingBegan { return false }
        guard viewsAreRelated(x, y) else { return false }
        guard !requiresFailure(y, of: x) else { return false }
        guard y.canPrevent(x), x.canBePrevented(by: y) else { return false }
        return !recognizeSimultaneously(x, y)
    }

    /// Same view, or one's view an ancestor of the other's. Siblings never exclude each other.
    private func viewsAreRelated(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard let va = a.viewLink, let vb = b.viewLink else { return false }
        if va.toOpaque() == vb.toOpaque() { return true }
        return va._withUnsafeGuaranteedRef { x in
            vb._withUnsafeGuaranteedRef { y in x.isDescendant(of: y) || y.isDescendant(of: x) }
        }
    }

    /// True from either delegate allows both to recognize.
    func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if asks(a, .shouldRecognizeSimultaneously), let d = a.delegate, d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) {
            return true
        }
        if asks(b, .shouldRecognizeSimultaneously), let d = b.delegate, d.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) {
            return true
        }
        return false
    }

    /// `y` failed: recognizers that were waiting only for it get their held-back recognition now.
    ///
    /// Only the participants holding a recognition back can be released: they are looked at in
    /// `participants` order through `waiting` (`WaitingList.next(after:)`), one recognized now may
    /// make a later one wait, and it is then looked at too, as the walk over `participants` does
    /// (`releaseRecognizersPlainly(waitingFor:)`, the plain path).
    func releaseRecognizers(waitingFor y: GestureRecognizer) {
        if usesPlainPaths {
            releaseRecognizersPlainly(waitingFor: y)
            return
        }
        guard arbitration.waiting.liveCount > 0 else { return }
        var order = 0
        while let w = arbitration.waiting.next(after: &order) { release(w, waitingFor: y) }
    }

    /// `releaseRecognizers(waitingFor:)` walking every participant.
    func releaseRecognizersPlainly(waitingFor y: GestureRecognizer) {
        var i = 0
        while i < arbitration.participants.count {
            let w = arbitration.participants[i]
            i += 1
            if w.dispatch.isParticipating { release(w, waitingFor: y) }
        }
    }

    /// `w`'s held-back recognition goes ahead if `y` was what it waited for and nothing else holds it.
    private func release(_ w: GestureRecognizer, waitingFor y: GestureRecognizer) {
        guard let pending = w.dispatch.pendingState, !w.dispatch.isQueuedForReset, requiresFailure(w, of: y),
            !isWaitingForFailure(w)
        else { return }
        let began = w.dispatch.pendingBegan
        clearPending(w)
        w.recognitionWillResumeAfterFailureRequirements()
        if pending == .ended && began {
            recognize(w, .began)
            if w.dispatch.currentState == .began { applyTransition(w, to: .ended, reasonBytes: nil) }
        } else {
            recognize(w, pending)
        }
    }

    /// `isEnabled` became false: an active recognizer is cancelled, an undecided one fails.
    func recognizerWasDisabled(_ r: GestureRecognizer) {
        guard r.dispatch.isParticipating, !r.dispatch.isQueuedForReset, !r.dispatch.currentState.isTerminal else { return }
        clearPending(r)
        step.dispatchDepth += 1
        applyTransition(r, to: r.dispatch.currentState.isActive ? .cancelled : .failed, reason: "disabled")
        step.dispatchDepth -= 1
        settle()
    }
}
