#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// Every mapping decision is visible and never loses touches without a word (issue 33): `--density`
/// without ranges, touches off the screen, aspect ratios, contradicting options, zero-width and
/// 64-bit ranges, ranges after the events, evemu `.desc` files, the summary line.
@Suite("Recording mapping decisions")
struct MappingDecisionTests {
    typealias I = ImportSupport
    typealias R = ImportSupport.Row

    /// `adb shell getevent -lt /dev/input/event3` (no prefix, no `-lp` header): a tap at raw
    /// (540, 1200), then a tap at raw (1000, 2000).
    static let events = """
        [    100.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
        [    100.000000] EV_ABS       ABS_MT_POSITION_X    0000021c
        [    100.000000] EV_ABS       ABS_MT_POSITION_Y    000004b0
        [    100.000000] EV_SYN       SYN_REPORT           00000000
        [    100.050000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [    100.050000] EV_SYN       SYN_REPORT           00000000
        [    101.000000] EV_ABS       ABS_MT_TRACKING_ID   00000002
        [    101.000000] EV_ABS       ABS_MT_POSITION_X    000003e8
        [    101.000000] EV_ABS       ABS_MT_POSITION_Y    000007d0
        [    101.000000] EV_SYN       SYN_REPORT           00000000
        [    101.050000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [    101.050000] EV_SYN       SYN_REPORT           00000000

        """

    /// `adb shell getevent -lp` of a phone: the volume keys, then the 1080 x 2340 touchscreen.
    static let header = """
        add device 1: /dev/input/event1
          name:     "gpio-keys"
          events:
            KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP
          input props:
            <none>
        add device 2: /dev/input/event3
          name:     "sec_touchscreen"
          events:
            KEY (0001): BTN_TOUCH
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """

    static func options(_ body: (inout RecordingImportOptions) -> Void) -> RecordingImportOptions {
        var o = RecordingImportOptions()
        body(&o)
        return o
    }

    // MARK: --density without ranges (issue 33 item 1; adversarial finding 4)

