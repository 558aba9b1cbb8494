/// What each view receives under UIKit's delivery rules (only computed when
/// `GestureEnvironment.deliversTouchesToViews` is on, or a `View` subclass is in the tree; each
/// message is reported to the observer when `deliversTouchesToViews` is on, and sent to the view
/// (`View.touchesBegan(_:with:)`...) when it is a subclass), after the recognizers saw the event,
/// as `-[UIWindow sendEvent:]` sends the gestures first, then the views:
/// - `delaysTouchesBegan`: while a recognizer with it is undecided, the view gets no `touchesBegan`;
///   when all such recognizers fail it is replayed; if one recognizes, the view never hears of the touch.
/// - `delaysTouchesEnded`: while a recognizer with it is undecided at the lift, `touchesEnded` is held;
///   when they fail it is delivered; if one recognizes, the view gets `touchesCancelled` instead.
/// - `cancelsTouchesInView`: when a recognizer with it recognizes (began or ended), the view gets
///   `touchesCancelled` for that recognizer's touches and nothing more about them.
/// - `isMultipleTouchEnabled` false (the default): a view is told only about its first touch; a touch
///   that lands while another touch is down on the view (and told to it) is never told to the view
///   (`-[UITouchesEvent _firstTouchForView:]`). Its recognizers still receive it (a pinch on a plain view works).
/// - `isExclusiveTouch`: see `admit(_:to:)`.
///
/// The messages of one pass go out grouped as UIKit's: one call per view and message with all of
/// that view's touches in that phase, in the order the touches began.
extension GestureEnvironment {
    func deliverStepToViews(_ touches: [Touch]) {
        for touch in touches {
            switch touch.phase {
            case .began:
                guard touch.viewDelivery == .notDelivered else { continue }
                if let view = touch.view, !view.isMultipleTouchEnabled, !isFirstTouch(touch, for: view) {
                    touch.viewDelivery = .never
                    continue
                }
                if isHeld(touch, byDelaysBegan: true) {
                    touch.heldBegan = true
                    views.heldTouches.append(touch)
                } else {
                    sendToView(touch, .touchesBegan)
                    touch.viewDelivery = .delivered
                }
            case .moved:
                if touch.viewDelivery == .delivered && !touch.heldBegan { sendToView(touch, .touchesMoved) }
            case .stationary:
                break
            case .ended:
                if touch.heldBegan {
                    touch.heldEnded = true
                } else if touch.viewDelivery == .delivered {
                    if isHeld(touch, byDelaysBegan: false) {
                        touch.heldEnded = true
                        views.heldTouches.append(touch)
                    } else {
                        sendToView(touch, .touchesEnded)
                        touch.viewDelivery = .finished
                    }
                }
            case .cancelled:
                if touch.heldBegan {
                    touch.heldBegan = false
                    touch.heldEnded = false
                    touch.viewDelivery = .finished
                } else if touch.viewDelivery == .delivered {
                    sendToView(touch, .touchesCancelled)
                    touch.viewDelivery = .finished
                }
            }
        }
        if !views.pendingMessages.isEmpty { sendPendingMessages() }
    }

    /// `UIView.isExclusiveTouch`, as UIKit applies it (`-[UITouchesEvent _addTouch:forDelayedDelivery:]`
    /// sets the window's `_setExclusiveTouchView:`; `_collectGestureRecognizersFromContainer:withBlock:`
    /// then collects only from containers inside the window's `_exclusiveTouchView`): false when a
    /// touch landing on `view` is blocked, because a view with `isExclusiveTouch` has a touch down
    /// and `view` is not inside it, or `view` has `isExclusiveTouch` and a view outside it has a touch down.
    /// A blocked touch reaches neither the recognizers nor the view, for its whole life. Called only
    /// when an exclusive view has a touch down or `view` is exclusive (the environment counts them).
    func admit(_ touch: Touch, to view: View) -> Bool {
        for other in event.allTouches where !other.isBlockedByExclusiveTouch && !other.phase.isTerminal {
            guard let otherView = other.view else { continue }
            if otherView.isExclusiveTouch && !view.isDescendant(of: otherView) { return false }
            if view.isExclusiveTouch && !otherView.isDescendant(of: view) { return false }
        }
        return true
    }

    /// No other touch down on `view` has been (or is being) told to it.
    private func isFirstTouch(_ touch: Touch, for view: View) -> Bool {
        for other in event.allTouches where other !== touch && other.view === view && !other.phase.isTerminal {
            if other.viewDelivery != .never { return false }
        }
        return true
    }

    /// A recognizer that cancels touches in its view recognized: its touches' views get `touchesCancelled`.
    func cancelViewTouches(of r: GestureRecognizer) {
        defer { if !views.pendingMessages.isEmpty { sendPendingMessages() } }
        for touch in r.dispatch.trackedTouches { cancelInView(touch) }
        // Touches that already lifted but whose `ended` is still held (a double tap recognizing on
        // its second tap holds the first tap's lift): the held `ended` becomes a cancel.
        for touch in views.heldTouches where touch.heldEnded && touch.phase.isTerminal {
            for (holder, attempt) in zip(touch.recognizers, touch.recognizerAttempts)
            where holder.toOpaque() == Unmanaged.passUnretained(r).toOpaque() && r.dispatch.attempt == attempt {
                cancelInView(touch)
                break
            }
        }
    }

    private func cancelInView(_ touch: Touch) {
        if touch.viewDelivery == .delivered {
            sendToView(touch, .touchesCancelled)
        }
        if touch.viewDelivery == .never { return }
        touch.viewDelivery = .finished
        touch.heldBegan = false
        touch.heldEnded = false
    }

