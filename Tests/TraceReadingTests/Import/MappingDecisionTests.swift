#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureEngine
import Testing
import TestSupport
@testable import TraceKit
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

    // MARK: getevent: devices and ranges anywhere

    @Test("events without a device prefix after a header of several devices are the touchscreen's")
    func unprefixedEventsAfterAFullHeader() {
        // `getevent -lp` lists every device; the touchscreen is not the last one listed.
        let keysLast = Self.header.components(separatedBy: "add device ").filter { !$0.isEmpty }.reversed().map { "add device " + $0 }
            .joined()
        let r = I.read(keysLast + Self.events, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows.first == R(0, 1, .began, 180, 400))
    }

    @Test("a getevent -lp block after the events: a file is read twice for it, with a note")
    func lateRangesInAFile() throws {
        let text = Self.events + Self.header
        let r = I.read(text, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows.first == R(0, 1, .began, 180, 400))
        #expect(
            r.warningText == [
                "rec.txt:24:1: note: axis ranges from the `getevent -lp` block at line 24, after the events (this file is read twice)"
            ], "\(r.warningText)")
        // The same from a file on disk, and from a small chunk size.
        let chunked = I.read(text, options: Self.options { $0.screen = Size(width: 360, height: 780) }, chunkSize: 16)
        #expect(chunked.rows == r.rows && chunked.warningText.count == 1, "\(chunked.warningText)")
        // A source named otherwise than its file (here after a folder) is read again through its
        // descriptor, not its name (the fuzz target's scratch file found this).
        let path = try TemporaryFile.make(Array(text.utf8), name: "late.txt")
        defer { TemporaryFile.remove(path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        var warnings: [String] = []
        var rows = 0
        do {
            let reader = try AnyTraceReader(
                source: ByteSource(fileDescriptor: fd, name: "/tmp", closeOnDeinit: true), format: .getevent,
                recording: Self.options { $0.screen = Size(width: 360, height: 780) },
                warn: { warnings.append(DiagnosticFormatter().format($0)) })
            while try reader.next() != nil { rows += 1 }
        } catch {
            Issue.record("\(DiagnosticFormatter().format(error))")
        }
        #expect(rows == 4)
        #expect(
            warnings == [
                "/tmp:24:1: note: axis ranges from the `getevent -lp` block at line 24, after the events (this file is read twice)"
            ], "\(warnings)")
    }

    @Test("a getevent -lp block after the events in a pipe: a warning says precisely they came too late")
    func lateRangesInAPipe() throws {
        let text = Array((Self.events + Self.header).utf8)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let written = text.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        #expect(written == text.count)
        close(fds[1])
        let source = ByteSource(fileDescriptor: fds[0], name: "<stdin>", closeOnDeinit: true)
        var warnings: [String] = []
        var rows = 0
        do {
            let reader = try AnyTraceReader(source: source, format: nil, warn: { warnings.append(DiagnosticFormatter().format($0)) })
            while try reader.next() != nil { rows += 1 }
        } catch {
            Issue.record("\(DiagnosticFormatter().format(error))")
        }
        #expect(rows == 4)
        #expect(
            warnings.contains(
                "<stdin>:24:1: warning: the axis ranges of /dev/input/event3 \"sec_touchscreen\" (line 19) come at line 24, after the events: <stdin> cannot be read twice (a pipe), so they were not used; put the `getevent -lp` output first, or save the capture to a file"
            ), "\(warnings)")
        // Without ranges, --screen stops at the mapping, naming the getevent remedy.
        let again = I.read(Self.events, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(
            again.errorText?.contains("record `adb shell getevent -lp` into the same file (before or after the events)") == true,
            "\(again.errorText ?? "")")
    }

    @Test("a -lp block of another device than the events': a positioned error or warning, never a silent mapping")
    func headerOfAnotherDevice() {
        // The header describes event3; the capture of all devices has events from event5 only.
        let prefixed = Self.events.replacingOccurrences(of: "] EV_", with: "] /dev/input/event5: EV_")
        let r = I.read(Self.header + prefixed, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(r.rows.isEmpty)
        #expect(
            r.errorText?.hasPrefix(
                "rec.txt:17:1: error: the touch events come from /dev/input/event5 (the first here), but the header chose /dev/input/event3 \"sec_touchscreen\" (line 7), which sends none"
            )
                == true, "\(r.errorText ?? "")")
        // A header whose touchscreen lists single-touch axes only, with multi-touch events: warned.
        let st = Self.header.replacingOccurrences(of: "ABS_MT_POSITION_X", with: "ABS_X            ").replacingOccurrences(
            of: "ABS_MT_POSITION_Y", with: "ABS_Y            ")
        let w = I.read(st + Self.events, options: Self.options { $0.screen = Size(width: 360, height: 780) })
        #expect(
            w.warningText.contains {
                $0.hasPrefix(
                    "rec.txt:18:1: warning: ABS_MT_POSITION_X events (the first here) are not among the axes the header of /dev/input/event3"
                )
            }, "\(w.warningText)")
    }

    // MARK: evemu descriptions

    @Test("DEVICE.desc beside DEVICE.GESTURE.events gives the ranges, with a note")
    func descBeside() throws {
        let path = I.fixture("quanta-optical.touch-on-left.events")
        var warnings: [String] = []
        var o = RecordingImportOptions()
        o.screen = Size(width: 1280, height: 720)
        let reader = try AnyTraceReader(path: path, recording: o, warn: { warnings.append(DiagnosticFormatter().format($0)) })
        #expect(reader.format == .evemu)
        let first = try reader.next()
        #expect(first?.x == 127 * 1280 / 1921.0 && first?.y == 444 * 720 / 1081.0)
        while try reader.next() != nil {}
        #expect(
            warnings == [
                "\(path):1:1: note: axis ranges from the device description '\(I.fixture("quanta-optical.desc"))' beside the recording (RecordingImportOptions.descPath = FILE to give another)"
            ], "\(warnings)")
    }

    @Test("--desc FILE gives any description; one of another device is warned at the first event it does not describe")
    func descGiven() throws {
        let events = try String(contentsOfFile: I.fixture("quanta-optical.touch-on-left.events"), encoding: .utf8)
        let right = I.read(
            events,
            options: Self.options {
                $0.screen = Size(width: 1280, height: 720)
                $0.descPath = I.fixture("quanta-optical.desc")
            })
        #expect(right.error == nil && right.warnings.isEmpty, "\(right.errorText ?? "") \(right.warningText)")
        #expect(right.rows.first?.x == 127 * 1280 / 1921.0 && right.rows.first?.y == 444 * 720 / 1081.0)
        let other = I.read(
            events,
            options: Self.options {
                $0.screen = Size(width: 1280, height: 720)
                $0.descPath = I.fixture("n-trig.desc")
            })
        #expect(
            other.warningText.contains(
                "rec.txt:1:1: warning: ABS_MT_TRACKING_ID events (the first here) are not among the axes the description '\(I.fixture("n-trig.desc"))' lists: it may describe another device"
            ), "\(other.warningText)")
        // A recording with its own N: line of another name.
        let named = I.read(
            "N: QUANTA OpticalTouchScreen\n" + events,
            options: Self.options {
                $0.screen = Size(width: 1280, height: 720)
                $0.descPath = I.fixture("n-trig.desc")
            })
        #expect(
            named.warningText.contains {
                $0.hasPrefix("rec.txt:1:4: warning: the recording is of \"QUANTA OpticalTouchScreen\", the description")
            }, "\(named.warningText)")
        // Without a description, the error names the evemu remedy.
        let none = I.read(events, options: Self.options { $0.screen = Size(width: 1280, height: 720) })
        #expect(
            none.errorText?.contains(
                "beside it as DEVICE.desc for DEVICE.GESTURE.events, or give it with RecordingImportOptions.descPath = FILE") == true,
            "\(none.errorText ?? "")")
        // A recording with its own header: its ranges win, and a description beside it is not
        // announced as used.
        let atmel = try String(contentsOfFile: I.fixture("atmel-maxtouch.1-finger-fast-taps.evemu"), encoding: .utf8)
        let own = I.read(
            atmel,
            options: Self.options {
                $0.screen = Size(width: 400, height: 240)
                $0.descPath = I.fixture("quanta-optical.desc")
            })
        #expect(
            own.warningText.contains {
                $0.contains("warning: the recording's own axis ranges are used, not those of RecordingImportOptions.descPath")
            },
            "\(own.warningText)")
        #expect(own.rows.count == I.read(atmel, options: Self.options { $0.screen = Size(width: 400, height: 240) }).rows.count)
        // --desc on another format is a usage error.
        let wrong = I.read(Self.events, options: Self.options { $0.descPath = I.fixture("quanta-optical.desc") })
        #expect(wrong.error?.category == .usage)
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

    // MARK: libinput record

    /// The layout `libinput record` writes (file version 1): `# libinput record` first, the
    /// `libinput:`/`system:` blocks, one device with its evdev description (codes and absinfo),
    /// udev properties and quirks, then `events:` as `- evdev:` lists of
    /// `[sec, usec, type, code, value]` with their comments. A one-finger tap on a 1920 x 1080 panel.
    static let libinputRecord = """
        # libinput record
        version: 1
        ndevices: 1
        libinput:
          version: "1.25.0"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0-18-amd64"
          dmi: "dmi:bvnLENOVO:bvrN2YET34W(1.23):svnLENOVO:pn20T1S94K00:"
        devices:
        - node: /dev/input/event7
          evdev:
            # Name: ELAN900C:00 04F3:2C4E
            # ID: bus 0x18 vendor 0x4f3 product 0x2c4e version 0x100
            # Size in mm: 309x174
            # Supported Events:
            # Event type 0 (EV_SYN)
            # Event type 1 (EV_KEY)
            #   Event code 330 (BTN_TOUCH)
            # Event type 3 (EV_ABS)
            #   Event code 0 (ABS_X)
            #       Value           0
            #       Min             0
            #       Max          1919
            # Properties:
            #    Property 1 (INPUT_PROP_DIRECT)
            name: "ELAN900C:00 04F3:2C4E"
            id: [24, 1267, 11342, 256]
            codes:
              0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 1919, 0, 0, 6]
              1: [0, 1079, 0, 0, 6]
              47: [0, 9, 0, 0, 0]
              53: [0, 1919, 0, 0, 6]
              54: [0, 1079, 0, 0, 6]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          hid: [0x05, 0x0d, 0x09, 0x04]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          quirks:
          events:
          # Current time is 14:51:15
          - evdev:
            - [  0,      0,   3,  57,    2194] # EV_ABS / ABS_MT_TRACKING_ID     2194
            - [  0,      0,   3,  53,     960] # EV_ABS / ABS_MT_POSITION_X       960
            - [  0,      0,   3,  54,     540] # EV_ABS / ABS_MT_POSITION_Y       540
            - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
            - [  0,      0,   3,   0,     960] # EV_ABS / ABS_X                   960
            - [  0,      0,   3,   1,     540] # EV_ABS / ABS_Y                   540
            - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
          - evdev:
            - [  0,  60000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
            - [  0,  60000,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
            - [  0,  60000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +60ms
                                               # Touch device in neutral state

        """

    @Test("a libinput record file is found by its first line and read")
    func libinputRecord() {
        #expect(TraceFormat.sniff(Array(Self.libinputRecord.utf8)) == .libinput)
        let r = I.read(Self.libinputRecord, options: Self.options { $0.screen = Size(width: 1280, height: 720) })
        #expect(r.format == .libinput)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.warnings.isEmpty, "\(r.warningText)")
        #expect(r.rows == [R(0, 1, .began, 640, 360), R(0.06, 1, .ended, 640, 360)])
    }
}