    @Test("--density without axis ranges takes raw units as pixels and says so; the screen stays unknown")
    func densityWithoutRanges() {
        let r = I.read(Self.events, options: Self.options { $0.density = 2.75 })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.screen == nil, "no ranges: no screen (was 2.75 x 0, which recognized nothing)")
        #expect(r.rows.first == R(0, 1, .began, 540 / 2.75, 1200 / 2.75))
        #expect(r.rows.count == 4)
        #expect(r.warningText.count == 1)
        #expect(
            r.warningText.first?.hasPrefix(
                "rec.txt:1:1: warning: no axis ranges in the recording: RecordingImportOptions.density = 2.75 takes its raw units as pixels (pt = raw / 2.75)"
            )
                == true, "\(r.warningText)")
        #expect(r.warningText.first?.contains("getevent -lp") == true, "the getevent remedy")
    }

    @Test("a MotionEvent dump with --density: the same warning, its own remedy")
    func densityOnMotionEvents() {
        let text =
            RecordingImportTests.motion("ACTION_DOWN", [(0, 540, 1200)], 5000)
            + RecordingImportTests.motion("ACTION_UP", [(0, 540, 1200)], 5050)
        let r = I.read(text, options: Self.options { $0.density = 2.75 })
        #expect(r.screen == nil)
        #expect(r.rows.first == R(0, 1, .began, 540 / 2.75, 1200 / 2.75))
        #expect(
            r.warningText.first?.contains("a MotionEvent dump has none: give RecordingImportOptions.rawSize = WxH") == true,
            "\(r.warningText)")
    }

    @Test("the replay of a capture without ranges under --density recognizes the tap (the README's example)")
    func densityReplayRecognizes() throws {
        let path = try TemporaryFile.make(Array(Self.events.utf8), name: "phone.txt")
        defer { TemporaryFile.remove(path) }
        var options = ReplayOptions()
        options.reading.recording.density = 2.75
        let r = I.replay(path, options)
        #expect(r.error == nil, "\(r.error ?? "")")
        #expect(r.output.contains("tap             tap             possible -> ended      at (196.4, 436.4)"), "\(r.output)")
        #expect(r.warnings.count == 1 && r.warnings[0].contains("takes its raw units as pixels"), "\(r.warnings)")
    }

    // MARK: Ranges: 64 bits, zero width (adversarial finding 2)

    static func evemu(x: String, y: String) -> String {
        "N: t\nA: 35 \(x) 0 0 0\nA: 36 \(y) 0 0 0\nA: 39 0 65535 0 0 0\n"
            + "E: 0.000001 0003 0039 1\nE: 0.000001 0003 0035 540\nE: 0.000001 0003 0036 1200\nE: 0.000001 0000 0000 0\n"
            + "E: 0.050000 0003 0039 -1\nE: 0.050000 0000 0000 0\n"
    }

    @Test("an axis range wider than 64 bits maps without overflowing (was a crash)")
    func rangeWiderThan64Bits() {
        let text = Self.evemu(x: "0 9223372036854775807", y: "-9223372036854775807 9223372036854775807")
        let r = I.read(text, options: Self.options { $0.screen = Size(width: 390, height: 844) })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows.count == 2)
        #expect(r.rows.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.x >= 0 && $0.x <= 390 && $0.y >= 0 && $0.y <= 844 })
        let plain = I.read(text)
        #expect(plain.error == nil && plain.rows.count == 2, "\(plain.errorText ?? "")")
    }

    @Test("a range of zero width: a warning at its line; with --screen an error naming it")
    func zeroWidthRange() {
        let text = Self.evemu(x: "0 0", y: "0 2339")
        let plain = I.read(text)
        #expect(plain.error == nil)
        #expect(
            plain.warningText.first
                == "rec.txt:2:1: warning: the device's axis range x 0...0 has zero width: the ranges are ignored (put the device's description (`evemu-describe` output) beside it as DEVICE.desc for DEVICE.GESTURE.events, or give it with RecordingImportOptions.descPath = FILE, or give RecordingImportOptions.rawSize = WxH)",
            "\(plain.warningText)")
        let screen = I.read(text, options: Self.options { $0.screen = Size(width: 390, height: 844) })
        #expect(
            screen.errorText?.hasPrefix(
                "rec.txt:2:1: error: ReplayOptions.reading.screen needs the touchscreen's axis ranges, and the recording's axis range x 0...0 has zero width"
            )
                == true,
            "\(screen.errorText ?? "")")
    }

    // MARK: Contradictions, aspect ratio, the summary

    @Test("--screen and --density that disagree with the ranges: an error at the ranges; that agree: fine")
    func contradictingMappings() {
        let text = Self.header + Self.events
        let bad = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 390, height: 844)
                $0.density = 2
            })
        #expect(
            bad.errorText
                == "rec.txt:12:1: error: ReplayOptions.reading.screen = 390x844 and RecordingImportOptions.density = 2 disagree: 1080 x 2340 raw units at density 2 make 540.00 x 1170.00 points; give only one of them",
            "\(bad.errorText ?? "")")
        let good = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 392.7, height: 850.9)
                $0.density = 2.75
            })
        #expect(good.error == nil, "\(good.errorText ?? "")")
        // --raw-size that overrides the header's ranges says so.
        let raw = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 360, height: 780)
                $0.rawSize = Size(width: 720, height: 1560)
            })
        #expect(
            raw.warningText.contains {
                $0.hasPrefix("rec.txt:12:1: warning: RecordingImportOptions.rawSize = 720x1560 overrides the device's axis ranges")
            },
            "\(raw.warningText)")
    }

    @Test("a panel whose aspect ratio does not fit the screen: a warning naming --rotate")
    func aspectRatio() {
        let text = Self.header + Self.events
        let turned = I.read(text, options: Self.options { $0.screen = Size(width: 780, height: 360) })
        #expect(
            turned.warningText.contains(
                "rec.txt:12:1: warning: the panel's aspect ratio (1080 x 2340 raw units, 0.46) differs from the screen's (780 x 360 pt, 2.17): the panel looks mounted turned: give RecordingImportOptions.rotation = 90 (or 270) if so"
            ),
            "\(turned.warningText)")
        let rotated = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 780, height: 360)
                $0.rotation = 90
            })
        #expect(!rotated.warningText.contains { $0.contains("aspect ratio") }, "\(rotated.warningText)")
        let fits = I.read(text, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(fits.warnings.isEmpty, "\(fits.warningText)")
    }

    @Test("the mapping used is one note under --summary")
    func summaryNote() {
        let text = Self.header + Self.events
        let r = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 360, height: 780)
                $0.reportsMapping = true
            })
        #expect(
            r.warningText == [
                "rec.txt:1:1: note: mapping: raw x 0...1079, y 0...2339 (rec.txt:12) -> 360 x 780 pt (ReplayOptions.reading.screen)"
            ],
            "\(r.warningText)")
        let none = I.read(Self.events, options: Self.options { $0.reportsMapping = true })
        #expect(none.warningText.last == "rec.txt:1:1: note: mapping: none; raw device units are used as points")
        var replay = ReplayOptions()
        replay.output.summary = true
        #expect(replay.recordingOptions.reportsMapping)
        #expect(replay.recordingOptions.isDefault, "the summary is not a mapping option (JSON traces take --summary)")
    }

    // MARK: Off the screen, non-finite (adversarial finding 8)

    @Test("touches mapped off the screen are counted, the first positioned")
    func offScreen() {
        // A guessed --raw-size (the display's 720 x 1560 instead of the panel's 1080 x 2340).
        let r = I.read(
            Self.events,
            options: Self.options {
                $0.screen = Size(width: 360, height: 780)
                $0.rawSize = Size(width: 720, height: 1560)
            })
        #expect(r.error == nil)
        #expect(r.rows.count == 4, "the rows are kept")
        #expect(
            r.warningText == [
                "rec.txt:7:1: warning: 1 touch goes outside the 360.00 x 780.00 pt screen (the first here, at (500.00, 1000.00)): the axis ranges or RecordingImportOptions.rawSize do not match the panel, or RecordingImportOptions.rotation/RecordingImportOptions.flipX/flipY is missing; touches outside the screen reach no view"
            ], "\(r.warningText)")
        let right = I.read(Self.header + Self.events, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(right.warnings.isEmpty, "\(right.warningText)")
    }

    @Test("a coordinate that maps to no finite number is a positioned error, never passed on")
    func nonFinite() {
        let text =
            RecordingImportTests.motion("ACTION_DOWN", [(0, 1e308, 1200)], 5000)
            + RecordingImportTests.motion("ACTION_UP", [(0, 1e308, 1200)], 5050)
        let r = I.read(
            text,
            options: Self.options {
                $0.screen = Size(width: 390, height: 844)
                $0.rawSize = Size(width: 1080, height: 2340)
            })
        #expect(r.errorText?.hasPrefix("rec.txt:1:1: error: a touch position maps to (inf, ") == true, "\(r.errorText ?? "")")
        let tiny = I.read(text, options: Self.options { $0.density = 1e-300 })
        #expect(tiny.errorText?.contains("not a finite number") == true, "\(tiny.errorText ?? "")")
    }

    // MARK: MotionEvent

    @Test("a repeated ACTION_DOWN for a pointer already down is one touch, with one warning; historySize > 0 is said once")
    func motionEventRepeatedDown() {
        let M = RecordingImportTests.motion
        let text =
            M("ACTION_DOWN", [(0, 100, 200)], 5000) + M("ACTION_DOWN", [(0, 100, 200)], 5000)
            + M("ACTION_POINTER_DOWN(1)", [(0, 100, 200), (1, 300, 400)], 5010)
            + M("ACTION_POINTER_DOWN(1)", [(0, 100, 200), (1, 310, 400)], 5020)
            + M("ACTION_MOVE", [(0, 110, 200), (1, 310, 400)], 5030).replacingOccurrences(of: "historySize=0", with: "historySize=3")
            + M("ACTION_MOVE", [(0, 120, 200), (1, 310, 400)], 5040).replacingOccurrences(of: "historySize=0", with: "historySize=2")
            + M("ACTION_POINTER_UP(1)", [(0, 120, 200), (1, 310, 400)], 5050) + M("ACTION_UP", [(0, 120, 200)], 5060)
        let r = I.read(text)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(
            r.rows == [
                R(0, 1, .began, 100, 200), R(0.01, 2, .began, 300, 400), R(0.02, 2, .moved, 310, 400), R(0.03, 1, .moved, 110, 200),
                R(0.04, 1, .moved, 120, 200), R(0.05, 2, .ended, 310, 400), R(0.06, 1, .ended, 120, 200),
            ], "\(r.rows)")
        let history = r.warningText.filter { $0.contains("historySize") }
        #expect(history.count == 1 && history[0].hasPrefix("rec.txt:5:"), "\(r.warningText)")
        #expect(
            r.warningText.contains(
                "rec.txt:2:1: warning: 2 ACTION_DOWN/ACTION_POINTER_DOWN events for a pointer already down (the first here) taken as the same touch going on, not a new one"
            ), "\(r.warningText)")
    }
}
