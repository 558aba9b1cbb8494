import GestureEngine
import TraceReplay

/// The outcomes of each recognizer counted per time bucket over the whole window (the timeline's
/// summary of a dense trace, docs/pictures.md), with the transitions a picture keeps or not
/// (`Picture.maximumSteps` bounds those): memory bounded by lanes x `maximumBuckets`.
struct OutcomeBuckets {
    /// Recognized (ended), failed and cancelled transitions, as `ReplaySummary.outcome` counts them.
    struct Counts: Equatable {
        var recognized: Int32 = 0
        var failed: Int32 = 0
        var cancelled: Int32 = 0

        var total: Int { Int(recognized) + Int(failed) + Int(cancelled) }

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(recognized: a.recognized &+ b.recognized, failed: a.failed &+ b.failed, cancelled: a.cancelled &+ b.cancelled)
        }
    }

    /// Buckets at most (a later time counts in the last one).
    static let maximumBuckets = 1000
    /// Buckets a window is divided into (about; the duration is a round number of seconds).
    static let bucketsPerWindow = 60.0

    /// Trace time of the first bucket's start, seconds.
    var origin: Double
    /// A bucket's duration, seconds (1, 2 or 5 times a power of ten).
    var seconds: Double
    /// Per lane (recognizer), the counts of each bucket (as far as one has any).
    var lanes: [[Counts]] = []
    /// Per lane, all its outcomes in the window.
    var totals: [Counts] = []

    /// Buckets over `from...to` seconds of trace time.
    init(from: Double, to: Double) {
        origin = from.isFinite ? from : 0
        let span = to - from
        seconds = roundStep(atLeast: span.isFinite && span > 0 ? span / Self.bucketsPerWindow : 0.001)
    }

    /// The bucket of trace time `t` (clamped to the buckets kept).
    func bucket(_ t: Double) -> Int {
        let b = ((t - origin) / seconds).rounded(.down)
        guard b.isFinite, b > 0 else { return 0 }
        return Int(min(b, Double(Self.maximumBuckets - 1)))
    }

    /// Counts transition `previous -> state` of recognizer `lane` at trace time `t` (nothing but outcomes count).
    mutating func add(lane: Int, previous: GestureRecognizerState, state: GestureRecognizerState, at t: Double) {
        guard let outcome = ReplaySummary.outcome(previous: previous, state: state) else { return }
        while lanes.count <= lane {
            lanes.append([])
            totals.append(Counts())
        }
        let b = bucket(t)
        if lanes[lane].count <= b { lanes[lane].append(contentsOf: repeatElement(Counts(), count: b + 1 - lanes[lane].count)) }
        switch outcome {
        case .recognized:
            lanes[lane][b].recognized &+= 1
            totals[lane].recognized &+= 1
        case .failed:
            lanes[lane][b].failed &+= 1
            totals[lane].failed &+= 1
        case .cancelled:
            lanes[lane][b].cancelled &+= 1
            totals[lane].cancelled &+= 1
        }
    }

    /// The buckets used (one past the last with a count in any lane).
    var count: Int { lanes.map(\.count).max() ?? 0 }
}
