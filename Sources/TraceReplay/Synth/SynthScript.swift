import GestureEngine
import TraceReading

/// Gesture scripts: traces written by hand instead of recorded on a device (`gesturereplay synth`,
/// docs/synth.md).
///
/// A script is one gesture per line (`tap 100,200`, `drag 100,200 -> 300,200 in 0.3s`, ...).
/// ``SynthParser`` reads it into ``SynthScript`` values (one per value of a sweep such as
/// `{100..160 step 5}`), ``Synthesizer`` turns a script into a ``SynthTrace`` (rows sampled at the
/// script's rate), and ``SynthTraceWriter`` writes that as an ordinary CSV, JSON Lines or JSON trace.
/// Code can also build ``SynthStep``s directly, without any text.
///
/// Units everywhere: points (pt) for positions and distances, seconds (s) for times, degrees for
/// angles (positive turns clockwise on screen, as the rotation recognizer counts), hertz for the
/// sampling rate. Output is deterministic: the jitter comes from a seeded generator
/// (``SynthRandom``), never from the system.
public enum Synth {}

/// How a moving finger's progress follows time (u = elapsed / duration, both 0...1).
public enum SynthEasing: String, Hashable, Sendable, CaseIterable {
    /// Constant speed: progress = u.
    case linear
    /// Slow start and end, fastest in the middle (a cubic in and out).
    case easeInOut = "ease-in-out"
    /// A decelerating fling: fastest at touch-down, slowing to a stop (1 - (1 - u)^3).
    case fling

    /// The progress (0...1) at `u` (0...1).
    public func progress(_ u: Double) -> Double {
        let u = min(max(u, 0), 1)
        switch self {
        case .linear: return u
        case .easeInOut:
            if u < 0.5 { return 4 * u * u * u }
            let v = -2 * u + 2
            return 1 - v * v * v / 2
        case .fling:
            let v = 1 - u
            return 1 - v * v * v
        }
    }
}

/// A direction on screen (y grows downwards).
public enum SynthDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down

    /// The unit vector of the direction.
    public var unit: Vector {
        switch self {
        case .left: Vector(dx: -1, dy: 0)
        case .right: Vector(dx: 1, dy: 0)
        case .up: Vector(dx: 0, dy: -1)
        case .down: Vector(dx: 0, dy: 1)
        }
    }
}

/// How a gesture is sampled: rate, easing, jitter and dwell. A script line's options apply to that
/// line; an option on a line of its own applies to every later line.
public struct SynthOptions: Hashable, Sendable {
    /// Samples per second while fingers move (default 120 Hz; 1...2000).
    public var rate: Double = 120
    /// The progress curve of moving gestures (default linear).
    public var easing: SynthEasing = .linear
    /// Each sampled position is moved by a uniform random offset in `-jitter...jitter` on each axis,
    /// points (default 0: exact positions). With jitter, fingers that rest (a tap, a long press, a
    /// dwell) also report a move at every sample.
    public var jitter: Double = 0
    /// The seed of the jitter's generator: the same seed gives the same trace.
    public var seed: UInt64 = 1
    /// How long fingers stay still at the end of a gesture before they lift, seconds (default 0: they
    /// lift in the frame of their last move).
    public var dwell: Double = 0

    /// The defaults: 120 Hz, linear, no jitter, seed 1, no dwell.
    public init() {}
}

/// One gesture, with its own values (units: points, seconds, degrees).
public enum SynthGesture: Hashable, Sendable {
    /// `fingers` fingers (spaced `apart` pt horizontally around `at`) touch down together and lift
    /// after `hold` s. `tap X,Y`, `tap2 X,Y`.
    case tap(at: Point, fingers: Int, hold: Double, apart: Double)
    /// Two taps at `at`, each held `hold` s, `gap` s from the first lift to the second touch-down.
    /// `doubletap X,Y`.
    case doubleTap(at: Point, hold: Double, gap: Double)
    /// One finger held still for `duration` s. `longpress X,Y for 0.8s`.
    case longPress(at: Point, duration: Double)
    /// Fingers moving from `from` to `to` in `duration` s, then lifting. `drag A -> B in 0.3s`,
    /// `drag2 ...` (two fingers `apart` pt apart horizontally, centred on the path), `flick ...`.
    case drag(from: Point, to: Point, duration: Double, fingers: Int, apart: Double)
    /// Fingers moving through `points` (three or more: a zigzag, a corner) in `duration` s at one
    /// speed (each leg takes its share of the time by its length), then lifting.
    /// `drag A -> B -> C in 0.6s`; `drag2` and `flick` too.
    case path(through: [Point], duration: Double, fingers: Int, apart: Double)
    /// One finger moving `distance` pt in `direction` from `from` in `duration` s.
    /// `swipe left from X,Y [by 150] [in 0.15s]`.
    case swipe(SynthDirection, from: Point, distance: Double, duration: Double)
    /// Two fingers on a horizontal line centred on `center`, their distance going from `from` to `to`
    /// pt in `duration` s. `pinch X,Y from 100 to 200 in 0.5s`.
    case pinch(center: Point, from: Double, to: Double, duration: Double)
    /// Two fingers `apart` pt apart, centred on `center`, starting on a horizontal line and turning
    /// `degrees` (positive: clockwise on screen) in `duration` s. `rotate X,Y by 90 in 0.4s`.
    case rotate(center: Point, degrees: Double, duration: Double, apart: Double)
    /// One finger touching down 1 pt inside the screen's `edge` at `position` along it (y for left and
    /// right, x for top and bottom), moving `distance` pt inwards in `duration` s.
    /// `edge left at 400 [by 120] [in 0.2s]`.
    case edge(SynthDirection, at: Double, distance: Double, duration: Double)
    /// Nothing for `duration` s. `wait 0.5s`.
    case wait(Double)
}

