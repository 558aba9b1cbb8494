import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceRecorder

/// The recorder's line writer and session, read back with the project's own JSON Lines reader.
@Suite("Trace line writer")
struct TraceLineWriterTests {
    /// `text` read by TraceReplay's JSON Lines reader, with frames and touch sequences checked as a
    /// replay checks them (strict: any backwards time or broken touch life throws).
    static func read(_ text: String) throws -> [TraceRow] {
        let reader = JSONLinesTraceReader(source: ByteSource(text: text, name: "recorded.jsonl"))
        var warnings: [String] = []
        let frames = FrameAssembler(
            reader: reader, checksTouchSequence: true,
            onWarning: { warnings.append(DiagnosticFormatter().format($0)) })
        var rows: [TraceRow] = []
        while let frame = try frames.next() { rows += frame.rows }
        #expect(warnings.isEmpty, "\(warnings)")
        return rows
    }

    static func phase(_ p: RecordedPhase) -> TouchPhase {
        [.began, .moved, .stationary, .ended, .cancelled][p.rawValue]
    }

    @Test func oneLine() {
        let line = TraceLineWriter().line(TraceLine(time: 0.008333, touch: 1, phase: .moved, x: 195.45, y: 420.55))
        #expect(line == #"{"t":0.008333,"id":1,"phase":"moved","x":195.45,"y":420.55}"#)
    }

    @Test(
        "fixed-point formatting",
        arguments: [
            (0.0, 6, "0"), (-0.0, 6, "0"), (12, 3, "12"), (0.5, 3, "0.5"), (-3.25, 3, "-3.25"),
            (195.33333333333334, 3, "195.333"), (195.66666666666666, 3, "195.667"), (0.0000004, 6, "0"),
            (-0.0004, 3, "0"), (0.0006, 3, "0.001"), (1.05, 1, "1.1"), (0.000001, 6, "0.000001"),
            (123456.789012, 6, "123456.789012"), (2.5, 0, "3"), (-2.5, 0, "-3"), (7, 12, "7"),
            (1e20, 3, "1e+20"), (-1.5e300, 6, "-1.5e+300"),
        ] as [(Double, Int, String)])
    func format(_ value: Double, _ decimals: Int, _ text: String) {
        #expect(TraceLineWriter.format(value, decimals: decimals) == text)
    }

