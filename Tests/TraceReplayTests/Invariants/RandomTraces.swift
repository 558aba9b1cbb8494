import TestSupport
import GestureEngine

/// A generated trace: frames of touch changes, valid by construction (every touch begins, moves or
/// stays, then ends or is cancelled; ids are reused only after their touch ended; time never goes
/// backwards). Times are whole microseconds, so the trace reads back exactly from text.
struct RandomTrace {
    struct Row {
        var micros: Int
        var id: Int
        var phase: TouchPhase
        var x: Double
        var y: Double
        var time: Double { Double(micros) / 1e6 }
    }

    /// Rows in time order (file order); rows with the same time form one frame.
    var rows: [Row]
    var seed: UInt64

    /// The frames, as the engine receives them.
    var frames: [(time: Double, changes: [TouchChange])] {
        var frames: [(time: Double, changes: [TouchChange])] = []
        var lastMicros = Int.min
        for row in rows {
            let change = TouchChange(id: row.id, phase: row.phase, location: Point(x: row.x, y: row.y))
            if row.micros == lastMicros {
                frames[frames.count - 1].changes.append(change)
            } else {
                frames.append((row.time, [change]))
                lastMicros = row.micros
            }
        }
        return frames
    }

    /// Number of touches that begin.
    var touchCount: Int { rows.filter { $0.phase == .began }.count }

    /// 1 to 3 gestures of 1 to 5 fingers each, with random timings: quick taps and long holds,
    /// slow drags and flicks, fingers landing together or one after another, edge starts,
    /// stationary rows, a lift in the same frame as its last move, the odd cancellation.
    static func make(seed: UInt64) -> RandomTrace {
        var g = SplitMix64(seed: seed)
        var rows: [Row] = []
        var now = Int.random(in: 0...2_000_000, using: &g) - 1_000_000  // times may be negative
        for _ in 0..<[1, 1, 1, 2, 2, 3].randomElement(using: &g)! where rows.count < 40 {
            now += [
                Int.random(in: 1_000...60_000, using: &g), Int.random(in: 100_000...400_000, using: &g),
                Int.random(in: 400_000...1_500_000, using: &g),
            ].randomElement(using: &g)!
            rows += gesture(startingAt: now, using: &g)
            now = rows.map(\.micros).max()!
        }
        // Stable sort by time keeps each finger's own order (a move and a lift sharing a time).
        let sorted = rows.enumerated().sorted { ($0.element.micros, $0.offset) < ($1.element.micros, $1.offset) }.map(\.element)
        return RandomTrace(rows: sorted, seed: seed)
    }

    private static func gesture(startingAt start: Int, using g: inout SplitMix64) -> [Row] {
        let fingers = [1, 1, 1, 2, 2, 2, 3, 4, 5].randomElement(using: &g)!
        let together = Bool.random(using: &g)
        // A tap, a drag or flick, or a long hold (sampled less often).
        let (duration, interval): (Int, Int) =
            switch Int.random(in: 0..<10, using: &g) {
            case 0..<4: (Int.random(in: 20_000...150_000, using: &g), [8_333, 16_667, 25_000].randomElement(using: &g)!)
            case 4..<8: (Int.random(in: 150_000...450_000, using: &g), Int.random(in: 30_000...60_000, using: &g))
            default: (Int.random(in: 500_000...1_200_000, using: &g), Int.random(in: 100_000...250_000, using: &g))
            }
        // Frame times shared by all fingers (multi-touch frames), with jitter.
        var times: [Int] = []
        var t = start
        while t <= start + duration {
            times.append(t)
            t += max(1, interval + Int.random(in: -interval / 4...interval / 4, using: &g))
        }
        if times.count < 2 { times.append(t) }
        // Where and how fast: a tap barely moves; a drag or flick crosses the screen.
        let speed = [
            0.0, Double.random(in: 0...40, using: &g), Double.random(in: 100...800, using: &g),
            Double.random(in: 800...4_000, using: &g),
        ].randomElement(using: &g)!
        let angle = Double.random(in: 0..<(2 * Double.pi), using: &g)
        let spread = Double.random(in: 0...1, using: &g)  // fingers moving apart or together (pinch)
        let turn = Double.random(in: -3...3, using: &g)  // radians per second (rotation)
        let center =
            Bool.random(using: &g) && Bool.random(using: &g)
            ? Point(
                x: [Double.random(in: 0...12, using: &g), Double.random(in: 378...390, using: &g)].randomElement(using: &g)!,
                y: Double.random(in: 0...844, using: &g))
            : Point(x: Double.random(in: -20...410, using: &g), y: Double.random(in: -20...864, using: &g))
        var rows: [Row] = []
        for finger in 0..<fingers {
            let id = finger + 1
            let last = times.count - 1
            let first = together ? 0 : Int.random(in: 0...min(3, last - 1), using: &g)
            let end = together ? last : Int.random(in: max(first + 1, last - 3)...last, using: &g)
            let radius = fingers == 1 ? 0 : Double.random(in: 20...120, using: &g)
            let phase0 = Double(finger) * 2 * Double.pi / Double(fingers)
            func position(_ micros: Int) -> Point {
                let t = Double(micros - start) / 1e6
                let r = radius * (1 + spread * t * 2 - spread * 0.5)
                let a = phase0 + turn * t
                let jitter = speed == 0 ? 0.3 : 0
                return Point(
                    x: center.x + cos(angle) * speed * t + r * cos(a) + Double.random(in: -jitter...jitter, using: &g),
                    y: center.y + sin(angle) * speed * t + r * sin(a) + Double.random(in: -jitter...jitter, using: &g))
            }
            for k in first..<end {
                let p = position(times[k])
                let phase: TouchPhase = k == first ? .began : Int.random(in: 0..<12, using: &g) == 0 ? .stationary : .moved
                rows.append(Row(micros: times[k], id: id, phase: phase, x: p.x, y: p.y))
            }
            let lift: TouchPhase = Int.random(in: 0..<20, using: &g) == 0 ? .cancelled : .ended
            let previous = rows[rows.count - 1]
            if previous.phase != .began && Int.random(in: 0..<6, using: &g) == 0 {
                // The lift in the same frame as the last move (delivered in two steps).
                rows.append(Row(micros: previous.micros, id: id, phase: lift, x: previous.x, y: previous.y))
            } else {
                let p = position(times[end])
                rows.append(Row(micros: times[end], id: id, phase: lift, x: p.x, y: p.y))
            }
        }
        return rows
    }

    // MARK: As text

    /// `-1.5` -> "-1.500000": whole microseconds, exact in every format.
    static func timeText(_ micros: Int) -> String {
        let sign = micros < 0 ? "-" : ""
        let m = micros.magnitude
        let fraction = String(m % 1_000_000)
        return "\(sign)\(m / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// The trace as CSV, JSON Lines or a JSON array (the same rows, read back exactly).
    func text(_ format: String) -> String {
        switch format {
        case "csv":
            return "t,id,phase,x,y\n" + rows.map { "\(Self.timeText($0.micros)),\($0.id),\($0.phase),\($0.x),\($0.y)\n" }.joined()
        case "jsonl":
            return rows.map {
                #"{"t": \#(Self.timeText($0.micros)), "id": \#($0.id), "phase": "\#($0.phase)", "x": \#($0.x), "y": \#($0.y)}"# + "\n"
            }.joined()
        default:
            return "[\n"
                + rows.map {
                    #"{"t": \#(Self.timeText($0.micros)), "id": \#($0.id), "phase": "\#($0.phase)", "x": \#($0.x), "y": \#($0.y)}"#
                }
                .joined(separator: ",\n") + "\n]\n"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
