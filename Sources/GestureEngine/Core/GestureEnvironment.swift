/// The dispatch loop: feeds touch events through the recognizers of a view tree, as UIKit's
/// gesture environment does, in virtual (trace) time.
///
/// Feed it with `send(_:at:)` once per event (all changes that share a timestamp), in time order,
/// then call `finish()`. Output goes to `observer`. See `docs/engine.md` for the rules.
public final class GestureEnvironment {
    // Exclusivity: the stored state below is marked `@exclusivity(unchecked)`. Every access to it is
    // the engine's own, single-threaded, and short (a read, an assignment, or a mutating call on an
    // array or the timer queue that calls out to nothing), so no two accesses can overlap and the
    // run-time check (about 80 instructions per access, tens of accesses per event) buys nothing.
    // See docs/engine.md, "Cost".

    /// The root of the view tree (window coordinates = the root's superview coordinates).
    public let rootView: View
    /// Receives transitions, diagnostics, view deliveries, touch ends and what user code prints
    /// (`replayPrint(_:)`) (held strongly).
    @exclusivity(unchecked) public var observer: (any GestureEnvironmentObserver)? {
        didSet {
            // The update may be reporting through the holder being replaced: it lives until then.
            if update.reportingDepth > 0, let old = observerHolder { update.retiredObserverHolders.append(old) }
            observerHolder = observer.map(ObserverHolder.init)
            observerLink = observerHolder.map { Unmanaged.passUnretained($0) }
        }
    }
    /// `observer` in a holder, and the same unretained: what the update reports through
    /// (`ObserverHolder`).
    @exclusivity(unchecked) private var observerHolder: ObserverHolder?
    @exclusivity(unchecked) private(set) var observerLink: Unmanaged<ObserverHolder>?
    /// The states whose transitions the observer hears, one bit per `GestureRecognizerState`
    /// raw value (all by default): a replay whose output shows only some states, with no summary or
    /// other listener, sets it, and the update builds no transition, values or reason for the
    /// others (`reportsReasons(of:)`). With `GestureRecognizer.isReported`, per recognizer.
    @exclusivity(unchecked) package var reportedStates: UInt8 = 0xFF
    /// When true, the environment works out what each view would receive and reports it as `ViewDelivery`.
    @exclusivity(unchecked) public var deliversTouchesToViews = false
    /// True once a touch landed in a tree with a `View` subclass: from then on the environment works
    /// out view delivery and sends the touch messages to the views (`View.touchesBegan(_:with:)`...),
    /// whether or not `deliversTouchesToViews` reports them. A tree of plain views never pays for it.
    @exclusivity(unchecked) public private(set) var sendsTouchMessages = false
    /// View delivery is worked out (reported, sent to view subclasses, or both).
    var tracksViewDelivery: Bool { deliversTouchesToViews || sendsTouchMessages }
    /// `UITouch.tapCount`'s state (see `TapCountRule`).
    @exclusivity(unchecked) var tapCounts = TapCountTracker()
    /// The current trace time, seconds: the last event's, or a timer's deadline while it fires.
    @exclusivity(unchecked) public internal(set) var currentTime: Double = 0
    /// True after `finish()`: later events are rejected with a diagnostic.
    @exclusivity(unchecked) public private(set) var isFinished = false
    /// True from `finish()` on: a recognizer that fails or cancels without a reason of its own
    /// (because the touches still down are cancelled) gets the reason "trace ended".
    @exclusivity(unchecked) var isEndingTrace = false

    @exclusivity(unchecked) var timers = TimerQueue()
    @exclusivity(unchecked) private var hasStarted = false
    @exclusivity(unchecked) private var activeTouches = TouchTable()
    let event = TouchEvent()

