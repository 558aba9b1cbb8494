@_spi(Formatting) import GestureEngine
import TraceReplay

/// `gesturereplay render`: one self-contained SVG picture of a replay (docs/pictures.md).
///
/// The trace is read twice: once for its samples (through the same reader and device mapping as
/// the replay: `--screen`, `--raw-size`, `--density`, ...), once replayed. Memory is bounded per
/// picture, not per touch: the samples, touches and transitions kept are capped (the constants
/// below), and the picture says in its notes what it left out.
public enum Picture {
    /// Samples kept in all: beyond it, every k-th sample of each touch is drawn (k doubling as the
    /// trace is read; first and last kept) and the picture says so.
    public static let maximumDrawnSamples = 4000
    /// Touches drawn (paths and lanes): the first ones in the window; the picture counts the rest.
    public static let maximumDrawnTouches = 400
    /// Touch lanes in the timeline at most (a lane is reused once its touch lifted).
    public static let maximumTouchLanes = 24
    /// Recognizer markers drawn at most (the picture says how many were left out).
    public static let maximumMarkers = 1500
    /// Transitions kept at most (the picture says from when on it shows none).
    public static let maximumSteps = 20_000
    /// Content-offset changes kept at most, all scroll views together (the picture says from when on it has none).
    public static let maximumScrollReports = 20_000
    /// Control events kept at most (the picture says from when on it has none).
    public static let maximumControlEvents = 5000
    /// Outcomes (ended, failed, cancelled) listed with their reasons beside the picture at most.
    public static let maximumListedOutcomes = 24
    /// Touch-down times kept for the timeline's summary of touches (the picture says when it has more).
    public static let maximumTouchStarts = 100_000

    /// Replays the trace at `tracePath` with `options` and returns the picture, headed `title`
    /// (default: the path), showing trace times `window` (default: all). The outcomes list folds a
    /// scroll view's own recognizers into one row per gesture of the scroll view unless
    /// `listsEveryOutcome`. The picture's notes name options as `spelling` writes them (the command
    /// line passes its flags). Throws what the replay throws; standard input is refused (the trace
    /// is read twice).
    public static func svg(
        _ tracePath: String, options: ReplayOptions, title: String? = nil, window: PictureWindow = PictureWindow(),
        listsEveryOutcome: Bool = false, highlight: PictureHighlight? = nil, spelling: OptionSpelling = .library,
        warn: @escaping (Diagnostic) -> Void = { _ in }
    ) throws(TraceError) -> String {
        if tracePath == "-" {
            throw .usage("render needs a trace file, not standard input (the trace is read twice)")
        }
        if let from = window.from, let to = window.to, !(from < to) {
            throw .usage("render: \(option: .pictureFrom, "\(from)") must be before \(option: .pictureTo, "\(to)")")
        }
        var data = PictureData(tracePath: title ?? tracePath)
        data.window = window
        try samples(tracePath, options, into: &data)
        if let warning = data.windowMissesTrace { warn(.warning(warning, at: nil)) }
        let recorder = PictureRecorder(data)
        var sink = OutputBuffer(fileDescriptor: nil)
        // The picture needs the transitions, not their text: none is rendered (a long trace's text
        // would otherwise be held in memory, #30 defect 10).
        var quiet = options
        quiet.output.summary = false
        quiet.output.shownStates = []
        quiet.output.shownRecognizers = nil
        quiet.output.reportTouches = false
        try LiveReplay.replay(.path(tracePath), options: quiet, output: &sink, warn: warn, observer: recorder)
        var picture = SVGPicture(recorder.data)
        picture.highlight = highlight
        picture.listsEveryOutcome = listsEveryOutcome
        picture.spelling = spelling
        return picture.render()
    }

    /// Reads the trace's samples into `data`: the first `maximumDrawnTouches` touches with a sample
    /// in the window, each decimated to the shared stride; the extent, times and counts of all.
    /// The reader is the replay's (`AnyTraceReader` with the recording options): every sample is in
    /// the points the replay used.
    static func samples(_ tracePath: String, _ options: ReplayOptions, into data: inout PictureData) throws(TraceError) {
        let reader = try AnyTraceReader(
            path: tracePath, format: options.reading.inputFormat,
            timeUnit: options.reading.detectsTimeUnit ? .seconds : options.reading.timeUnit,
            recording: options.recordingOptions)
        var collector = SampleCollector(window: data.window)
        func add<R: TraceReader>(_ r: R) throws(TraceError) {
            let frames = FrameAssembler(reader: r, mode: options.reading.lenient ? .lenient : .strict, checksTouchSequence: true)
            while let frame = try frames.next() {
                for row in frame.rows {
                    collector.add(row.touch, row.phase, row.location, at: frame.time) { reader.touchNames.text(of: row.touch) }
                }
            }
        }
        if options.reading.sortsByTime || options.reading.detectsTimeUnit {
            try add(
                try ReadAheadTraceReader(
                    reader, sort: options.reading.sortsByTime, detectUnit: options.reading.detectsTimeUnit, note: { _ in }))
        } else {
            try add(reader)
        }
        collector.finish(into: &data)
    }
}