    /// Delivers held `began`s and `ended`s whose recognizers have all failed.
    func releaseHeldTouches() {
        defer { if !views.pendingMessages.isEmpty { sendPendingMessages() } }
        var i = 0
        while i < views.heldTouches.count {
            let touch = views.heldTouches[i]
            if touch.heldBegan && !isHeld(touch, byDelaysBegan: true) {
                touch.heldBegan = false
                sendToView(touch, .touchesBegan)
                touch.viewDelivery = .delivered
                // `-[UIGestureDelayedEventComponentDispatcher sendDelayedTouches]`: a touch whose
                // phase moved on since it was held is sent once more with its current state (a
                // catch-up move); a touch that has ended gets its held end below instead.
                if !touch.phase.isTerminal && touch.phase != .began { sendToView(touch, .touchesMoved) }
            }
            if touch.heldEnded && !touch.heldBegan && touch.viewDelivery == .delivered && !isHeld(touch, byDelaysBegan: false) {
                touch.heldEnded = false
                sendToView(touch, .touchesEnded)
                touch.viewDelivery = .finished
            }
            if touch.heldBegan || touch.heldEnded {
                i += 1
            } else {
                views.heldTouches.remove(at: i)
            }
        }
    }

    /// Is a recognizer of this attempt holding the touch's `began` (or `ended`)? An undecided one
    /// holds it: a `began` is held by a recognizer with `delaysTouchesBegan` and also by one that
    /// already holds delayed touches (`-[UIGestureRecognizer _delayTouchesForEventIfNeeded:]`:
    /// `delaysTouchesBegan || [_delayedTouches count]`), so a view never hears a new touch begin
    /// before an older touch's held end. A failed one still holds it while its failure requirements
    /// are unmet: `_updateGestureForActiveEvents` enqueues a failed recognizer's delayed touches only
    /// when `unmetRequirementsForGestureRecognizer:` is false (they go when the requirement resolves,
    /// or at its reset, which waits for it).
    private func isHeld(_ touch: Touch, byDelaysBegan: Bool) -> Bool {
        // The recognizers are alive: held touches belong to this environment, which holds them (`adopted`).
        for (holder, attempt) in zip(touch.recognizers, touch.recognizerAttempts) {
            let r = holder.takeUnretainedValue()
            guard r.dispatch.attempt == attempt else { continue }
            if r.dispatch.currentState == .possible && !r.dispatch.isQueuedForReset {
                if byDelaysBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded { return true }
                if byDelaysBegan && !views.heldTouches.isEmpty && holdsDelayedTouches(r, other: touch) { return true }
            } else if r.dispatch.isResetBlocked && r.dispatch.currentState == .failed
                && (byDelaysBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded) && hasUnmetRequirements(r)
            {
                return true
            }
        }
        return false
    }

    /// Whether `r` (undecided) holds a delayed touch other than `other`: a held `began` it delays,
    /// or a held `ended` it delays (UIKit's `_delayedTouches`).
    private func holdsDelayedTouches(_ r: GestureRecognizer, other: Touch) -> Bool {
        for t in views.heldTouches where t !== other && (t.heldBegan ? r.delaysTouchesBegan : t.heldEnded && r.delaysTouchesEnded) {
            for (holder, attempt) in zip(t.recognizers, t.recognizerAttempts)
            where holder.toOpaque() == Unmanaged.passUnretained(r).toOpaque() && r.dispatch.attempt == attempt {
                return true
            }
        }
        return false
    }

    private func sendToView(_ touch: Touch, _ kind: ViewDelivery.Kind) {
        guard let view = touch.view, deliversTouchesToViews || touch.reachesResponderSubclass else { return }
        let delivery = ViewDelivery(time: currentTime, view: view, kind: kind, touch: touch, tapCount: touch.tapCount)
        if deliversTouchesToViews { observer?.environment(self, didDeliver: delivery) }
        if touch.reachesResponderSubclass { views.pendingMessages.append(delivery) }
    }

    /// Sends the pass's messages to the views: one call per view and message, in the order the
    /// groups first appear, with that view's touches of the message in the order they began. A
    /// plain view's default method passes the call up the responder chain to the subclass. A
    /// handler may feed the environment again: the pass takes its list first (lists come from a
    /// pool, so nothing is allocated once warm).
    private func sendPendingMessages() {
        var messages = views.spareMessageLists.popLast() ?? []
        swap(&messages, &views.pendingMessages)
        var touches = views.spareTouchLists.popLast() ?? []
        step.dispatchDepth += 1
        while let first = messages.first {
            // Take the group out, keeping the other messages in order.
            var kept = 0
            for j in messages.indices {
                let m = messages[j]
                if m.view === first.view && m.kind == first.kind {
                    Self.insertInBeganOrder(m.touch, into: &touches)
                } else {
                    messages[kept] = m
                    kept += 1
                }
            }
            messages.removeLast(messages.count - kept)
            switch first.kind {
            case .touchesBegan: first.view.touchesBegan(touches, with: event)
            case .touchesMoved: first.view.touchesMoved(touches, with: event)
            case .touchesEnded: first.view.touchesEnded(touches, with: event)
            case .touchesCancelled: first.view.touchesCancelled(touches, with: event)
            }
            touches.removeAll(keepingCapacity: true)
        }
        step.dispatchDepth -= 1
        views.spareMessageLists.append(messages)
        views.spareTouchLists.append(touches)
    }

    /// Inserts `touch` into `touches` (a view's few touches of one message) by `beganOrder`.
    private static func insertInBeganOrder(_ touch: Touch, into touches: inout [Touch]) {
        var i = touches.count
        touches.append(touch)
        while i > 0 && touches[i - 1].beganOrder > touch.beganOrder {
            touches[i] = touches[i - 1]
            i -= 1
        }
        touches[i] = touch
    }
}