    @Test func nonFiniteNumbersGiveNoLine() {
        let writer = TraceLineWriter()
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(writer.line(TraceLine(time: bad, touch: 1, phase: .began, x: 0, y: 0)) == nil)
            #expect(writer.line(TraceLine(time: 0, touch: 1, phase: .began, x: bad, y: 0)) == nil)
            #expect(writer.line(TraceLine(time: 0, touch: 1, phase: .began, x: 0, y: bad)) == nil)
            var text = ""
            #expect(!writer.append(TraceLine(time: 0, touch: 1, phase: .began, x: 0, y: bad), to: &text) && text.isEmpty)
        }
    }

    /// Random rows through the writer and back through TraceReplay's reader: every field exactly.
    @Test("rows round-trip through TraceReplay's JSON Lines reader", arguments: [(6, 3), (6, 9), (3, 0), (9, 2)])
    func roundTrip(_ timeDecimals: Int, _ pointDecimals: Int) throws {
        var g = SplitMix64(seed: 0x7E_C0_4D + UInt64(timeDecimals * 10 + pointDecimals))
        let writer = TraceLineWriter(timeDecimals: timeDecimals, pointDecimals: pointDecimals)
        var lines: [TraceLine] = []
        var time = 0.0
        for k in 0..<3_000 {
            let touch = k / 3 + 1
            time += Double(g.next() % 20_000) / 1e6 * (g.next() % 5 == 0 ? 0 : 1)
            // Points: whole, short decimals, thirds of a 3x screen, full doubles, negatives, large.
            let x: Double =
                switch g.next() % 5 {
                case 0: Double(g.next() % 1000)
                case 1: Double(Int(g.next() % 100_000)) / 100
                case 2: Double(g.next() % 3000) / 3
                case 3: Double(g.next() % (1 << 52)) / Double(1 << 40) - 2048
                default: -Double(g.next() % 1_000_000_000)
                }
            let y = Double(Int64(bitPattern: g.next()) % 10_000_000) / 7
            let phase: RecordedPhase = [.began, g.next() % 4 == 0 ? .stationary : .moved, g.next() % 3 == 0 ? .cancelled : .ended][k % 3]
            lines.append(TraceLine(time: time, touch: touch, phase: phase, x: x, y: y))
        }
        var text = ""
        for line in lines { #expect(writer.append(line, to: &text)) }
        let rows = try Self.read(text)
        try #require(rows.count == lines.count)
        for (line, row) in zip(lines, rows) {
            #expect(row.time == TraceLineWriter.written(line.time, decimals: writer.timeDecimals))
            #expect(row.x == TraceLineWriter.written(line.x, decimals: writer.pointDecimals))
            #expect(row.y == TraceLineWriter.written(line.y, decimals: writer.pointDecimals))
            #expect(row.touch == .integer(Int64(line.touch)))
            #expect(row.phase == Self.phase(line.phase))
            // Rounding is to the nearest written place.
            #expect(abs(row.x - line.x) <= 0.5 / Self.pow10(writer.pointDecimals) * (1 + 1e-9) + abs(line.x) * 1e-15)
        }
    }

    /// Values that have no more places than the writer keeps come back as the very same doubles.
    @Test func shortDecimalsComeBackUnchanged() throws {
        let times = [0, 0.008041, 0.082956, 0.1, 0.2, 0.3, 1.000001, 12.345678, 3600.5, 86400.000001]
        let points = [0, 195.03, 420.64, -12.5, 1234.567, 0.1, 0.2, 0.3, 0.001, 99999.999]
        var text = ""
        for k in times.indices {
            TraceLineWriter().append(
                TraceLine(
                    time: times[k], touch: 7, phase: k == 0 ? .began : .moved,
                    x: points[k], y: -points[k]), to: &text)
        }
        let rows = try Self.read(text + "{\"t\":100000,\"id\":7,\"phase\":\"ended\",\"x\":0,\"y\":0}\n")
        #expect(rows.dropLast().map(\.time) == times)
        #expect(rows.dropLast().map(\.x) == points)
        #expect(rows.dropLast().map(\.y) == points.map { -$0 })
    }

    static func pow10(_ d: Int) -> Double {
        (0..<d).reduce(1.0) { r, _ in r * 10 }
    }
}

/// Stand-ins for `UITouch` objects: only their identity matters.
final class FakeTouch {}

@Suite("Trace recording session")
struct TraceRecordingSessionTests {
    typealias W = TraceLineWriterTests

    @Test func timeBaseIdsAndPhases() throws {
        let a = FakeTouch(), b = FakeTouch()
        let ka = ObjectIdentifier(a), kb = ObjectIdentifier(b)
        var session = TraceRecordingSession()
        var text = ""
        // UITouch timestamps count from boot; b lands left of a in the same event, so it is id 1.
        session.record(
            [
                TouchSample(touch: ka, timestamp: 5000.25, phase: 0, x: 300, y: 10),
                TouchSample(touch: kb, timestamp: 5000.25, phase: 0, x: 100, y: 10),
            ], into: &text)
        session.record(
            [
                TouchSample(touch: ka, timestamp: 5000.2583, phase: 1, x: 301, y: 11),
                TouchSample(touch: kb, timestamp: 5000.2583, phase: 2, x: 100, y: 10),
            ], into: &text)
        session.record(
            [
                TouchSample(touch: kb, timestamp: 5000.30, phase: 3, x: 100, y: 10),
                TouchSample(touch: ka, timestamp: 5000.30, phase: 4, x: 302, y: 12),
            ], into: &text)
        #expect(
            text == """
                {"t":0,"id":1,"phase":"began","x":100,"y":10}
                {"t":0,"id":2,"phase":"began","x":300,"y":10}
                {"t":0.0083,"id":1,"phase":"stationary","x":100,"y":10}
                {"t":0.0083,"id":2,"phase":"moved","x":301,"y":11}
                {"t":0.05,"id":1,"phase":"ended","x":100,"y":10}
                {"t":0.05,"id":2,"phase":"cancelled","x":302,"y":12}

                """)
        #expect(session.touchesDown == 0 && session.rowCount == 6 && session.skippedSamples == 0)
        #expect(session.startTimestamp == 5000.25)
        let rows = try W.read(text)
        #expect(rows.map(\.phase) == [.began, .began, .stationary, .moved, .ended, .cancelled])

