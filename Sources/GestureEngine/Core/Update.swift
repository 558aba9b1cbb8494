/// The update, as UIKit runs it after each event (`-[UIGestureEnvironment
/// _deliverEvent:toGestureRecognizers:usingBlock:]` delivers the event to every recognizer first,
/// then runs `_UIGestureEnvironmentUpdate`, which calls `-[UIGestureRecognizer
/// _updateGestureForActiveEvents]` for each recognizer that needs it; decompiled iOS 18.2 UIKitCore,
/// docs/engine.md "The update").
///
/// Setting `state` only records it (`applyTransition`); every touch method of the event runs, then
/// this update, in order:
/// 1. **Arbitration** of the event's recognitions: each recognition made during the delivery, in
///    the order made, fails the recognizers that require it to fail and excludes the undecided ones
///    it may prevent, including one that began later in the same event (its Began was never sent:
///    `_exclude` fails it, and its `began` is never reported); then the event's discrete
///    recognitions go through the exclusion pass, then the newcomers (`excludeNewcomers()`).
/// 2. **Releases**: a recognizer held back by a failure requirement begins when the recognizers it
///    waits for have failed (or were cancelled), with the event's moves already applied (a pan
///    zeroes its translation then: `_willBeginAfterSatisfyingFailureRequirements`).
/// 3. **Reports**: the observer hears every transition, in the order they were applied, with the
///    values read now: what the recognizer's actions read.
/// 4. **Actions**, once per recognizer (`_UIGestureRecognizerSendActions`): a Began not yet sent is
///    sent first, with `state` reading `began`, and a `changed` set later in the same event is not
///    sent separately; began then ended in one event sends Began, then Ended; a cancellation whose
///    Began was never sent sends nothing. Transitions made by actions are reported in this update;
///    their own actions wait for the next one.
/// 5. **Resets are queued** (`_queueGestureRecognizersForResetIfFinished:`): a finished recognizer
///    is reset only when no recognizer joined to it by a failure requirement is active
///    (`_activeRelationshipsForGestureRecognizer:`); until then it stays in its terminal state and
///    refuses new touches. The resets themselves run when the step is over (`settle()`).
extension GestureEnvironment {
    /// Runs the update for what happened since the last one (see the extension's comment). Called
    /// after each step's delivery and by `settle()`; does nothing during a delivery (the step's own
    /// update follows it) or inside a running update (which picks the work up).
    func runUpdate() {
        guard update.hasUpdateWork, !update.isUpdating, !step.isDeliveringStep else { return }
        update.hasUpdateWork = false
        update.isUpdating = true
        step.dispatchDepth += 1
        if update.hasArbitrationWork { arbitrateAndRelease() }
        if !update.reports.isEmpty { reportTransitions() }
        if !update.viewCancellations.isEmpty { cancelRecognizedViewTouches() }
        if !update.updateQueue.isEmpty {
            sendUpdateActions()
            if update.hasArbitrationWork { arbitrateAndRelease() }
            if !update.reports.isEmpty { reportTransitions() }
            if !update.viewCancellations.isEmpty { cancelRecognizedViewTouches() }
        }
        if !update.finishedQueue.isEmpty { queueFinishedRecognizers() }
        step.dispatchDepth -= 1
        update.isUpdating = false
    }

    /// Steps 1 and 2 until nothing is left (a release may recognize and exclude, an exclusion fail
    /// and release).
    private func arbitrateAndRelease() {
        update.hasArbitrationWork = false
        while true {
            if !update.arbitrationQueue.isEmpty {
                arbitrateQueuedRecognitions()
            } else if !arbitration.deferredRecognitions.isEmpty {
                resolveDeferredRecognitions(from: 0)
            } else if !arbitration.newcomers.isEmpty {
                excludeNewcomers()
            } else if !update.failedQueue.isEmpty {
                releaseAfterFailures()
            } else {
                return
            }
        }
    }

    /// The recognitions made during the delivery, in order: each still recognized fails the
    /// recognizers that require it to fail and excludes those it prevents, and cancels its view's
    /// touches; one cancelled or failed in the same event does nothing (`_canExcludeOtherExcludables`).
    private func arbitrateQueuedRecognitions() {
        var i = 0
        while i < update.arbitrationQueue.count {
            let u = update.arbitrationQueue[i]
            i += 1
            u._withUnsafeGuaranteedRef { y in
                guard y.dispatch.arbitrationPending else { return }
                y.dispatch.arbitrationPending = false
                let s = y.dispatch.currentState
                guard s == .began || s == .changed || s == .ended else { return }
                queueViewCancellation(for: y)
                failRecognizersPrevented(by: y, verb: "began")
            }
        }
        update.arbitrationQueue.removeAll(keepingCapacity: true)
    }

