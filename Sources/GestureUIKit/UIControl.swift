import GestureEngine

/// `UIControl`, over the engine's `Control` (docs/scroll-and-controls.md): it tracks one touch and
/// sends control events (`touchDown`, `touchDragInside`, `touchUpInside`, ...) to the targets added
/// with `addTarget(_:action:for:)`, after the replay's output heard of them. The tracking methods
/// are overridable with UIKit's signatures; their defaults are the engine's.
open class UIControl: UIView {
    /// `UIControl.Event`: UIKit's bits.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The engine's event of this bit.
        init(_ event: ControlEvent) { self.init(rawValue: UInt(event.mask)) }
    }

    /// `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// The engine view as a control.
    var control: Control { unsafeDowncast(engineView, to: Control.self) }

    /// One `addTarget(_:action:for:)`.
    private struct Target {
        weak var target: AnyObject?
        let action: Selector
        let events: Event
        /// False for `addTarget(nil, ...)`: UIKit sends such an action up the responder chain.
        let hadTarget: Bool
    }
    private var targets: [Target] = []
    private var listens = false

    /// `isEnabled`: a disabled control is skipped by hit-testing and does not track.
    open var isEnabled: Bool {
        get { control.isEnabled }
        set { control.isEnabled = newValue }
    }
    /// `isSelected`: stored.
    open var isSelected = false
    /// `isHighlighted`: true from `touchDown` while the touch is mostly inside.
    open var isHighlighted: Bool { control.isHighlighted }
    /// `isTracking`: the control tracks a touch.
    open var isTracking: Bool { control.isTracking }
    /// `isTouchInside`: the tracked touch is mostly inside.
    open var isTouchInside: Bool { control.isTouchInside }
    /// `state`.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    // MARK: Target-action

    /// `addTarget(_:action:for:)`: `target` is held weakly, as in UIKit; a nil target names no object
    /// (UIKit would search the responder chain; it is reported once into the replay).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        if let i = targets.firstIndex(where: { $0.target === object && $0.action == action }) {
            let merged = targets[i].events.union(controlEvents)
            targets[i] = Target(target: object, action: action, events: merged, hadTarget: object != nil)
        } else {
            targets.append(Target(target: object, action: action, events: controlEvents, hadTarget: object != nil))
        }
        listen()
    }
    /// `removeTarget(_:action:for:)`: nil matches every target or every action.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        targets = targets.compactMap { t in
            guard object == nil || t.target === object, action == nil || t.action == action else { return t }
            let left = t.events.subtracting(controlEvents)
            return left.isEmpty ? nil : Target(target: t.target, action: t.action, events: left, hadTarget: t.hadTarget)
        }
    }
    /// `allTargets`.
    open var allTargets: Set<AnyHashable> {
        Set(targets.compactMap { $0.target.map { ObjectIdentifier($0) as AnyHashable } })
    }
    /// `allControlEvents`.
    open var allControlEvents: Event { targets.reduce(Event()) { $0.union($1.events) } }
    /// `actions(forTarget:forControlEvent:)`: the selectors' names.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = targets.filter { $0.target === object && !$0.events.isDisjoint(with: controlEvent) }.map(\.action.name)
        return names.isEmpty ? nil : names
    }

    /// `sendActions(for:)`: sends the events, as the control does itself (the replay's output hears
    /// of the touch events, then the targets run).
    open func sendActions(for controlEvents: Event) {
        var engineEvents = Event()
        for e in ControlEvent.allCases where controlEvents.contains(Event(e)) {
            engineEvents.insert(Event(e))
            control.send(e)
        }
        let others = controlEvents.subtracting(engineEvents)
        if !others.isEmpty { runTargets(for: others, event: nil) }
    }
    /// `sendAction(_:to:for:)`: calls `action` on `target` with this control.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        guard let target else { return report("error: action '\(action.name)' has no target (no responder chain here)") }
        if !action.perform(on: target as AnyObject, with: self, event: event) {
            report("error: action '\(action.name)'\(action.placeSuffix) names no method of \(type(of: target)) (no Objective-C runtime)")
        }
    }

    private var reported: Set<String> = []
    private func report(_ text: String) {
        guard reported.insert(text).inserted else { return }
        engineView.replayPrint(text)
    }

    private func listen() {
        guard !listens else { return }
        listens = true
        control.addAction { control, event in
            (control.existingUIKitView as? UIControl)?.runTargets(for: Event(event), event: nil)
        }
    }

    private func runTargets(for events: Event, event: UIEvent?) {
        let list = targets
        ReplayContext.with(.view(engineView)) {
            for t in list where !t.events.isDisjoint(with: events) {
                guard let target = t.target else {
                    report(
                        t.hadTarget
                            ? "warning: the target of action '\(t.action.name)'\(t.action.placeSuffix) is gone, so it is not called: "
                                + "targets are held weakly, as in UIKit; keep the target alive"
                            : "error: action '\(t.action.name)' has no target (no responder chain here)")
                    continue
                }
                sendAction(t.action, to: target, for: event)
            }
        }
    }

    // MARK: Tracking (overridable, UIKit's signatures)

    /// `beginTracking(_:with:)`: whether to track `touch` (default true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let t = touch.engineTouch, let e = event?.touchEvent else { return true }
        if let bridge = engineView as? any ControlBridge { return bridge.engineBeginTracking(t, e) }
        return control.beginTracking(t, with: e)
    }
    /// `continueTracking(_:with:)`: whether to keep tracking after a move (default true).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let t = touch.engineTouch, let e = event?.touchEvent else { return true }
        if let bridge = engineView as? any ControlBridge { return bridge.engineContinueTracking(t, e) }
        return control.continueTracking(t, with: e)
    }
    /// `endTracking(_:with:)`: the tracked touch lifted.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let e = event?.touchEvent else { return }
        if let bridge = engineView as? any ControlBridge { return bridge.engineEndTracking(touch?.engineTouch, e) }
        control.endTracking(touch?.engineTouch, with: e)
    }
    /// `cancelTracking(with:)`: tracking stops, the highlight goes off, `touchCancel` is sent (call `super`).
    open func cancelTracking(with event: UIEvent?) {
        guard let e = event?.touchEvent else { return }
        if let bridge = engineView as? any ControlBridge { return bridge.engineCancelTracking(e) }
        control.cancelTracking(with: e)
    }
}

/// `UIButton`, over the engine's `Button`: a control that sends `primaryActionTriggered` after
/// `touchUpInside` and refuses a superview's one-finger single tap (docs/scroll-and-controls.md).
/// Titles and images are stored, nothing is drawn.
open class UIButton: UIControl {
    /// `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    /// `UIButton(type:)`: an empty frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// `buttonType`.
    open private(set) var buttonType = ButtonType.custom
    private var titles: [UInt: String] = [:]

    /// `setTitle(_:for:)`, `title(for:)`, `currentTitle`: stored.
    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    open var currentTitle: String? { title(for: self.state) }
}
