import GestureEngine
import TestSupport
import Testing
import TraceReplay
import TraceReading

/// Bad scripts stop with a positioned error naming what was expected and the line's form; good ones
/// parse into the scripted values; sweeps give one script per value; output is deterministic.
@Suite("Gesture scripts")
struct SynthParserTests {
    static let errors: [ErrorCase] = [
        ErrorCase(
            "unknown verb", "tap 1,2\nhold 100,200\n", line: 2, column: 1, "unknown gesture 'hold'", "expected one of: tap, tap2, doubletap"
        ),
        ErrorCase(
            "missing point", "tap\n", line: 1, column: 4, "expected a point X,Y after 'tap' at the end of the line", "expected: tap X,Y"),
        ErrorCase("bad Y", "tap 100,2x0\n", line: 1, column: 9, "expected a number Y, found '2x0'"),
        ErrorCase("no comma", "tap 100\n", line: 1, column: 5, "found '100'"),
        ErrorCase(
            "missing in", "drag 100,200 -> 300,200\n", line: 1, column: 24, "expected 'in'",
            "expected: drag X,Y -> X,Y [-> X,Y ...] in 0.3s"),
        ErrorCase("wrong arrow", "drag 100,200 to 300,200 in 0.3s\n", line: 1, column: 14, "expected '->'", "found 'to'"),
        ErrorCase("duration without unit", "drag 1,2 -> 3,4 in 0.3\n", line: 1, column: 20, "with its unit such as '0.3s' or '300ms'"),
        ErrorCase("zero duration", "flick 1,2 -> 3,4 in 0s\n", line: 1, column: 21, "more than 0"),
        ErrorCase(
            "bad direction", "swipe sideways from 1,2\n", line: 1, column: 7, "unknown direction 'sideways'", "left, right, up, down"),
        ErrorCase("bad edge", "edge up at 400\n", line: 1, column: 6, "unknown direction 'up'", "left, right, top, bottom"),
        ErrorCase(
            "pinch without to", "pinch 200,400 from 100 in 0.5s\n", line: 1, column: 24, "expected 'to'",
            "expected: pinch X,Y from 100 to 200 in 0.5s"),
        ErrorCase("rotate without by", "rotate 200,400 90 in 0.4s\n", line: 1, column: 16, "expected 'by'"),
        ErrorCase("trailing word", "tap 1,2 quickly\n", line: 1, column: 9, "unexpected 'quickly'; options are: rate, easing"),
        ErrorCase(
            "bad easing", "easing bouncy\n", line: 1, column: 8, "unknown easing 'bouncy'", "expected: easing linear|ease-in-out|fling"),
        ErrorCase("rate too high", "tap 1,2 rate 5000\n", line: 1, column: 14, "1 to 2000"),
        ErrorCase("negative jitter", "jitter -1\n", line: 1, column: 8, "0 to 100 points"),
        ErrorCase("fractional seed", "seed 1.5\n", line: 1, column: 6, "whole number"),
        ErrorCase("nan", "tap nan,1\n", line: 1, column: 5, "expected a number X, found 'nan'"),
        ErrorCase("option after at", "at 1s rate 60\n", line: 1, column: 7, "is an option, not a gesture"),
        ErrorCase("screen twice", "screen 390x844\nscreen 100x100\ntap 1,2\n", line: 2, column: 1, "given twice"),
        ErrorCase("bad screen", "screen 390by844\n", line: 1, column: 8, "expected a size WIDTHxHEIGHT"),
        ErrorCase("empty", "# nothing\n\n", line: 1, column: 1, "no gesture"),
        ErrorCase("unterminated sweep", "tap {1..5,2\n", line: 1, column: 5, "unterminated sweep"),
        ErrorCase("malformed sweep", "tap {1-5},2\n", line: 1, column: 5, "malformed sweep", "{FROM..TO step STEP}"),
        ErrorCase("descending sweep", "tap {5..1},2\n", line: 1, column: 5, "FROM must not be more than TO"),
        ErrorCase("zero step", "tap {1..5 step 0},2\n", line: 1, column: 5, "step must be more than 0"),
        ErrorCase("huge sweep", "tap {1..5000},2\n", line: 1, column: 5, "at most 1000"),
        ErrorCase("second sweep", "tap {1..3},2\ntap 1,{1..3}\n", line: 2, column: 7, "a second sweep"),
        ErrorCase("huge coordinate", "drag 1e308,0 -> -1e308,0 in 1s\n", line: 1, column: 6, "'1e308' is too large"),
        ErrorCase("huge sweep bound", "wait {0..1e12 step 1e10}s\n", line: 1, column: 6, "too large"),
        ErrorCase("too many samples", "drag 1,2 -> 3,4 in 100000s rate 2000\n", line: 1, column: 1, "more than 1000000 samples"),
        // A finger held still reports a move per sample only with jitter.
        ErrorCase(
            "too many held samples", "jitter 0.1\nlongpress 1,2 for 100000s rate 2000\n", line: 2, column: 1, "more than 1000000 samples"),
        // Issue #30, finding 24: a NUL read as part of the number ("expected a number Y, found '1'").
        ErrorCase("NUL byte", "tap 1,1\u{0}\n", line: 1, column: 8, "control character U+0000 in the line"),
        ErrorCase("ESC between words", "tap \u{1B}1,1\n", line: 1, column: 5, "control character U+001B in the line"),
    ]