    // The engine's working state, in four groups (one file each: DispatchStepState.swift,
    // ArbitrationState.swift, UpdateState.swift, ViewMessageState.swift).
    /// The current dispatch step: its stamp, touches and recognizers, and the delivery in progress.
    @exclusivity(unchecked) var step = StepState()
    /// Who takes part in the gesture and what arbitration is waiting on (Arbitration.swift, FailureQuestions.swift).
    @exclusivity(unchecked) var arbitration = ArbitrationState()
    /// What the event's touch methods did, waiting for the update (Update.swift), and the resets it queued.
    @exclusivity(unchecked) var update = UpdateState()
    /// What the views are told and when (ViewTouchDelivery.swift).
    @exclusivity(unchecked) var views = ViewMessageState()
    /// Tests only: true makes the engine take its plain paths where it has a fast one (today the
    /// exclusion pass, `excludeNewcomers()`, a `changed` request, `request(_:to:)`, moves a
    /// recognizer declared quiet, `dispatchStep()`, and the failure questions asked of every
    /// participant, `isWaitingForFailure(_:)` and `releaseRecognizers(waitingFor:)`), so a test can
    /// compare the two on the same traces.
    @exclusivity(unchecked) var usesPlainPaths = false
    /// Tests only: how many times arbitration asked whether one recognizer must wait for another
    /// (`requiresFailure(_:of:)`), to show that the work grows linearly with a scene's size.
    @exclusivity(unchecked) var failureRequirementChecks = 0
    /// Tests only: how many moves the quiet-move fast path kept from a recognizer (`dispatchStep()`).
    @exclusivity(unchecked) var skippedQuietMoves = 0
    /// Every recognizer whose `environment` this environment set: it clears them when it goes away
    /// (a recognizer's environment is a raw pointer, read at every state change, and this
    /// keeps it from ever dangling: it is nil once its environment is gone, as a weak reference).
    ///
    /// It is also what keeps the engine's own recognizer lists cheap. Only appended to, it holds
    /// every recognizer that ever took a touch here strongly until this environment is gone. A
    /// recognizer enters `Touch.recognizers` only in `apply(_:_:)`, right after being adopted, and
    /// every other list (`stepRecognizers`, `endingRecognizers`) is filled from those; so all of
    /// them refer to live objects while the environment exists, and they store their elements
    /// unretained (`Unmanaged`): no retain and release per recognizer visited. A touch that outlives
    /// its environment only has its list compared by identity (`ignore(_:for:)`), never dereferenced.
    @exclusivity(unchecked) private var adopted: [GestureRecognizer] = []

    /// An environment for the view tree under `rootView`.
    public init(rootView: View) {
        self.rootView = rootView
        rootView.hostEnvironment = self
    }

    deinit {
        if rootView.hostEnvironment === self { rootView.hostEnvironment = nil }
        // A trace abandoned mid-way (an invalid row) leaves touches down and recognizers undecided,
        // and touches and recognizers refer to each other (a tap keeps its touches, `_touches`, until
        // it resets; a touch keeps its view, whose recognizers the view keeps): reset every
        // recognizer still taking part, as the end of its gesture would, or the whole scene leaks.
        for r in adopted where r.isDelivered(by: self) && (r.dispatch.isParticipating || r.dispatch.currentState != .possible) {
            resetRecognizer(r)
        }
        for r in adopted where r.isDelivered(by: self) { r.dispatch.environment = nil }
        for touch in event.allTouches { touch.recognizers.removeAll() }
        for r in arbitration.participants { r.dispatch.trackedTouches.removeAll() }
    }

    /// The touches currently down, in the order they began.
    public var touchesDown: [Touch] { event.allTouches }

    // MARK: Feeding events

    /// Delivers one event: every change shares `time` (seconds). Pending timers due at or before `time`
    /// fire first, in deadline order. Changes apply in order; when a touch appears twice (its last move
    /// and its lift) the event is delivered in two steps with the same timestamp.
    public func send(_ changes: [TouchChange], at time: Double) {
        guard !isFinished else {
            report(.invalidTime, "event at t=\(formatShort(time, decimals: 6)) after the trace finished; ignored")
            return
        }
        guard time.isFinite, !hasStarted || time >= currentTime else {
            report(
                .invalidTime,
                "event at t=\(formatShort(time, decimals: 6)) is earlier than t=\(formatShort(currentTime, decimals: 6)); ignored")
            return
        }
        advance(to: time)
        currentTime = time
        hasStarted = true
        step.stamp &+= 1
        for change in changes {
            // Unretained: activeTouches holds the touch until a step removes it, and the touch is
            // looked up again after the step below.
            var existing = activeTouches.findUnretained(change.id)
            if let touch = existing, touch._withUnsafeGuaranteedRef({ $0.changeStamp }) == step.stamp {
                dispatchStep()
                step.stamp &+= 1
                existing = activeTouches.findUnretained(change.id)
            }
            apply(change, existing)
        }
        dispatchStep()
    }

    /// The earliest pending timer's deadline (seconds, trace time), or nil when none is pending: a
    /// live replay calls `advance(to:)` when the wall clock reaches it.
    public var nextTimerDeadline: Double? { timers.nextDeadline() }

    /// Fires, in order, every timer whose deadline is at or before `time` (seconds), without an event.
    public func advance(to time: Double) {
        var fired = 0
        while let entry = timers.popDue(atOrBefore: time) {
            fired += 1
            if fired > 1_000_000 {
                report(.invalidTime, "more than 1000000 timers fired before t=\(formatShort(time, decimals: 6)); stopped")
                return
            }
            if entry.deadline > currentTime { currentTime = entry.deadline }
            step.dispatchDepth += 1
            entry.action()
            step.dispatchDepth -= 1
            settle()
        }
    }