    /// The failures and cancellations since the last look, in order: the recognizers waiting for
    /// each are released when nothing else holds them.
    private func releaseAfterFailures() {
        var i = 0
        while i < update.failedQueue.count {
            let u = update.failedQueue[i]
            i += 1
            u._withUnsafeGuaranteedRef { y in
                y.dispatch.releasePending = false
                releaseRecognizers(waitingFor: y)
            }
        }
        update.failedQueue.removeAll(keepingCapacity: true)
    }

    /// A recognition's view touches are cancelled after the update's reports (a recognizer that
    /// cancels touches in its view: `cancelsTouchesInView`).
    func queueViewCancellation(for r: GestureRecognizer) {
        if r.cancelsTouchesInView && tracksViewDelivery {
            update.viewCancellations.append(.passUnretained(r))
            update.hasUpdateWork = true
        }
    }

    /// The views of the recognitions since the last report get `touchesCancelled` for their touches,
    /// once the observer has heard the transitions (a recognition excluded meanwhile cancels nothing).
    private func cancelRecognizedViewTouches() {
        var i = 0
        while i < update.viewCancellations.count {
            let u = update.viewCancellations[i]
            i += 1
            u._withUnsafeGuaranteedRef { r in
                let s = r.dispatch.currentState
                if s == .began || s == .changed || s == .ended { cancelViewTouches(of: r) }
            }
        }
        update.viewCancellations.removeAll(keepingCapacity: true)
    }

    /// Step 3: the observer hears every transition since the last report, in order, with the values
    /// read now. Each is a `TransitionReport` over the pending record and one `GestureValues` this
    /// update clears and the recognizer fills in place: no `Transition` is built, retained or
    /// destroyed (the plain path, `usesPlainPaths`, builds one per report and calls the observer's
    /// `Transition` method; FastPathEquivalenceTests compares the two).
    private func reportTransitions() {
        guard !update.reports.isEmpty else { return }
        guard let link = observerLink else {
            update.reports.removeAll()
            return
        }
        // The observer is read in place through its holder, which stays alive until the report
        // ends even if the observer is replaced meanwhile (`ObserverHolder`).
        update.reportingDepth += 1
        defer {
            update.reportingDepth -= 1
            if update.reportingDepth == 0 && !update.retiredObserverHolders.isEmpty { update.retiredObserverHolders.removeAll() }
        }
        link._withUnsafeGuaranteedRef { holder in
            if usesPlainPaths {
                reportTransitionsPlainly(to: holder.observer)
                return
            }
            let values = update.reports.values
            var i = 0
            while i < update.reports.count {
                let p = update.reports[i]
                i += 1
                values.pointee.clear()
                p.recognizer._withUnsafeGuaranteedRef { $0.fillValues(&values.pointee) }
                holder.observer.environment(
                    self,
                    didTransition: TransitionReport(
                        time: p.time, recognizer: p.recognizer, previous: p.previous, state: p.state, values: values))
            }
            update.reports.removeAll()
        }
    }

    /// `reportTransitions()`'s plain path: a `Transition` built per report, handed to the
    /// observer's `environment(_:didTransition:)` taking a `Transition`.
    private func reportTransitionsPlainly(to observer: any GestureEnvironmentObserver) {
        var i = 0
        while i < update.reports.count {
            let p = update.reports[i]
            i += 1
            let r = p.recognizer.takeUnretainedValue()
            var transition = Transition(
                time: p.time, recognizer: r, previous: p.previous, state: p.state, values: GestureValues(),
                reason: p.state == .failed || p.state == .cancelled ? r.dispatch.reportedReason.string : nil)
            r.fillValues(&transition.values)
            observer.environment(self, didTransition: transition)
        }
        update.reports.removeAll()
    }

    /// Step 4: each recognizer in the queue sends its actions once. The queue is taken first: a
    /// recognizer whose state an action changes is queued again, for the next update.
    private func sendUpdateActions() {
        var batch = update.spareUpdateQueue
        update.spareUpdateQueue = []
        swap(&batch, &update.updateQueue)
        for u in batch {
            u._withUnsafeGuaranteedRef { r in
                r.dispatch.needsUpdate = false
                sendActionsAtUpdate(r)
            }
        }
        batch.removeAll(keepingCapacity: true)
        update.spareUpdateQueue = batch
    }