/// A transition to point at (the HTML report: the first one that differs from the golden file):
/// its time as the text output prints it (`0.083`) and its recognizer's name.
public struct PictureHighlight: Hashable, Sendable {
    public var time: String
    public var recognizer: String
    /// The line of text output, for the picture's note.
    public var line: String

    public init(time: String, recognizer: String, line: String) {
        self.time = time
        self.recognizer = recognizer
        self.line = line
    }
}

/// The bounded sample store of a picture (`Picture.samples`).
struct SampleCollector {
    let window: PictureWindow
    var data = PictureData(tracePath: "")
    /// The drawn path (or -1: a touch not drawn) of each touch now down.
    var active: [TouchID: Int] = [:]
    /// Keep every `stride`-th sample of each touch.
    var stride = 1
    var kept = 0
    /// When each lane's touch lifted (+infinity while it is down).
    var laneEnds: [Double] = []
    /// The first and last sample time of the whole trace, window or not.
    var traceTimes: (Double, Double)?

    init(window: PictureWindow) {
        self.window = window
    }

    mutating func add(_ touch: TouchID, _ phase: TouchPhase, _ p: Point, at time: Double, label: () -> String) {
        let lifts = phase == .ended || phase == .cancelled
        if time.isFinite { traceTimes = traceTimes.map { (min($0.0, time), max($0.1, time)) } ?? (time, time) }
        guard window.contains(time) else {
            if lifts, let i = active.removeValue(forKey: touch), i >= 0, let lane = data.touches[i].lane { laneEnds[lane] = time }
            return
        }
        var slot = active[touch]
        if slot == nil || phase == .began {
            // A new touch (or an id used again).
            data.touchCount += 1
            if data.touchStarts.count < Picture.maximumTouchStarts { data.touchStarts.append(time) }
            if data.touches.count < Picture.maximumDrawnTouches {
                var path = PictureData.TouchPath(label: label(), ordinal: data.touches.count)
                path.lane = freeLane(at: time)
                if path.lane == nil { data.touchesWithoutLane += 1 }
                slot = data.touches.count
                data.touches.append(path)
            } else {
                slot = -1
            }
            active[touch] = slot
        }
        data.sampleCount += 1
        if p.x.isFinite && p.y.isFinite {
            if let b = data.sampleBounds {
                data.sampleBounds = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
            } else {
                data.sampleBounds = (p.x, p.y, p.x, p.y)
            }
        } else {
            data.nonFiniteSamples += 1
        }
        data.sampleTimes = data.sampleTimes.map { (min($0.0, time), max($0.1, time)) } ?? (time, time)
        if let i = slot, i >= 0 {
            let index = data.touches[i].count
            if index % stride == 0 {
                data.touches[i].points.append(p)
                data.touches[i].times.append(time)
                data.touches[i].lastKeptIndex = index
                kept += 1
                if kept > Picture.maximumDrawnSamples { thin() }
            }
            data.touches[i].count += 1
            data.touches[i].last = p
            data.touches[i].lastTime = time
            data.touches[i].lastPhase = phase
            if lifts, let lane = data.touches[i].lane { laneEnds[lane] = time }
        }
        if lifts { active[touch] = nil }
    }

    /// The lowest lane whose touch lifted before `time`, a new one, or nil when all are taken.
    mutating func freeLane(at time: Double) -> Int? {
        if let l = laneEnds.firstIndex(where: { $0 < time }) {
            laneEnds[l] = .infinity
            return l
        }
        guard laneEnds.count < Picture.maximumTouchLanes else { return nil }
        laneEnds.append(.infinity)
        return laneEnds.count - 1
    }

    /// Doubles the stride: every other kept sample of each touch goes (index 0 stays).
    mutating func thin() {
        stride *= 2
        kept = 0
        for i in data.touches.indices {
            var j = 0
            var points: [Point] = [], times: [Double] = []
            points.reserveCapacity(data.touches[i].points.count / 2 + 1)
            times.reserveCapacity(points.capacity)
            var lastIndex = -1
            while j < data.touches[i].points.count {
                points.append(data.touches[i].points[j])
                times.append(data.touches[i].times[j])
                lastIndex = j * stride / 2
                j += 2
            }
            data.touches[i].points = points
            data.touches[i].times = times
            data.touches[i].lastKeptIndex = lastIndex
            kept += points.count
        }
    }

    func finish(into result: inout PictureData) {
        result.touches = data.touches
        result.touchCount = data.touchCount
        result.touchStarts = data.touchStarts
        result.sampleCount = data.sampleCount
        result.sampleBounds = data.sampleBounds
        result.nonFiniteSamples = data.nonFiniteSamples
        result.sampleTimes = data.sampleTimes
        result.traceTimes = traceTimes
        result.touchLanes = laneEnds.count
        result.touchesWithoutLane = data.touchesWithoutLane
        result.stride = stride
    }
}
