@_spi(Formatting) import GestureEngine
import TraceReading

/// A declarative expectation about a replay, written in a trace's or a scene's `"expect"` array
/// (`docs/ci.md`, "Expectations"):
///
/// ```json
/// "expect": [
///   {"recognizer": "doubleTap", "state": "ended", "at": [0.25, 0.35]},
///   {"recognizer": "single", "never": "ended"},
///   {"recognizer": "drag", "state": "ended", "velocity.y": {"max": -1000}},
///   {"recognizer": "swipe", "direction": "up"},
///   {"recognizer": "pan", "state": "changed", "count": {"min": 10}},
///   {"recognizer": "tap", "state": "failed", "reason": "allowableMovement"}
/// ]
/// ```
///
/// A transition *matches* when it is one of `recognizer`'s, goes to `state` (default `ended`), and
/// satisfies the time window and every value condition. `state` (the default) needs at least one
/// match, `never` none, `count` that many.
public struct TraceExpectation: Sendable {
    /// How many matching transitions the expectation needs.
    public enum Quantifier: Sendable, Equatable {
        /// At least one (`"state"`, or no state key at all).
        case reaches
        /// None (`"never"`).
        case never
        /// A number of them in `min...max` (`"count"`; either end open).
        case count(min: Int, max: Int?)
    }

    /// The recognizer's name in the scene.
    public var recognizer: String
    /// Where the recognizer's name is written (for "unknown recognizer" errors).
    public var recognizerLocation: SourceLocation
    /// The state the transitions go to.
    public var state: GestureRecognizerState
    public var quantifier: Quantifier
    /// The transition's time, seconds (`"at"`).
    public var time: ValueTest?
    /// Conditions on the transition's values, in the order written.
    public var conditions: [Condition]
    /// Where the expectation object starts (failures are reported here).
    public var location: SourceLocation
    /// What the device did, for an expectation a recorder wrote (`"device"`: `pan began at 0.183
    /// (192.0, 410.5)`): a failure then reads `device: ...; replay: ...` (docs/recording.md).
    public var device: String?

    public init(
        recognizer: String, recognizerLocation: SourceLocation, state: GestureRecognizerState = .ended,
        quantifier: Quantifier = .reaches, time: ValueTest? = nil, conditions: [Condition] = [],
        location: SourceLocation
    ) {
        self.recognizer = recognizer
        self.recognizerLocation = recognizerLocation
        self.state = state
        self.quantifier = quantifier
        self.time = time
        self.conditions = conditions
        self.location = location
    }

    /// One condition on a value: `"velocity.x": {"min": 800}`.
    public struct Condition: Sendable, Equatable {
        /// The key as written (`velocity.x`, `tickles`).
        public var key: String
        public var field: ValueField
        public var test: ValueTest
        public var location: SourceLocation

        public init(key: String, field: ValueField, test: ValueTest, location: SourceLocation) {
            self.key = key
            self.field = field
            self.test = test
            self.location = location
        }
    }

    /// The expectation in words: `doubleTap reaches ended at 0.25...0.35 s`,
    /// `single never reaches ended`, `drag reaches ended with velocity.y <= -1000`.
    public var summary: String {
        if let device { return "device: " + device }
        var s = recognizer
        switch quantifier {
        case .reaches: s += " reaches \(state)"
        case .never: s += " never reaches \(state)"
        case .count(let min, let max): s += " reaches \(state) " + Self.countDescription(min: min, max: max)
        }
        if let time { s += " " + time.timeDescription }
        if !conditions.isEmpty {
            s += " with " + conditions.map { "\($0.key) \($0.test.description(for: $0.field))" }.joined(separator: ", ")
        }
        return s
    }

    /// `2 times`, `1 time`, `2...4 times`, `at least 2 times`, `at most 3 times`.
    static func countDescription(min: Int, max: Int?) -> String {
        func times(_ n: Int) -> String { n == 1 ? "1 time" : "\(n) times" }
        switch max {
        case .some(let max) where max == min: return times(min)
        case .some(let max) where min == 0: return "at most " + times(max)
        case .some(let max): return "\(min)...\(max) times"
        case .none: return "at least " + times(min)
        }
    }
}