    /// Ends the trace: touches still down are cancelled (reported) at the last event's time, then the
    /// remaining timers fire at their own deadlines, in order; a recognizer still undecided after that
    /// fails (or is cancelled if it had begun) with the reason "trace ended". Nothing is reported afterwards.
    public func finish() {
        guard !isFinished else { return }
        isEndingTrace = true
        if !event.allTouches.isEmpty {
            step.stamp &+= 1
            for touch in event.allTouches {
                report(.touchStillDown, "touch \(touch.id) still down at the end of the trace; cancelled")
                touch.previousWindowLocation = touch.windowLocation
                touch.phase = .cancelled
                touch.changeStamp = step.stamp
                step.stepTouches.append(.passUnretained(touch))
            }
            dispatchStep()
        }
        advance(to: .infinity)
        step.dispatchDepth += 1
        var i = 0
        while i < arbitration.participants.count {
            let r = arbitration.participants[i]
            i += 1
            if !r.dispatch.isParticipating || r.dispatch.isQueuedForReset || r.dispatch.currentState.isTerminal { continue }
            clearPending(r)
            applyTransition(r, to: r.dispatch.currentState.isActive ? .cancelled : .failed, reason: "trace ended")
        }
        step.dispatchDepth -= 1
        settle()
        isFinished = true
    }

    // MARK: One dispatch step

    /// Applies one row; `existing` is the touch with the row's id if it is down (held by
    /// `activeTouches` for the whole call: nothing here removes it).
    private func apply(_ change: TouchChange, _ existing: Unmanaged<Touch>?) {
        if change.phase != .began {
            guard let existing else {
                report(.unknownTouch, "touch \(change.id) \(change.phase) but it is not down; ignored")
                return
            }
            existing._withUnsafeGuaranteedRef { touch in
                touch.previousWindowLocation = touch.windowLocation
                touch.windowLocation = change.location
                touch.phase = change.phase
                touch.timestamp = currentTime
                touch.changeStamp = step.stamp
                // UIKit's tap state, before delivery (`_UpdateTouchTapCount`); a cancelled touch leaves it.
                if touch.tracksTap && change.phase != .cancelled {
                    tapCounts.update(touch, time: currentTime, lifted: change.phase == .ended)
                }
                if change.phase == .ended && !touch.isTap { touch.tapCount = 0 }
                step.stepTouches.append(.passUnretained(touch))
            }
            return
        }
        let touch: Touch
        // The recognizers' lists change below.
        step.dropSharedTouches()
        do {
            guard existing == nil else {
                report(.unknownTouch, "touch \(change.id) began while it is already down; ignored")
                return
            }
            let rootPoint =
                rootView.isBounded
                ? Point(x: change.location.x - rootView.frame.origin.x, y: change.location.y - rootView.frame.origin.y)
                : change.location
            let view = rootView.hitTest(rootPoint, with: event)
            touch = Touch(id: change.id, location: change.location, timestamp: currentTime, view: view)
            touch.tapCount = tapCounts.began(touch, at: change.location, time: currentTime)
            step.touchesBegun &+= 1
            touch.beganOrder = step.touchesBegun
            if let view, views.exclusiveTouchesDown > 0 || view.isExclusiveTouch, !admit(touch, to: view) {
                // Blocked by an exclusive-touch view: down, but delivered to nothing.
                touch.isBlockedByExclusiveTouch = true
                touch.viewDelivery = .never
                activeTouches.insert(touch)
                event.allTouches.append(touch)
                touch.changeStamp = step.stamp
                step.stepTouches.append(.passUnretained(touch))
                return
            }
            // Room for every recognizer that may take the touch (one allocation, not one per doubling).
            var candidates = 0
            var v = view
            while let current = v {
                candidates += current.gestureRecognizers.count
                v = current.superview
            }
            touch.recognizers.reserveCapacity(candidates)
            touch.recognizerAttempts.reserveCapacity(candidates)
            v = view
            while let current = v {
                if current.isResponderSubclass {
                    sendsTouchMessages = true
                    touch.reachesResponderSubclass = true
                }
                // Read unretained from a snapshot of the view's list (a delegate asked here may change
                // the list; the snapshot holds its recognizers): no retain and release per recognizer.
                let recognizers = current.gestureRecognizers
                recognizers.forEachUnretained { r in
                    guard r.isEnabled && r.acceptsNewTouches && r.shouldReceiveNewTouch(touch) && shouldReceive(r, touch) else { return }
                    if !r.isDelivered(by: self) {
                        r.dispatch.environment = self
                        adopted.append(r)
                    }
                    r.dispatch.trackedTouches.append(touch)
                    touch.recognizers.append(Unmanaged.passUnretained(r))
                    touch.recognizerAttempts.append(r.dispatch.attempt)
                    if !r.dispatch.isParticipating {
                        if !arbitration.leftParticipants.isEmpty { removeResetRecognizersFromLists() }
                        r.dispatch.isParticipating = true
                        arbitration.joins &+= 1
                        r.dispatch.joinOrder = arbitration.joins
                        arbitration.participants.append(r)
                        arbitration.newcomers.append(r)
                        update.hasUpdateWork = true
                        update.hasArbitrationWork = true
                        countFailureAnswerer(joining: r)
                    }
                }
                v = current.superview
            }
            if let view, view.isExclusiveTouch {
                touch.isOnExclusiveView = true
                views.exclusiveTouchesDown += 1
            }
            activeTouches.insert(touch)
            event.allTouches.append(touch)
        }
        touch.changeStamp = step.stamp
        step.stepTouches.append(.passUnretained(touch))
    }

