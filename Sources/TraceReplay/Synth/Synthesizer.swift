#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import TraceReading

/// Turns a ``SynthScript`` into a ``SynthTrace``.
///
/// Sampling: a gesture starting at t0 touches down at t0; while fingers move, they report a move at
/// every sampling instant t0 + k / rate after it, and one at the gesture's end t0 + duration (so the
/// last move is exactly at the scripted end point); then they rest for the dwell and lift. Resting
/// fingers report nothing unless there is jitter (then a move per sample, as a real finger's
/// tremor). Each finger gets a new touch id. Times are rounded to the microsecond and positions to a
/// thousandth of a point, so the written trace reads back exactly.
///
/// Steps run one after the other unless a step says `at` or `with` (``SynthStart``); rows of
/// overlapping steps are merged by time.
public enum Synthesizer {
    /// Default hold of a tap, seconds.
    public static let tapHold = 0.05
    /// Default gap between the two taps of a double tap (first lift to second touch-down), seconds.
    public static let doubleTapGap = 0.15
    /// Default duration of a long press, seconds.
    public static let longPressDuration = 0.8
    /// Default distance between the fingers of two-finger taps and drags, points.
    public static let fingerSpacing = 40.0
    /// Default distance between the fingers of a rotation, points.
    public static let rotationSpacing = 100.0
    /// Default swipe: distance, points, and duration, seconds.
    public static let swipeDistance = 150.0, swipeDuration = 0.15
    /// Default edge swipe: distance, points, and duration, seconds.
    public static let edgeDistance = 120.0, edgeDuration = 0.2
    /// Where an edge swipe touches down, points inside the edge.
    public static let edgeInset = 1.0

    /// The trace of `script`.
    public static func generate(_ script: SynthScript) -> SynthTrace {
        var state = State(screen: script.screen)
        var previousStart = 0.0
        var cursor = 0.0
        for step in script.steps {
            let start: Double
            switch step.start {
            case .afterPrevious: start = cursor
            case .at(let t): start = t
            case .withPrevious: start = previousStart
            }
            previousStart = start
            // One generator for the whole trace, started again when a step names another seed.
            if state.random == nil || state.seed != step.options.seed {
                state.random = SynthRandom(seed: step.options.seed)
                state.seed = step.options.seed
            }
            let end = state.add(step.gesture, at: start, options: step.options)
            cursor = max(cursor, end)
        }
        // Stable sort by time: rows of one instant keep step, then finger, order.
        let rows = state.rows.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return SynthTrace(rows: rows, screen: script.screen)
    }

    private struct State {
        let screen: Size
        var rows: [SynthRow] = []
        var nextTouch = 1
        var random: SynthRandom?
        var seed: UInt64 = 0

        init(screen: Size) { self.screen = screen }

        static func round(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }

        mutating func emit(_ t: Double, _ touch: Int, _ phase: TouchPhase, _ p: Point, _ o: SynthOptions) {
            var x = p.x, y = p.y
            if o.jitter > 0, var r = random {
                x += r.symmetric() * o.jitter
                y += r.symmetric() * o.jitter
                random = r
            }
            rows.append(SynthRow(time: Self.round(t, 1e6), touch: touch, phase: phase, x: Self.round(x, 1e3), y: Self.round(y, 1e3)))
        }

        /// Sampling instants after `t0`, up to and including `t1`: t0 + k / rate, then t1.
        static func samples(_ t0: Double, _ t1: Double, _ rate: Double) -> [Double] {
            guard t1 > t0 else { return [] }
            var result: [Double] = []
            var k = 1.0
            while true {
                let t = t0 + k / rate
                if t >= t1 - 1e-9 { break }
                result.append(t)
                k += 1
            }
            result.append(t1)
            return result
        }

        /// Fingers following `paths` (progress 0...1 -> position) over `duration`, resting `rest`,
        /// then lifting. Returns the lift time.
        mutating func move(
            _ paths: [(Double) -> Point], from t0: Double, duration: Double, rest: Double,
            _ o: SynthOptions
        ) -> Double {
            let ids = paths.indices.map { nextTouch + $0 }
            nextTouch += paths.count
            for (i, path) in paths.enumerated() { emit(t0, ids[i], .began, path(0), o) }
            let t1 = t0 + duration
            for t in Self.samples(t0, t1, o.rate) {
                let progress = o.easing.progress((t - t0) / duration)
                for (i, path) in paths.enumerated() { emit(t, ids[i], .moved, path(progress), o) }
            }
            let lift = t1 + rest
            if o.jitter > 0 {
                for t in Self.samples(t1, lift, o.rate).dropLast() {
                    for (i, path) in paths.enumerated() { emit(t, ids[i], .moved, path(1), o) }
                }
            }
            for (i, path) in paths.enumerated() { emit(lift, ids[i], .ended, path(1), o) }
            return lift
        }