/// What an expectation tests a value against.
public enum ValueTest: Sendable, Equatable {
    /// Equal as the text output prints the value (`198.2` matches 198.24: points have 1 decimal);
    /// whole numbers (taps, touches, integer extras) exactly.
    case equals(Double)
    /// In `min...max`, both ends included; a nil end is open.
    case range(min: Double?, max: Double?)
    /// A text value (a swipe direction, a text extra) equal to this.
    case text(String)
    /// A text value (the failure reason) containing this.
    case contains(String)

    /// The test in words, for a value printed with the field's precision.
    func description(for field: ValueField) -> String {
        switch self {
        case .equals(let v): return "= " + Self.number(v)
        case .range(let min?, let max?): return Self.number(min) + "..." + Self.number(max)
        case .range(let min?, nil): return ">= " + Self.number(min)
        case .range(nil, let max?): return "<= " + Self.number(max)
        case .range(nil, nil): return "(any)"
        case .text(let s): return field == .direction ? s : "'\(s)'"
        case .contains(let s): return "containing '\(s)'"
        }
    }

    /// The test as a time window: `at 0.3 s`, `at 0.25...0.35 s`, `at or after 0.3 s`, `by 0.4 s`.
    var timeDescription: String {
        switch self {
        case .equals(let v): return "at \(Self.number(v)) s"
        case .range(let min?, let max?): return "at \(Self.number(min))...\(Self.number(max)) s"
        case .range(let min?, nil): return "at or after \(Self.number(min)) s"
        case .range(nil, let max?): return "by \(Self.number(max)) s"
        default: return ""
        }
    }

    /// A number as the user would write it (up to 6 decimals, no trailing zeros).
    static func number(_ v: Double) -> String { formatShort(v, decimals: DisplayPrecision.traceTime) }

    /// Whether `value` (printed with `decimals` decimals; 0 for whole numbers) passes.
    func accepts(_ value: Double, decimals: Int) -> Bool {
        switch self {
        case .equals(let expected):
            if decimals == 0 { return value == expected }
            return formatDecimal(value, decimals: decimals) == formatDecimal(expected, decimals: decimals)
        case .range(let min, let max):
            return (min.map { value >= $0 } ?? true) && (max.map { value <= $0 } ?? true)
        case .text, .contains:
            return false
        }
    }

    /// Whether the text `value` passes.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .text(let expected): return text == expected
        case .contains(let part): return part.isEmpty || text.contains(part)
        case .equals, .range: return false
        }
    }

    /// How far `value` is outside the test (0 inside), for ranking near misses.
    func distance(_ value: Double) -> Double {
        switch self {
        case .equals(let v): return abs(value - v)
        case .range(let min, let max):
            if let min, value < min { return min - value }
            if let max, value > max { return value - max }
            return 0
        case .text, .contains: return 0
        }
    }
}

/// The transition values an expectation can test (`docs/ci.md` lists them with their keys).
public enum ValueField: Sendable, Equatable, Hashable {
    case locationX, locationY
    case translationX, translationY
    case velocityX, velocityY
    /// The length of the velocity vector (pan-style recognizers).
    case speed
    /// Pinch scale per second or rotation radians per second.
    case scalarVelocity
    case scale, rotation
    case selectionX, selectionY, selectionWidth, selectionHeight
    case taps, touches
    case direction
    case reason
    /// A value a custom recognizer reports under its own name (`tickles`).
    case extra(String)
    /// A coordinate of a point a custom recognizer reports (`anchor.x`).
    case extraX(String), extraY(String)

    /// Fixed keys, as written in expectations.
    public static let keyed: [(key: String, field: ValueField)] = [
        ("location.x", .locationX), ("location.y", .locationY),
        ("translation.x", .translationX), ("translation.y", .translationY),
        ("velocity.x", .velocityX), ("velocity.y", .velocityY),
        ("speed", .speed), ("velocity", .scalarVelocity),
        ("scale", .scale), ("rotation", .rotation),
        ("selectionRect.x", .selectionX), ("selectionRect.y", .selectionY),
        ("selectionRect.width", .selectionWidth), ("selectionRect.height", .selectionHeight),
        ("taps", .taps), ("touches", .touches),
        ("direction", .direction), ("reason", .reason),
    ]