    /// `_updateGestureForActiveEvents`'s actions for one recognizer: a Began not yet sent goes
    /// first, with `state` reading `began` while it runs (restored afterwards unless an action
    /// changed it); `changed` after it is not sent separately, `ended` is; a cancellation whose Began
    /// was never sent sends nothing; `possible` and `failed` send nothing.
    private func sendActionsAtUpdate(_ r: GestureRecognizer) {
        let s = r.dispatch.currentState
        let beganPending = r.dispatch.beganActionPending
        r.dispatch.beganActionPending = false
        switch s {
        case .began:
            r.sendActions(for: .began)
        case .changed, .ended:
            if beganPending {
                r.dispatch.currentState = .began
                r.sendActions(for: .began)
                guard r.dispatch.currentState == .began else { return }
                r.dispatch.currentState = s
                if s == .changed { return }
            }
            r.sendActions(for: s)
        case .cancelled:
            if !beganPending { r.sendActions(for: .cancelled) }
        case .possible, .failed:
            break
        }
    }

    // MARK: Resets behind active relatives

    /// Step 5: the recognizers finished since the last update are queued for reset, or held back
    /// while a relative is active.
    private func queueFinishedRecognizers() {
        var i = 0
        while i < update.finishedQueue.count {
            let u = update.finishedQueue[i]
            i += 1
            u._withUnsafeGuaranteedRef { r in
                guard r.dispatch.isQueuedForReset, !r.dispatch.isResetBlocked, r.isDelivered(by: self) else { return }
                if hasActiveRelative(r) {
                    // Its timers go now, as they would at the reset: a finished recognizer's
                    // deadline changes nothing (UIKit ignores a state set after a terminal one).
                    timers.cancelAll(ownedBy: r)
                    r.dispatch.isResetBlocked = true
                    update.blockedResets.append(u)
                } else {
                    update.resetQueue.append(u)
                }
            }
        }
        update.finishedQueue.removeAll(keepingCapacity: true)
        if !update.blockedResets.isEmpty { queueUnblockedResets() }
    }

    /// The held-back resets whose relatives are no longer active are queued.
    func queueUnblockedResets() {
        var kept = 0
        for i in update.blockedResets.indices {
            let u = update.blockedResets[i]
            let stillBlocked = u._withUnsafeGuaranteedRef { r -> Bool in
                guard r.dispatch.isResetBlocked, r.dispatch.isQueuedForReset else { return false }
                if hasActiveRelative(r) { return true }
                r.dispatch.isResetBlocked = false
                update.resetQueue.append(u)
                return false
            }
            if stillBlocked {
                update.blockedResets[kept] = u
                kept += 1
            }
        }
        update.blockedResets.removeLast(update.blockedResets.count - kept)
    }

    /// `_isActive` of a relative: taking part in this gesture, enabled, and `possible`, `began` or
    /// `changed` (a recognition held back in `began` counts; one held back in `ended` does not).
    func isActiveRelative(_ y: GestureRecognizer) -> Bool {
        y.dispatch.isParticipating && y.isDelivered(by: self) && !y.dispatch.isQueuedForReset && y.isEnabled
            && (y.dispatch.currentState == .possible || y.dispatch.currentState.isActive) && y.dispatch.pendingState != .ended
    }

    /// `-[UIGestureEnvironment _activeRelationshipsForGestureRecognizer:]`: a recognizer that `r`
    /// requires to fail, or that requires `r` to fail, is active. The static requirements in both
    /// directions, then the participants that answer failure questions (FailureQuestions.swift).
    func hasActiveRelative(_ r: GestureRecognizer) -> Bool {
        for y in r.dispatch.requiredToFail where y !== r && isActiveRelative(y) { return true }
        for w in r.dispatch.requiredBy {
            if let w = w.recognizer, w !== r, isActiveRelative(w) { return true }
        }
        guard usesPlainPaths || arbitration.failureAnswerers > 0 || r.dispatch.isCountedAsFailureAnswerer else { return false }
        for y in arbitration.participants where y !== r && isActiveRelative(y) {
            if requiresFailure(r, of: y) || requiresFailure(y, of: r) { return true }
        }
        return false
    }

    /// `-[UIGestureEnvironment unmetRequirementsForGestureRecognizer:]`: a recognizer that `r`
    /// requires to fail is active.
    func hasUnmetRequirements(_ r: GestureRecognizer) -> Bool {
        for y in r.dispatch.requiredToFail where y !== r && isActiveRelative(y) { return true }
        guard usesPlainPaths || arbitration.failureAnswerers > 0 || r.dispatch.isCountedAsFailureAnswerer else { return false }
        for y in arbitration.participants where y !== r && isActiveRelative(y) && requiresFailure(r, of: y) { return true }
        return false
    }
}