        // A new finger later gets a new id (ids are not reused), whatever its object's identity.
        session.record([TouchSample(touch: ka, timestamp: 5001, phase: 0, x: 1, y: 2)], into: &text)
        #expect(text.hasSuffix("{\"t\":0.75,\"id\":3,\"phase\":\"began\",\"x\":1,\"y\":2}\n"))
    }

    /// Coalesced samples arrive per touch; the rows interleave by time, two fingers sampled
    /// together share a time (one frame), and the result is a valid trace.
    @Test func coalescedSamplesOfTwoFingersInterleave() throws {
        let a = FakeTouch(), b = FakeTouch()
        let ka = ObjectIdentifier(a), kb = ObjectIdentifier(b)
        var session = TraceRecordingSession()
        var text = ""
        session.record(
            [
                TouchSample(touch: ka, timestamp: 10, phase: 0, x: 10, y: 0),
                TouchSample(touch: kb, timestamp: 10, phase: 0, x: 20, y: 0),
            ], into: &text)
        session.record(
            [
                TouchSample(touch: kb, timestamp: 10.004, phase: 1, x: 21, y: 0),
                TouchSample(touch: kb, timestamp: 10.008, phase: 1, x: 22, y: 0),
                TouchSample(touch: ka, timestamp: 10.004, phase: 1, x: 11, y: 0),
                TouchSample(touch: ka, timestamp: 10.008, phase: 3, x: 12, y: 0),
            ], into: &text)
        session.record([TouchSample(touch: kb, timestamp: 10.012, phase: 3, x: 23, y: 0)], into: &text)
        let rows = try W.read(text)
        #expect(rows.map(\.time) == [0, 0, 0.004, 0.004, 0.008, 0.008, 0.012])
        #expect(rows.map(\.touch) == [1, 2, 1, 2, 1, 2, 2].map { TouchID.integer($0) })
        #expect(rows.map(\.x) == [10, 20, 11, 21, 12, 22, 23])
        #expect(session.clampedTimes == 0)
    }

    @Test func samplesThatWouldBreakTheTraceAreSkipped() throws {
        let early = FakeTouch(), a = FakeTouch()
        let kEarly = ObjectIdentifier(early), ka = ObjectIdentifier(a)
        var session = TraceRecordingSession()
        var text = ""
        // A finger already down when recording starts, a pointer phase (5, regionEntered), NaN.
        session.record(
            [
                TouchSample(touch: kEarly, timestamp: 1, phase: 1, x: 0, y: 0),
                TouchSample(touch: ka, timestamp: 1, phase: 5, x: 0, y: 0),
                TouchSample(touch: ka, timestamp: 1, phase: 0, x: .nan, y: 0),
            ], into: &text)
        #expect(text.isEmpty && session.skippedSamples == 3 && session.startTimestamp == nil)
        session.record(
            [
                TouchSample(touch: ka, timestamp: 2, phase: 0, x: 5, y: 5),
                TouchSample(touch: kEarly, timestamp: 2, phase: 3, x: 0, y: 0),
            ], into: &text)
        // A second began for a touch that is down is a move; a time going backwards is clamped.
        session.record([TouchSample(touch: ka, timestamp: 1.5, phase: 0, x: 6, y: 5)], into: &text)
        #expect(session.skippedSamples == 4 && session.clampedTimes == 1)
        // Stopping mid-gesture cancels the touch at its last position and the last time.
        session.cancelTouchesDown(into: &text)
        #expect(
            text == """
                {"t":0,"id":1,"phase":"began","x":5,"y":5}
                {"t":0,"id":1,"phase":"moved","x":6,"y":5}
                {"t":0,"id":1,"phase":"cancelled","x":6,"y":5}

                """)
        _ = try W.read(text)
    }
}
