/// Arbitration between recognizers, as UIKit does it (see `docs/engine.md` and the reference page):
/// shouldBegin, failure requirements, exclusion and simultaneous recognition.
extension GestureEnvironment {
    /// A recognizer asked to move to `newState` (by setting `state`).
    func request(_ r: GestureRecognizer, to newState: GestureRecognizerState) {
        defer { settle() }
        if r.pendingState != nil {
            requestWhileWaiting(r, to: newState)
            return
        }
        let old = r.currentState
        guard GestureRecognizerState.isLegal(from: old, to: newState) else {
            reportIllegal(r, from: old, to: newState)
            return
        }
        guard old == .possible, newState == .began || newState == .ended else {
            // Only failed and cancelled carry a reason (the common `changed` skips the call).
            let reason = newState == .failed || newState == .cancelled ? failureReason(of: r, newState) : nil
            applyTransition(r, to: newState, reason: reason)
            return
        }
        if !r.shouldBeginAsked {
            r.shouldBeginAsked = true
            let allowed = r.delegate?.gestureRecognizerShouldBegin(r) ?? true
            if !allowed {
                applyTransition(r, to: .failed, reason: "gestureRecognizerShouldBegin returned false")
                return
            }
        }
        if isWaitingForFailure(r) {
            r.pendingState = newState
            r.pendingBegan = newState == .began
            return
        }
        recognize(r, newState)
    }

    private func failureReason(of r: GestureRecognizer, _ newState: GestureRecognizerState) -> String? {
        switch newState {
        case .failed: r.pendingFailureReason ?? (isEndingTrace ? "trace ended" : makeReason("\(r.kind) '\(r.name)' set failed (no reason given)"))
        case .cancelled: r.pendingFailureReason ?? (isEndingTrace ? "trace ended" : "cancelled by the recognizer")
        default: nil
        }
    }

    private func reportIllegal(_ r: GestureRecognizer, from: GestureRecognizerState, to: GestureRecognizerState) {
        r.pendingFailureReason = nil
        report(.illegalTransition, "illegal transition \(from) -> \(to) requested by \(r.kind) '\(r.name)'; not applied", recognizer: r)
    }

    /// A request from a recognizer whose recognition is held back by a failure requirement.
    private func requestWhileWaiting(_ r: GestureRecognizer, to newState: GestureRecognizerState) {
        let pending = r.pendingState ?? .possible
        switch newState {
        case .began where pending == .began, .changed where pending == .began:
            return
        case .ended where pending == .began:
            r.pendingState = .ended
        case .failed:
            let reason = failureReason(of: r, .failed)
            clearPending(r)
            applyTransition(r, to: .failed, reason: reason)
        case .cancelled where r.pendingBegan:
            clearPending(r)
            applyTransition(r, to: .failed, reason: "cancelled while waiting for its failure requirements")
        default:
            reportIllegal(r, from: r.pendingBegan ? .began : .possible, to: newState)
        }
    }

    private func clearPending(_ r: GestureRecognizer) {
        r.pendingState = nil
        r.pendingBegan = false
    }

    /// Does `w` have to wait for `y` to fail (either's static requirement, overrides or delegates)?
    func requiresFailure(_ w: GestureRecognizer, of y: GestureRecognizer) -> Bool {
        if w.requiredToFail.contains(where: { $0 === y }) { return true }
        if w.shouldRequireFailure(of: y) || y.shouldBeRequiredToFail(by: w) { return true }
        if let d = w.delegate, d.gestureRecognizer(w, shouldRequireFailureOf: y) { return true }
        if let d = y.delegate, d.gestureRecognizer(y, shouldBeRequiredToFailBy: w) { return true }
        return false
    }

    /// True while a recognizer that `w` requires to fail is still undecided in this gesture.
    func isWaitingForFailure(_ w: GestureRecognizer) -> Bool {
        for y in participants where y !== w && y.currentState == .possible && !y.isQueuedForReset {
            if requiresFailure(w, of: y) { return true }
        }
        return false
    }

    /// Applies a recognition (`possible -> began` or `possible -> ended`) and its consequences:
    /// recognizers that require this one to fail fail, and recognizers it excludes fail or are cancelled.
    func recognize(_ r: GestureRecognizer, _ newState: GestureRecognizerState) {
        dispatchDepth += 1
        applyTransition(r, to: newState, reason: nil)
        if deliversTouchesToViews && r.cancelsTouchesInView { cancelViewTouches(of: r) }

        var losers: [(GestureRecognizer, String)] = []
        let verb = newState == .began ? "began" : "recognized"
        for w in participants where w !== r && w.currentState == .possible && !w.isQueuedForReset {
            if requiresFailure(w, of: r) {
                losers.append((w, makeReason("required recognizer '\(r.name)' \(verb)")))
            } else if excludes(r, w) {
                losers.append((w, makeReason("prevented by \(r.kind) '\(r.name)', which \(verb)")))
            }
        }
        for w in participants where w !== r && w.currentState.isActive && !w.isQueuedForReset && excludes(r, w) {
            losers.append((w, makeReason("cancelled: \(r.kind) '\(r.name)' \(verb)")))
        }
        for (w, _) in losers { clearPending(w) }
        for (w, reason) in losers where !w.isQueuedForReset {
            applyTransition(w, to: w.currentState.isActive ? .cancelled : .failed, reason: reason)
        }
        dispatchDepth -= 1
    }

    /// Whether `y`, recognizing, makes `x` fail (UIKit's exclusion rule).
    private func excludes(_ y: GestureRecognizer, _ x: GestureRecognizer) -> Bool {
        guard sharesTouches(x, y), viewsAreRelated(x, y) else { return false }
        guard !requiresFailure(x, of: y), !requiresFailure(y, of: x) else { return false }
        guard y.canPrevent(x), x.canBePrevented(by: y) else { return false }
        return !recognizeSimultaneously(x, y)
    }

    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        for t in a.trackedTouches where b.trackedTouches.contains(where: { $0 === t }) { return true }
        return false
    }

    /// Same view, or one's view an ancestor of the other's. Siblings never exclude each other.
    private func viewsAreRelated(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard let va = a.view, let vb = b.view else { return false }
        return va.isDescendant(of: vb) || vb.isDescendant(of: va)
    }

    /// True from either delegate allows both to recognize.
    func recognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if let d = a.delegate, d.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) { return true }
        if let d = b.delegate, d.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) { return true }
        return false
    }

    /// `y` failed: recognizers that were waiting only for it get their held-back recognition now.
    func releaseRecognizers(waitingFor y: GestureRecognizer) {
        var i = 0
        while i < participants.count {
            let w = participants[i]
            i += 1
            guard let pending = w.pendingState, !w.isQueuedForReset, requiresFailure(w, of: y),
                  !isWaitingForFailure(w) else { continue }
            let began = w.pendingBegan
            clearPending(w)
            w.recognitionWillResumeAfterFailureRequirements()
            if pending == .ended && began {
                recognize(w, .began)
                if w.currentState == .began { applyTransition(w, to: .ended, reason: nil) }
            } else {
                recognize(w, pending)
            }
        }
    }

    /// `isEnabled` became false: an active recognizer is cancelled, an undecided one fails.
    func recognizerWasDisabled(_ r: GestureRecognizer) {
        guard r.isParticipating, !r.isQueuedForReset, !r.currentState.isTerminal else { return }
        clearPending(r)
        dispatchDepth += 1
        applyTransition(r, to: r.currentState.isActive ? .cancelled : .failed, reason: "disabled")
        dispatchDepth -= 1
        settle()
    }
}