    /// The field a key names: a fixed key (`selection.` is accepted for `selectionRect.`), else a
    /// custom recognizer's value (`tickles`, or `name.x`/`name.y` for a point).
    public init(key: String) {
        let normalized = key.hasPrefix("selection.") ? "selectionRect." + key.dropFirst("selection.".count) : key
        if normalized == "scaleVelocity" || normalized == "angularVelocity" {
            // JSON Lines schema 2's names for a pinch's and a rotation's `velocity`.
            self = .scalarVelocity
        } else if let known = Self.keyed.first(where: { $0.key == normalized }) {
            self = known.field
        } else if key.count > 2, key.hasSuffix(".x") {
            self = .extraX(String(key.dropLast(2)))
        } else if key.count > 2, key.hasSuffix(".y") {
            self = .extraY(String(key.dropLast(2)))
        } else {
            self = .extra(key)
        }
    }

    /// The key for messages.
    public var key: String {
        switch self {
        case .extra(let name): return name
        case .extraX(let name): return name + ".x"
        case .extraY(let name): return name + ".y"
        default: return Self.keyed.first(where: { $0.field == self })!.key
        }
    }

    /// Whether the field holds text (tested with a string) rather than a number.
    var isText: Bool { self == .direction || self == .reason }
    /// Whether the field is fixed to a number.
    var isNumeric: Bool {
        switch self {
        case .direction, .reason, .extra: return false
        default: return true
        }
    }
}

/// A transition's value for a field, with the precision the text output prints it at.
enum FieldValue {
    case number(Double, decimals: Int)
    case text(String)

    var display: String {
        switch self {
        case .number(let v, let decimals): return formatDecimal(v, decimals: decimals)
        case .text(let s): return s
        }
    }
}

extension ValueField {
    /// The value in `t`, or nil when the recognizer did not report it.
    func value(in t: Transition) -> FieldValue? {
        let v = t.values
        switch self {
        case .locationX: return .number(v.location.x, decimals: DisplayPrecision.point)
        case .locationY: return .number(v.location.y, decimals: DisplayPrecision.point)
        case .translationX: return v.translation.map { .number($0.dx, decimals: DisplayPrecision.point) }
        case .translationY: return v.translation.map { .number($0.dy, decimals: DisplayPrecision.point) }
        case .velocityX: return v.velocity.map { .number($0.dx, decimals: DisplayPrecision.point) }
        case .velocityY: return v.velocity.map { .number($0.dy, decimals: DisplayPrecision.point) }
        case .speed: return v.velocity.map { .number(($0.dx * $0.dx + $0.dy * $0.dy).squareRoot(), decimals: DisplayPrecision.point) }
        case .scalarVelocity: return v.scalarVelocity.map { .number($0, decimals: DisplayPrecision.ratio) }
        case .scale: return v.scale.map { .number($0, decimals: DisplayPrecision.ratio) }
        case .rotation: return v.rotation.map { .number($0, decimals: DisplayPrecision.ratio) }
        case .selectionX: return v.selectionRect.map { .number($0.origin.x, decimals: DisplayPrecision.point) }
        case .selectionY: return v.selectionRect.map { .number($0.origin.y, decimals: DisplayPrecision.point) }
        case .selectionWidth: return v.selectionRect.map { .number($0.size.width, decimals: DisplayPrecision.point) }
        case .selectionHeight: return v.selectionRect.map { .number($0.size.height, decimals: DisplayPrecision.point) }
        case .taps: return v.taps.map { .number(Double($0), decimals: 0) }
        case .touches: return .number(Double(v.numberOfTouches), decimals: 0)
        case .direction: return v.direction.map { .text($0.description) }
        case .reason: return t.reason.map { .text($0) }
        case .extra(let name):
            switch v.extra.last(where: { $0.name == name })?.value {
            case .integer(let i)?: return .number(Double(i), decimals: 0)
            case .number(let d)?: return .number(d, decimals: DisplayPrecision.ratio)
            case .text(let s)?: return .text(s)
            case .point?, nil: return nil
            }
        case .extraX(let name), .extraY(let name):
            guard case .point(let p)? = v.extra.last(where: { $0.name == name })?.value else { return nil }
            return .number(self == .extraX(name) ? p.x : p.y, decimals: DisplayPrecision.point)
        }
    }

    /// Every field `t` reports (fixed ones in `keyed` order, then its extras), for "reports no X" messages.
    static func reported(in t: Transition) -> [ValueField] {
        var fields = keyed.map(\.field).filter { $0.value(in: t) != nil }
        for (name, value) in t.values.extra {
            if case .point = value { fields += [.extraX(name), .extraY(name)] } else { fields.append(.extra(name)) }
        }
        return fields
    }
}