        /// `count` fingers `apart` pt apart on a horizontal line centred on `p`.
        static func spread(_ p: Point, _ count: Int, _ apart: Double) -> [Point] {
            (0..<count).map { i in Point(x: p.x + (Double(i) - Double(count - 1) / 2) * apart, y: p.y) }
        }

        static func line(_ a: Point, _ b: Point) -> (Double) -> Point {
            { u in Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u) }
        }

        /// The route through `points` at one speed: progress u is the share of the whole length
        /// travelled (a route of length 0 stays at its first point), offset by `offset`.
        static func route(_ points: [Point], offset: Point) -> (Double) -> Point {
            var ends: [Double] = [0]
            for i in 1..<points.count {
                let dx = points[i].x - points[i - 1].x, dy = points[i].y - points[i - 1].y
                ends.append(ends[i - 1] + (dx * dx + dy * dy).squareRoot())
            }
            let total = ends[ends.count - 1]
            return { u in
                guard total > 0 else { return Point(x: points[0].x + offset.x, y: points[0].y + offset.y) }
                let d = u * total
                // The leg holding d (the last one for d == total).
                var i = 1
                while i < points.count - 1 && ends[i] < d { i += 1 }
                let length = ends[i] - ends[i - 1]
                let v = length > 0 ? (d - ends[i - 1]) / length : 1
                let a = points[i - 1], b = points[i]
                return Point(x: a.x + (b.x - a.x) * v + offset.x, y: a.y + (b.y - a.y) * v + offset.y)
            }
        }

        /// Adds `gesture` starting at `t0`; returns when its last finger lifts.
        mutating func add(_ gesture: SynthGesture, at t0: Double, options o: SynthOptions) -> Double {
            switch gesture {
            case .tap(let p, let fingers, let hold, let apart):
                let points = Self.spread(p, fingers, apart)
                return move(points.map { q in { _ in q } }, from: t0, duration: 0, rest: hold + o.dwell, o)
            case .doubleTap(let p, let hold, let gap):
                let first = move([{ _ in p }], from: t0, duration: 0, rest: hold + o.dwell, o)
                return move([{ _ in p }], from: first + gap, duration: 0, rest: hold + o.dwell, o)
            case .longPress(let p, let duration):
                return move([{ _ in p }], from: t0, duration: 0, rest: duration + o.dwell, o)
            case .drag(let a, let b, let duration, let fingers, let apart):
                let starts = Self.spread(a, fingers, apart), ends = Self.spread(b, fingers, apart)
                return move(zip(starts, ends).map { Self.line($0, $1) }, from: t0, duration: duration, rest: o.dwell, o)
            case .path(let points, let duration, let fingers, let apart):
                let offsets = Self.spread(.zero, fingers, apart)
                return move(offsets.map { Self.route(points, offset: $0) }, from: t0, duration: duration, rest: o.dwell, o)
            case .swipe(let direction, let from, let distance, let duration):
                let to = Point(x: from.x + direction.unit.dx * distance, y: from.y + direction.unit.dy * distance)
                return move([Self.line(from, to)], from: t0, duration: duration, rest: o.dwell, o)
            case .pinch(let c, let d0, let d1, let duration):
                let paths: [(Double) -> Point] = [-1.0, 1.0].map { side in
                    { u in Point(x: c.x + side * (d0 + (d1 - d0) * u) / 2, y: c.y) }
                }
                return move(paths, from: t0, duration: duration, rest: o.dwell, o)
            case .rotate(let c, let degrees, let duration, let apart):
                let radians = degrees * Double.pi / 180
                let paths: [(Double) -> Point] = [-1.0, 1.0].map { side in
                    { u in
                        let phi = radians * u
                        return Point(x: c.x + side * apart / 2 * cos(phi), y: c.y + side * apart / 2 * sin(phi))
                    }
                }
                return move(paths, from: t0, duration: duration, rest: o.dwell, o)
            case .edge(let side, let position, let distance, let duration):
                let from: Point
                switch side {
                case .left: from = Point(x: edgeInset, y: position)
                case .right: from = Point(x: screen.width - edgeInset, y: position)
                case .up: from = Point(x: position, y: edgeInset)
                case .down: from = Point(x: position, y: screen.height - edgeInset)
                }
                // Inwards: away from the edge.
                let inward = Vector(dx: -side.unit.dx, dy: -side.unit.dy)
                let to = Point(x: from.x + inward.dx * distance, y: from.y + inward.dy * distance)
                return move([Self.line(from, to)], from: t0, duration: duration, rest: o.dwell, o)
            case .wait(let duration):
                return t0 + duration
            }
        }
    }
}