    @Test(arguments: errors)
    func badScript(_ c: ErrorCase) {
        var caught: TraceError?
        do { _ = try SynthParser.parse(String(decoding: c.input, as: UTF8.self), path: "s.synth") } catch { caught = error }
        c.check(caught, path: "s.synth")
    }

    /// Issue #30, finding 24: a long hold without jitter is two rows, not "more than 1000000 samples".
    @Test func longHoldWithoutJitter() throws {
        let document = try SynthParser.parse("longpress 1,1 for 1000000000s\n", path: "s.synth")
        #expect(Synthesizer.generate(document.variants[0].script).rows.count == 2)
    }

    @Test func secondSweepNotesTheFirst() throws {
        do {
            _ = try SynthParser.parse("tap {1..3},2\ntap 1,{1..3}\n", path: "s.synth")
            Issue.record("no error")
        } catch {
            #expect(
                DiagnosticFormatter().format(error)
                    == "s.synth:2:7: error: a second sweep: a script may have only one\ns.synth:1:5: note: the first sweep is here")
        }
    }

    @Test func valuesAndOptions() throws {
        let text = """
            # comment
            rate 240hz easing ease-in-out jitter 0.5pt seed 9 dwell 100ms
            tap2 10,20 for 0.1s apart 30   # trailing comment
            at 1.5s swipe up from 5,6 by 80 in 200ms easing linear
            with rotate 1,2 by -45deg in 0.4s apart 60
            screen 320x480
            """
        let script = try #require(try SynthParser.parse(text, path: "s").variants.first?.script)
        var o = SynthOptions()
        o.rate = 240; o.easing = .easeInOut; o.jitter = 0.5; o.seed = 9; o.dwell = 0.1
        var linear = o
        linear.easing = .linear
        #expect(
            script.steps == [
                SynthStep(.tap(at: Point(x: 10, y: 20), fingers: 2, hold: 0.1, apart: 30), options: o),
                SynthStep(.swipe(.up, from: Point(x: 5, y: 6), distance: 80, duration: 0.2), start: .at(1.5), options: linear),
                SynthStep(.rotate(center: Point(x: 1, y: 2), degrees: -45, duration: 0.4, apart: 60), start: .withPrevious, options: o),
            ])
        #expect(script.screen == Size(width: 320, height: 480))
    }

    @Test func crlfLinesAndByteOrderMark() throws {
        let script = try #require(try SynthParser.parse("\u{FEFF}tap 1,2 rate 60\r\nwait 0.5s\r\n", path: "s").variants.first?.script)
        var o = SynthOptions()
        o.rate = 60
        #expect(
            script.steps == [SynthStep(.tap(at: Point(x: 1, y: 2), fingers: 1, hold: 0.05, apart: 40), options: o), SynthStep(.wait(0.5))])
        #expect(throws: TraceError.self) { try SynthParser.parse("tap 1,2\r\nhop\r\n", path: "s") }
        do { _ = try SynthParser.parse("tap 1,2\r\nhop\r\n", path: "s") } catch { #expect(error.diagnostic.location?.line == 2) }
    }

    @Test func sweepGivesOneScriptPerValue() throws {
        let document = try SynthParser.parse("drag 100,200 -> {100..101 step 0.25},200 in 0.2s\n", path: "s")
        #expect(document.sweep?.values == [100, 100.25, 100.5, 100.75, 101])
        #expect(document.variants.map(\.label) == ["100", "100.25", "100.5", "100.75", "101"])
        #expect(
            document.variants.map { $0.script.steps[0].gesture }
                == document.sweep!.values.map {
                    .drag(from: Point(x: 100, y: 200), to: Point(x: $0, y: 200), duration: 0.2, fingers: 1, apart: 40)
                })
        // Decimal steps do not drift: 0.1 × 3 is 0.3.
        #expect(try SynthParser.parse("wait {0..0.3 step 0.1}s\n", path: "s").sweep?.values == [0, 0.1, 0.2, 0.3])
    }

    @Test func jitterIsSeededAndDeterministic() throws {
        func rows(_ seed: Int) throws -> [SynthRow] {
            try SynthReplay.trace("jitter 1 seed \(seed)\ndrag 100,200 -> 300,200 in 0.3s").rows
        }
        #expect(try rows(3) == rows(3))
        #expect(try rows(3) != rows(4))
        let exact = try SynthReplay.trace("drag 100,200 -> 300,200 in 0.3s").rows
        for (a, b) in zip(try rows(3), exact) { #expect(abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1) }
    }

    @Test func samplingAndEasing() throws {
        // 120 Hz for 0.1 s: moves at k/120 and one at 0.1 exactly; the lift in the last move's frame.
        let rows = try SynthReplay.trace("drag 0,0 -> 100,0 in 0.1s").rows
        #expect(
            rows.map(\.time) == [
                0, 0.008333, 0.016667, 0.025, 0.033333, 0.041667, 0.05, 0.058333, 0.066667, 0.075, 0.083333, 0.091667, 0.1, 0.1,
            ])
        #expect(rows.first?.phase == .began && rows.last?.phase == .ended && rows.last?.x == 100)
        #expect(SynthEasing.easeInOut.progress(0.5) == 0.5 && SynthEasing.easeInOut.progress(0.25) < 0.25)
        #expect(SynthEasing.fling.progress(0.25) > 0.5)
        // A dwell holds the end point before the lift.
        let dwell = try SynthReplay.trace("drag 0,0 -> 100,0 in 0.1s dwell 0.2s").rows
        #expect(dwell.last?.time == 0.3 && dwell[dwell.count - 2].time == 0.1)
    }

    @Test func replayedFromMemory() throws {
        let script = SynthScript(steps: [SynthStep(.edge(.left, at: 400, distance: 120, duration: 0.2))])
        let result = try Replayer.replay(Synthesizer.generate(script).input())
        // JSON by default: the screen comes along, so the default scene has its screen-edge pan.
        #expect(result.transitions(of: "screenEdgePan").last?.state == .ended)
    }

    @Test(arguments: TraceFormat.Writable.allCases)
    func writtenTracesReadBackExactly(_ format: TraceFormat.Writable) throws {
        let trace = try SynthReplay.trace("jitter 0.7 seed 5\ndrag 100,200 -> 300,260 in 0.3s\nwith tap2 50,50")
        let text = SynthTraceWriter.text(trace, as: format)
        let folder = try TemporaryFolder()
        let reader = try AnyTraceReader(path: try folder.write("t.\(format.rawValue)", text))
        let rows = try reader.readAll()
        #expect(
            rows.map { row in
                guard case .integer(let id) = row.touch else { return SynthRow(time: 0, touch: -1, phase: .cancelled, x: 0, y: 0) }
                return SynthRow(time: row.time, touch: Int(id), phase: row.phase, x: row.x, y: row.y)
            } == trace.rows)
        if format == .json { #expect(reader.screen?.size == trace.screen) }
    }
}
