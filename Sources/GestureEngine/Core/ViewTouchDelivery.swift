/// What each view would receive under UIKit's delivery rules (only computed when
/// `GestureEnvironment.deliversTouchesToViews` is on):
/// - `delaysTouchesBegan`: while a recognizer with it is undecided, the view gets no `touchesBegan`;
///   when all such recognizers fail it is replayed; if one recognizes, the view never hears of the touch.
/// - `delaysTouchesEnded`: while a recognizer with it is undecided at the lift, `touchesEnded` is held;
///   when they fail it is delivered; if one recognizes, the view gets `touchesCancelled` instead.
/// - `cancelsTouchesInView`: when a recognizer with it recognizes (began or ended), the view gets
///   `touchesCancelled` for that recognizer's touches and nothing more about them.
extension GestureEnvironment {
    func deliverStepToViews(_ touches: [Touch]) {
        for touch in touches {
            switch touch.phase {
            case .began:
                guard touch.viewDelivery == .notDelivered else { continue }
                if isHeld(touch, byDelaysBegan: true) {
                    touch.heldBegan = true
                    heldTouches.append(touch)
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
                        heldTouches.append(touch)
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
    }

    /// A recognizer that cancels touches in its view recognized: its touches' views get `touchesCancelled`.
    func cancelViewTouches(of r: GestureRecognizer) {
        for touch in r.dispatch.trackedTouches { cancelInView(touch) }
        // Touches that already lifted but whose `ended` is still held (a double tap recognizing on
        // its second tap holds the first tap's lift): the held `ended` becomes a cancel.
        for touch in heldTouches where touch.heldEnded && touch.phase.isTerminal {
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
        touch.viewDelivery = .finished
        touch.heldBegan = false
        touch.heldEnded = false
    }

    /// Delivers held `began`s and `ended`s whose recognizers have all failed.
    func releaseHeldTouches() {
        var i = 0
        while i < heldTouches.count {
            let touch = heldTouches[i]
            if touch.heldBegan && !isHeld(touch, byDelaysBegan: true) {
                touch.heldBegan = false
                sendToView(touch, .touchesBegan)
                touch.viewDelivery = .delivered
            }
            if touch.heldEnded && !touch.heldBegan && touch.viewDelivery == .delivered && !isHeld(touch, byDelaysBegan: false) {
                touch.heldEnded = false
                sendToView(touch, .touchesEnded)
                touch.viewDelivery = .finished
            }
            if touch.heldBegan || touch.heldEnded {
                i += 1
            } else {
                heldTouches.remove(at: i)
            }
        }
    }

    /// Is an undecided recognizer of this attempt holding the touch's `began` (or `ended`)?
    private func isHeld(_ touch: Touch, byDelaysBegan: Bool) -> Bool {
        // The recognizers are alive: held touches belong to this environment, which holds them (`adopted`).
        for (holder, attempt) in zip(touch.recognizers, touch.recognizerAttempts) {
            let r = holder.takeUnretainedValue()
            guard r.dispatch.attempt == attempt && r.dispatch.currentState == .possible && !r.dispatch.isQueuedForReset else { continue }
            if byDelaysBegan ? r.delaysTouchesBegan : r.delaysTouchesEnded { return true }
        }
        return false
    }

    private func sendToView(_ touch: Touch, _ kind: ViewDelivery.Kind) {
        guard let view = touch.view else { return }
        observer?.environment(self, didDeliver: ViewDelivery(time: currentTime, view: view, kind: kind, touch: touch))
    }
}