    private func shouldReceive(_ r: GestureRecognizer, _ touch: Touch) -> Bool {
        guard asks(r, .shouldReceive) else { return true }
        return r.delegate?.gestureRecognizer(r, shouldReceive: touch) ?? true
    }

    private func dispatchStep() {
        guard !step.stepTouches.isEmpty else { return }
        if arbitration.listsHoldResetRecognizers { removeResetRecognizersFromLists() }
        event.timestamp = currentTime
        step.dispatchDepth += 1
        let stamp = step.stamp
        let now = currentTime
        // The recognizers of the step's touches, each once, with the phases and number of its
        // touches in this step (so delivery need not look at the touches that did not change).
        // Empty unless this step runs inside another step's handler.
        let outerCount = step.stepRecognizers.count
        var anyEnded = false
        // Moves a recognizer said change nothing for it (`ignoresMoves(before:)`: a marked swipe
        // before its deadline, a pinch or rotation before its pair formed) are left out of a step
        // of moves only. In a step with a touch of another phase everything is delivered, as on the
        // plain path: that touch may change what the moves do (a second finger landing forms the
        // pair, and the moves after it in the step count), and the step keeps the plain order.
        // FastPathEquivalenceTests compares the two.
        var onlyMoves = true
        for i in 0..<step.stepTouches.count where step.stepTouches[i]._withUnsafeGuaranteedRef({ $0.phase != .moved }) {
            onlyMoves = false
            break
        }
        // A step of moves only, on the fast path: quiet moves are skipped and its shared touch list is
        // kept for the next step.
        let isFastStepOfMoves = onlyMoves && !usesPlainPaths
        // Unretained: the touches down hold the step's touches (`activeTouches`), and `adopted`
        // holds the recognizers (see there), so the elements need no retain and release.
        do {
            for i in 0..<step.stepTouches.count {
                step.stepTouches[i]._withUnsafeGuaranteedRef { touch in
                    let phase = touch.phase
                    if phase.isTerminal { anyEnded = true }
                    let bit: UInt8 = 1 << phase.rawValue
                    // Read by index: a buffer-pointer walk retained and released the array per touch.
                    // Nothing in this walk changes the touch's list.
                    var j = 0
                    while j < touch.recognizers.count {
                        let u = touch.recognizers[j]
                        j += 1
                        do {
                            u._withUnsafeGuaranteedRef { r in
                                if isFastStepOfMoves && now < r.dispatch.quietMovesBefore {
                                    skippedQuietMoves &+= 1
                                    return
                                }
                                if r.dispatch.deliveryStamp != stamp {
                                    r.dispatch.deliveryStamp = stamp
                                    r.dispatch.stepPhases = bit
                                    r.dispatch.stepTouchCount = 1
                                    step.stepRecognizers.append(u)
                                } else {
                                    r.dispatch.stepPhases |= bit
                                    r.dispatch.stepTouchCount &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        // This step's recognizers, read by index: a handler that feeds the environment again adds
        // a nested step's recognizers after them (the storage may move) and removes them before it
        // returns, so these stay in place. The recognizers stay alive through `adopted`.
        let stepCount = step.stepRecognizers.count
        var index = outerCount
        let wasDelivering = step.isDeliveringStep
        let idleStart = step.idleActiveRecognizers.count
        step.isDeliveringStep = true
        // The touches the last delivery passed whole (see `deliver(to:sharing:)`): a step of moves
        // only starts from the last one's and leaves its own for the next (moved, not copied).
        var shared: [Touch] = []
        swap(&shared, &step.sharedTouches)
        while index < stepCount {
            let u = step.stepRecognizers[index]
            index += 1
            u._withUnsafeGuaranteedRef { deliver(to: $0, sharing: &shared) }
        }
        if isFastStepOfMoves {
            swap(&shared, &step.sharedTouches)
        } else {
            // Touches begin or end in this step: their lists change below.
            shared = []
        }
        step.isDeliveringStep = wasDelivering
        // Every touch method of the event has run: now the update (Update.swift), as UIKit's
        // `_deliverEvent:toGestureRecognizers:usingBlock:` runs `_UIGestureEnvironmentUpdate` after
        // the delivery. Then the views, as `-[UIWindow sendEvent:]` sends them the touches after the
        // gesture environment.
        if step.idleActiveRecognizers.count > idleStart { sendChangedToIdleActiveRecognizers(from: idleStart) }
        runUpdate()
        if deliversTouchesToViews || sendsTouchMessages { deliverStepToViews(stepTouchArray()) }
        if anyEnded { removeEndedTouches() }
        step.stepTouches.truncate(to: 0)
        step.stepRecognizers.truncate(to: outerCount)
        step.dispatchDepth -= 1
        settle()
    }

    /// The step's ended and cancelled touches leave their recognizers and the touches down, then
    /// observers hear of each, in row order. One pass over each list however many touches ended
    /// (a palm of touches lifting together costs no more per touch than one finger).
    private func removeEndedTouches() {
        let stamp = step.stamp
        step.endingRecognizers.removeAll(keepingCapacity: true)
        // The ended touches, held until the observer has heard of them: leaving the touches down
        // may release their last reference (the step's list does not retain them). In spare
        // storage kept between steps (a nested step, from the observer, starts an array of its own).
        var ended = step.spareEndedTouches
        step.spareEndedTouches = []
        for i in 0..<step.stepTouches.count {
            let touch = step.stepTouches[i].takeUnretainedValue()
            guard touch.phase.isTerminal else { continue }
            ended.append(touch)
            for u in touch.recognizers {
                u._withUnsafeGuaranteedRef { r in
                    if r.dispatch.endStamp != stamp {
                        r.dispatch.endStamp = stamp
                        step.endingRecognizers.append(u)
                    }
                    // The last of its touches to leave, in row order, gives its last centroid.
                    r.dispatch.lastEndedTouch = touch
                }
            }
            activeTouches.remove(touch.id)
        }
        for u in step.endingRecognizers {
            u._withUnsafeGuaranteedRef { r in
                let hadTouches = !r.dispatch.trackedTouches.isEmpty
                r.dispatch.trackedTouches.removeAll { $0.changeStamp == stamp && $0.phase.isTerminal }
                if hadTouches && r.dispatch.trackedTouches.isEmpty, let last = r.dispatch.lastEndedTouch {
                    r.dispatch.lastCentroid = last.windowLocation
                }
                r.dispatch.lastEndedTouch = nil
            }
        }
        step.endingRecognizers.removeAll(keepingCapacity: true)
        event.allTouches.removeAll { $0.changeStamp == stamp && $0.phase.isTerminal }
        for touch in ended {
            if touch.isOnExclusiveView { views.exclusiveTouchesDown -= 1 }
            observer?.environment(self, touchDidEnd: touch)
        }
        ended.clearKeepingCapacity()
        step.spareEndedTouches = ended
    }

    /// The step's touches as an array (retained) for the views' delivery, which calls view code.
    private func stepTouchArray() -> [Touch] {
        var touches: [Touch] = []
        touches.reserveCapacity(step.stepTouches.count)
        for i in 0..<step.stepTouches.count { touches.append(step.stepTouches[i].takeUnretainedValue()) }
        return touches
    }

    /// The order in which one step's touches reach a recognizer (stationary touches are not delivered, as in UIKit).
    private static let deliveryOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    ///
    /// `shared` is the list of touches the step's last whole delivery passed: a recognizer whose
    /// touches are the same ones, in the same order (a finger's recognizers all track just that
    /// finger), gets that same list, which the step holds, instead of its own copy, which would be
    /// retained and released around the call (~40 instructions per delivery).
    private func deliver(to r: GestureRecognizer, sharing shared: inout [Touch]) {
        guard r.receivesDeliveries else { return }
        let transitionsBefore = r.dispatch.transitions
        // The phases of r's touches in this step, as bits (1 << phase), gathered by dispatchStep().
        let phases = r.dispatch.stepPhases
        if r.dispatch.stepTouchCount == r.dispatch.trackedTouches.count && phases & (phases &- 1) == 0 {
            // Every touch of r changed, all in one phase (a finger or fingers moving together): they
            // are exactly the touches to deliver, in the same order, with no list to build.
            // (A stationary touch is not delivered.)
            if !r.dispatch.trackedTouches.isIdentical(to: shared) { shared = r.dispatch.trackedTouches }
            switch phases {
            case 1 << TouchPhase.moved.rawValue: r.touchesMoved(shared, with: event)
            case 1 << TouchPhase.began.rawValue: r.touchesBegan(shared, with: event)
            case 1 << TouchPhase.ended.rawValue: r.touchesEnded(shared, with: event)
            case 1 << TouchPhase.cancelled.rawValue: r.touchesCancelled(shared, with: event)
            default: break
            }
        } else {
            deliverByPhase(phases, to: r)
        }
        // An active recognizer whose delivery changed no state gets `changed` from the update
        // (`sendChangedToIdleActiveRecognizers(from:)`). (The state first: most recognizers a step
        // reaches are still possible.)
        let s = r.dispatch.currentState
        if (s == .began || s == .changed) && r.dispatch.transitions == transitionsBefore && r.dispatch.pendingState == nil {
            r.dispatch.transitionsAtDelivery = transitionsBefore
            step.idleActiveRecognizers.append(.passUnretained(r))
        }
    }

    /// `deliver(to:)` when `r`'s touches changed in more than one phase, or only some of them
    /// changed: one call per phase, in order, with r's touches read again for each phase (a handler
    /// may have ignored some). Out of line, so the common path keeps a small frame.
    @inline(never)
    private func deliverByPhase(_ phases: UInt8, to r: GestureRecognizer) {
        let stamp = step.stamp
        for phase in Self.deliveryOrder where phases & (1 << phase.rawValue) != 0 {
            step.scratch.removeAll(keepingCapacity: true)
            for touch in r.dispatch.trackedTouches where touch.changeStamp == stamp && touch.phase == phase {
                step.scratch.append(touch)
            }
            if step.scratch.isEmpty { continue }
            deliver(step.scratch, phase, to: r)
            if !r.receivesDeliveries { break }
        }
        step.scratch.removeAll(keepingCapacity: true)
    }

    /// The first part of UIKit's update for the step's recognizers: `-[UIGestureRecognizer
    /// _updateGestureForActiveEvents]`, run for every recognizer the event was delivered to, sends
    /// the actions of one in `began` or `changed` (one left in `began` moves to `changed`). A pan or
    /// long press never sets `changed` itself, so a move, a finger landing on it (then ignored) or one
    /// of several fingers lifting all send `changed`; a recognizer whose delivery changed its state
    /// has its transition already. `deliver(to:)` lists the candidates (from `start`: a nested step
    /// lists its own after the outer step's and takes them back).
    private func sendChangedToIdleActiveRecognizers(from start: Int) {
        var i = start
        while i < step.idleActiveRecognizers.count {
            let u = step.idleActiveRecognizers[i]
            i += 1
            u._withUnsafeGuaranteedRef { r in
                // Still as its delivery left it (a later touch method of the step may have changed it).
                let s = r.dispatch.currentState
                if (s == .began || s == .changed) && r.dispatch.transitions == r.dispatch.transitionsAtDelivery
                    && r.dispatch.pendingState == nil && !r.dispatch.isQueuedForReset
                {
                    applyTransition(r, to: .changed, reasonBytes: nil)
                }
            }
        }
        step.idleActiveRecognizers.truncate(to: start)
    }

    @inline(__always)
    private func deliver(_ touches: [Touch], _ phase: TouchPhase, to r: GestureRecognizer) {
        switch phase {
        case .began: r.touchesBegan(touches, with: event)
        case .moved: r.touchesMoved(touches, with: event)
        case .ended: r.touchesEnded(touches, with: event)
        default: r.touchesCancelled(touches, with: event)
        }
    }

    /// After a step: resets recognizers that reached a terminal state, and lets held view touches go.
    func settle() {
        guard step.dispatchDepth == 0 else { return }
        runUpdate()
        while !update.resetQueue.isEmpty {
            // The queued recognizers are reset as one batch; the queue continues in the spare
            // storage, so neither array is reallocated (a nested settle sees only what is queued
            // after the batch was taken).
            var batch = update.spareResetQueue
            update.spareResetQueue = []
            swap(&batch, &update.resetQueue)
            // A large batch (thousands of recognizers on one touch) leaves the lists in one pass
            // each after it; a few leave them one by one, as they are reset.
            let deferring = batch.count > Self.fewListRemovals
            for u in batch { u._withUnsafeGuaranteedRef { resetRecognizer($0, deferringListRemoval: deferring) } }
            if deferring { removeResetRecognizersFromLists() }
            batch.clearKeepingCapacity()
            update.spareResetQueue = batch
            // A reset may end a relative's activity: resets it held back may go now.
            if !update.blockedResets.isEmpty { queueUnblockedResets() }
        }
        if !views.heldTouches.isEmpty && tracksViewDelivery { releaseHeldTouches() }
    }

    /// UIKit's `-[UIGestureRecognizer _resetGestureRecognizer]`: `reset()` runs first, while the
    /// state is still the terminal one (so a state request made inside `reset()` is ignored, as
    /// `setState:` ignores every request after a terminal state), then the state returns to
    /// `possible`.
    private func resetRecognizer(_ r: GestureRecognizer, deferringListRemoval deferring: Bool = false) {
        timers.cancelAll(ownedBy: r)
        step.dispatchDepth += 1
        r.reset()
        step.dispatchDepth -= 1
        // Its touches drop it from their lists, now or (`deferring`) after the batch
        // (`removeResetRecognizersFromLists()`): the entry's attempt no longer matches once `attempt`
        // moves on below. A touch that ended is walked by nothing that does not compare attempts.
        // Its touches read unretained from a snapshot of its list (no retain and release per touch).
        let tracked = r.dispatch.trackedTouches
        tracked.forEachUnretained { touch in
            if deferring {
                if !touch.phase.isTerminal {
                    arbitration.staleTouchEntries.append((.passUnretained(touch), .passUnretained(r)))
                    arbitration.listsHoldResetRecognizers = true
                }
            } else if let i = touch.recognizers.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(r).toOpaque() }) {
                touch.recognizers.remove(at: i)
                touch.recognizerAttempts.remove(at: i)
            }
        }
        if !r.dispatch.trackedTouches.isEmpty { r.dispatch.lastCentroid = r.centroid() }
        // Its list may be the one kept from the last step.
        step.dropSharedTouches()
        r.dispatch.trackedTouches.clearKeepingCapacity()
        r.dispatch.currentState = .possible
        clearPending(r)
        r.dispatch.pendingReason.clear()
        r.dispatch.reportedReason.clear()
        r.dispatch.shouldBeginAsked = false
        r.dispatch.isQueuedForReset = false
        r.dispatch.isResetBlocked = false
        r.dispatch.beganActionPending = false
        r.dispatch.quietMovesBefore = -.infinity
        r.dispatch.attempt &+= 1
        if r.dispatch.isParticipating {
            r.dispatch.isParticipating = false
            uncountFailureAnswerer(leaving: r)
            if deferring {
                arbitration.leftParticipants.append(.passUnretained(r))
                arbitration.listsHoldResetRecognizers = true
            } else if let i = arbitration.participants.firstIndex(where: { $0 === r }) {
                arbitration.participants.remove(at: i)
            }
        }
    }

    /// Takes the recognizers of a large batch of resets out of `participants` and out of their
    /// touches' lists, one pass over each list however many were reset (a scene of thousands of
    /// recognizers on one touch resets them together: removing each on its own was quadratic,
    /// issue 30 #17). Until then a reset recognizer stays in `participants` with `isParticipating`
    /// false, which every walk over the list checks, and in its touches' lists with an attempt that
    /// no longer matches. Called after such a batch, and before anything walks the lists as a step
    /// (`dispatchStep()`) or adds to them (a touch beginning).
    func removeResetRecognizersFromLists() {
        arbitration.listsHoldResetRecognizers = false
        if !arbitration.leftParticipants.isEmpty {
            arbitration.participants.removeNonParticipating()
            while !arbitration.leftParticipants.isEmpty { arbitration.leftParticipants.removeLast() }
            if !arbitration.waiting.isEmpty { arbitration.waiting.removeStale() }
        }
        guard !arbitration.staleTouchEntries.isEmpty else { return }
        arbitration.listCleanupGeneration &+= 1
        for entry in arbitration.staleTouchEntries {
            entry.touch._withUnsafeGuaranteedRef { touch in
                if touch.listCleanupMark != arbitration.listCleanupGeneration {
                    touch.listCleanupMark = arbitration.listCleanupGeneration
                    touch.removeStaleRecognizers()
                }
            }
        }
        while !arbitration.staleTouchEntries.isEmpty { arbitration.staleTouchEntries.removeLast() }
    }

    /// Batches of resets up to this size leave the lists one by one (see `settle()`).
    private static let fewListRemovals = 8

    // MARK: Transitions

    /// Applies a transition the rules allow, as `-[UIGestureRecognizer setState:]` does: it records
    /// the state and leaves the rest to the update (Update.swift), which reports the transition,
    /// sends the actions, releases the recognizers waiting for a failure and queues the reset.
    func applyTransition(_ r: GestureRecognizer, to newState: GestureRecognizerState, reason: FailureReason?) {
        guard let reason else { return applyTransition(r, to: newState, reasonBytes: nil) }
        reason.withUTF8 { applyTransition(r, to: newState, reasonBytes: $0) }
    }

    /// `applyTransition(_:to:reason:)` with the reason's UTF-8 bytes (nil: none), which
    /// `reportedReason` copies when the transition is reported; with `reasonIsPending`, the reason
    /// is the one `r` gave with `fail(_:)` (`pendingReason`), which moves there instead.
    func applyTransition(
        _ r: GestureRecognizer, to newState: GestureRecognizerState, reasonBytes reason: UnsafeBufferPointer<UInt8>?,
        reasonIsPending: Bool = false
    ) {
        let previous = r.dispatch.currentState
        r.dispatch.currentState = newState
        r.dispatch.transitions &+= 1
        let unmanaged = Unmanaged.passUnretained(r)
        if newState.isTerminal {
            if !r.dispatch.isQueuedForReset {
                r.dispatch.isQueuedForReset = true
                if r.dispatch.requiredToFail.isEmpty && r.dispatch.requiredBy.isEmpty && arbitration.failureAnswerers == 0
                    && !usesPlainPaths
                {
                    // No relative that could hold its reset back (no failure requirement either way,
                    // no participant answering failure questions): queued at once.
                    update.resetQueue.append(unmanaged)
                } else {
                    update.finishedQueue.append(unmanaged)
                }
            }
            if newState != .ended {
                // `_notifyDependentsGestureRecognizerHasCompleted:`: a failed or cancelled recognizer
                // unblocks the recognizers waiting for it, at the update.
                r.dispatch.releasePending = true
                update.failedQueue.append(unmanaged)
                update.hasArbitrationWork = true
            }
        }
        update.hasUpdateWork = true
        if observer != nil && reportedStates & (1 << newState.rawValue) != 0 && r.dispatch.isReported {
            if newState == .failed || newState == .cancelled {
                if reasonIsPending {
                    r.dispatch.reportPendingReason()
                } else if let reason {
                    r.dispatch.reportedReason.set(reason)
                } else {
                    r.dispatch.reportedReason.clear()
                }
            }
            update.reports.append(PendingTransition(recognizer: unmanaged, previous: previous, state: newState, time: currentTime))
        }
        if r.hasActions {
            if newState == .began { r.dispatch.beganActionPending = true }
            if !r.dispatch.needsUpdate {
                r.dispatch.needsUpdate = true
                update.updateQueue.append(unmanaged)
            }
        }
        // A reason given with `fail(_:)` is spent: moved to the reported one above, or unread.
        r.dispatch.pendingReason.clear()
    }

    /// Whether the observer hears `r`'s failures or cancellations, whose reasons are then written.
    @inline(__always)
    func reportsReasons(of r: GestureRecognizer) -> Bool {
        observer != nil && reportedStates & Self.reasonStates != 0 && r.dispatch.isReported
    }

    /// `failed` and `cancelled`, the states that carry a reason, as `reportedStates` bits.
    static let reasonStates: UInt8 = 1 << GestureRecognizerState.failed.rawValue | 1 << GestureRecognizerState.cancelled.rawValue

    /// `text` as a reason for `r`'s failure, or nil when nobody will read it (`reportsReasons(of:)`).
    @inline(__always)
    func reason(for r: GestureRecognizer, _ text: @autoclosure () -> FailureReason) -> FailureReason? {
        reportsReasons(of: r) ? text() : nil
    }

    func report(_ kind: EngineDiagnostic.Kind, _ message: String, recognizer: GestureRecognizer? = nil) {
        observer?.environment(
            self, didReport: EngineDiagnostic(kind: kind, time: currentTime, recognizer: recognizer?.name, message: message))
    }
}

extension GestureRecognizer {
    /// Whether a new touch may join this recognizer's attempt: UIKit's
    /// `-[UIGestureRecognizer _shouldReceiveTouch:forEvent:recognizerView:]` refuses only states past
    /// `changed`. A recognition held back by a failure requirement is, inside UIKit, in `began`
    /// (it takes new touches) or `ended` (it does not).
    var acceptsNewTouches: Bool {
        !dispatch.isQueuedForReset && dispatch.pendingState != .ended && !dispatch.currentState.isTerminal
    }

    /// Whether this recognizer still gets its touches' changes.
    var receivesDeliveries: Bool {
        !dispatch.isQueuedForReset && !dispatch.currentState.isTerminal && isEnabled
    }
}

extension Array where Element == GestureRecognizer {
    /// Removes the recognizers that no longer take part (`isParticipating` false) in one pass,
    /// keeping the others' order.
    mutating func removeNonParticipating() {
        guard let first = firstIndex(where: { !$0.dispatch.isParticipating }) else { return }
        var kept = first
        for i in (first + 1)..<self.count where self[i].dispatch.isParticipating {
            swapAt(kept, i)
            kept += 1
        }
        while self.count > kept { removeLast() }
    }
}

extension Array where Element: AnyObject {
    /// Whether both lists hold the same objects in the same order (compared by identity).
    @inline(__always)
    func isIdentical(to other: [Element]) -> Bool {
        let n = count
        guard n == other.count else { return false }
        var i = 0
        while i < n {
            if self[i] !== other[i] { return false }
            i &+= 1
        }
        return true
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` for the few elements a dispatch list or a recognizer's
    /// touch list holds: removing (and releasing) them one by one is cheaper than the generic range
    /// removal it goes through (~120 instructions for a list of one or two touches).
    @inline(__always)
    mutating func clearKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