/// When a step starts.
public enum SynthStart: Hashable, Sendable {
    /// When every earlier step has ended (the default: one gesture after the other).
    case afterPrevious
    /// At this time, seconds from the start of the trace (`at 0.2s drag ...`): steps may overlap.
    case at(Double)
    /// With the previous step (`with tap ...`): both start at the same time.
    case withPrevious
}

/// One line of a script: a gesture, when it starts and how it is sampled.
public struct SynthStep: Hashable, Sendable {
    /// The gesture.
    public var gesture: SynthGesture
    /// When it starts.
    public var start: SynthStart
    /// How it is sampled.
    public var options: SynthOptions

    /// A step.
    public init(_ gesture: SynthGesture, start: SynthStart = .afterPrevious, options: SynthOptions = SynthOptions()) {
        self.gesture = gesture
        self.start = start
        self.options = options
    }
}

/// A script without sweeps: steps in order and the screen they play on.
public struct SynthScript: Hashable, Sendable {
    /// The default screen, points (an iPhone 14's: `Traces/` samples use it).
    public static let defaultScreen = Size(width: 390, height: 844)

    /// The steps, in script order.
    public var steps: [SynthStep]
    /// The screen size, points: written into JSON traces, and where `edge right`/`edge bottom` are.
    public var screen: Size

    /// A script.
    public init(steps: [SynthStep], screen: Size = SynthScript.defaultScreen) {
        self.steps = steps
        self.screen = screen
    }
}

/// A range of values written `{FROM..TO step STEP}` in place of a number (`step 1` if left out).
public struct SynthSweep: Hashable, Sendable {
    /// The values, in order (FROM, FROM + STEP, ... up to TO, inclusive).
    public var values: [Double]
    /// Where the sweep is in the script.
    public var location: SourceLocation
}

/// A parsed script file: one script, or one per value of its sweep.
public struct SynthDocument: Hashable, Sendable {
    /// One variant per sweep value (one variant without a sweep).
    public struct Variant: Hashable, Sendable {
        /// The sweep's value for this variant, nil without a sweep.
        public var value: Double?
        /// The value as written in file names (`45`, `0.25`); nil without a sweep.
        public var label: String?
        /// The script with this value.
        public var script: SynthScript
    }

    /// The sweep, if the script has one.
    public var sweep: SynthSweep?
    /// The scripts to generate.
    public var variants: [Variant]
}

/// One row of a synthesized trace.
public struct SynthRow: Hashable, Sendable {
    /// Seconds (rounded to the microsecond).
    public var time: Double
    /// The touch id (1, 2, ...: a new one per finger).
    public var touch: Int
    /// The phase.
    public var phase: TouchPhase
    /// Points (rounded to a thousandth).
    public var x: Double
    /// Points (rounded to a thousandth).
    public var y: Double

    /// A row.
    public init(time: Double, touch: Int, phase: TouchPhase, x: Double, y: Double) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.x = x
        self.y = y
    }
}

/// A synthesized trace: rows in time order and the screen.
public struct SynthTrace: Hashable, Sendable {
    /// The rows, by time (rows of one instant in step and finger order).
    public var rows: [SynthRow]
    /// The screen size, points.
    public var screen: Size
}

/// A seeded SplitMix64 generator (Steele, Lea and Flood, 2014): the same seed gives the same numbers
/// on every platform, so jittered traces are reproducible.
public struct SynthRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `-1..<1`.
    public mutating func symmetric() -> Double {
        Double(next() >> 11) * 0x1p-52 - 1
    }
}
