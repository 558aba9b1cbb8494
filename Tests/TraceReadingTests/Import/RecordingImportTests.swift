#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GestureEngine
import Testing
@testable import TraceReplay
@testable import TraceReading

/// Device recordings decoded into trace rows: every getevent variant, evemu, libinput record,
/// evtest and MotionEvent dumps, the raw-to-points mapping and device selection.
@Suite("Importing device recordings")
struct RecordingImportTests {
    typealias I = ImportSupport
    typealias R = ImportSupport.Row

    static let header = """
        add device 1: /dev/input/event4
          name:     "sec_touchscreen"
          events:
            KEY (0001): KEY_WAKEUP            BTN_TOUCH
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT
        add device 2: /dev/input/event1
          name:     "gpio_keys"
          events:
            KEY (0001): KEY_VOLUMEDOWN        KEY_POWER
          input props:
            <none>

        """

    /// Two fingers, protocol B: down, second down in slot 1, first moves, first lifts, second lifts.
    static let protocolB = """
        [     100.000000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   00000001
        [     100.000000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    00000064
        [     100.000000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_Y    000000c8
        [     100.000000] /dev/input/event4: EV_KEY       BTN_TOUCH            DOWN
        [     100.000000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
        [     100.010000] /dev/input/event4: EV_ABS       ABS_MT_SLOT          00000001
        [     100.010000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   00000002
        [     100.010000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    0000012c
        [     100.010000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_Y    00000190
        [     100.010000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
        [     100.015000] /dev/input/event1: EV_KEY       KEY_POWER            DOWN
        [     100.015000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000
        [     100.020000] /dev/input/event4: EV_ABS       ABS_MT_SLOT          00000000
        [     100.020000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    0000006e
        [     100.020000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
        [     100.030000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [     100.030000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000
        [     100.040000] /dev/input/event4: EV_ABS       ABS_MT_SLOT          00000001
        [     100.040000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [     100.040000] /dev/input/event4: EV_KEY       BTN_TOUCH            UP
        [     100.040000] /dev/input/event4: EV_SYN       SYN_REPORT           00000000

        """

    static let twoFingers: [R] = [
        R(0, 1, .began, 100, 200), R(0.01, 2, .began, 300, 400), R(0.02, 1, .moved, 110, 200),
        R(0.03, 1, .ended, 110, 200), R(0.04, 2, .ended, 300, 400),
    ]

    static let protocolAFrames = [
        [(7, 100, 200)],
        [(8, 500, 500), (7, 101, 200)],
        [(8, 500, 500)],
        [],
    ]

    static func protocolA(ids: Bool) -> String {
        var s = ""
        for (k, frame) in protocolAFrames.enumerated() {
            let t = "[    5.0\(k)0000]"
            for (id, x, y) in frame {
                if ids { s += "\(t) 0003 0039 \(hex(id))\n" }
                s += "\(t) 0003 0035 \(hex(x))\n\(t) 0003 0036 \(hex(y))\n\(t) 0000 0002 00000000\n"
            }
            if frame.isEmpty { s += "\(t) 0000 0002 00000000\n" }
            s += "\(t) 0000 0000 00000000\n"
        }
        return s
    }

    static func hex(_ v: Int) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 8 - h.count) + h
    }

    @Test("protocol A, with and without tracking ids; an empty frame lifts every finger", arguments: [true, false])
    func protocolA(ids: Bool) {
        let r = I.read(Self.protocolA(ids: ids))
        #expect(r.error == nil, "\(r.errorText ?? "")")
        // Without ids the second frame's contacts are matched to the nearest of the previous frame:
        // (101, 200) continues touch 1 although it is listed second.
        #expect(
            r.rows == [
                R(0, 1, .began, 100, 200), R(0.01, 1, .moved, 101, 200), R(0.01, 2, .began, 500, 500),
                R(0.02, 1, .ended, 101, 200), R(0.03, 2, .ended, 500, 500),
            ])
    }

    @Test func singleTouch() {
        let st = """
            [    1.000000] EV_ABS       ABS_X                00000010
            [    1.000000] EV_ABS       ABS_Y                00000020
            [    1.000000] EV_KEY       BTN_TOUCH            DOWN
            [    1.000000] EV_SYN       SYN_REPORT           00000000
            [    1.016000] EV_ABS       ABS_X                00000018
            [    1.016000] EV_SYN       SYN_REPORT           00000000
            [    1.032000] EV_KEY       BTN_TOUCH            UP
            [    1.032000] EV_SYN       SYN_REPORT           00000000

            """
        let r = I.read(st)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == [R(0, 1, .began, 16, 32), R(0.016, 1, .moved, 24, 32), R(0.032, 1, .ended, 24, 32)])
    }

    @Test func multiTouchDeviceIgnoresItsSingleTouchEmulation() {
        // The kernel sends ABS_X/ABS_Y/BTN_TOUCH beside the slots: one touch, not two.
        let text = """
            [    1.000000] EV_ABS       ABS_MT_TRACKING_ID   00000005
            [    1.000000] EV_ABS       ABS_MT_POSITION_X    00000010
            [    1.000000] EV_ABS       ABS_MT_POSITION_Y    00000020
            [    1.000000] EV_KEY       BTN_TOUCH            DOWN
            [    1.000000] EV_ABS       ABS_X                00000010
            [    1.000000] EV_ABS       ABS_Y                00000020
            [    1.000000] EV_SYN       SYN_REPORT           00000000
            [    1.010000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [    1.010000] EV_KEY       BTN_TOUCH            UP
            [    1.010000] EV_SYN       SYN_REPORT           00000000

            """
        #expect(I.read(text).rows == [R(0, 1, .began, 16, 32), R(0.01, 1, .ended, 16, 32)])
    }

    @Test func captureStartingMidTouch() {
        let text = """
            [    2.000000] EV_ABS       ABS_MT_POSITION_X    00000064
            [    2.000000] EV_ABS       ABS_MT_POSITION_Y    000000c8
            [    2.000000] EV_SYN       SYN_REPORT           00000000
            [    2.010000] EV_ABS       ABS_MT_POSITION_X    00000070
            [    2.010000] EV_SYN       SYN_REPORT           00000000
            [    2.020000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [    2.020000] EV_SYN       SYN_REPORT           00000000

            """
        let r = I.read(text)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == [R(0, 1, .began, 100, 200), R(0.01, 1, .moved, 112, 200), R(0.02, 1, .ended, 112, 200)])
        #expect(
            r.warningText.contains(
                "rec.txt:2:1: warning: the recording starts mid-touch: a touch already down is taken as beginning at its first position"))
    }

    // MARK: Devices

    static let interleaved = """
        [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
        [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000001
        [    1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000002
        [    1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [    1.001000] /dev/input/event5: EV_ABS       ABS_MT_TRACKING_ID   00000001
        [    1.001000] /dev/input/event5: EV_ABS       ABS_MT_POSITION_X    00000009
        [    1.001000] /dev/input/event5: EV_ABS       ABS_MT_POSITION_Y    00000008
        [    1.001000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000
        [    1.002000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [    1.002000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [    1.003000] /dev/input/event5: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [    1.003000] /dev/input/event5: EV_SYN       SYN_REPORT           00000000

        """

    @Test func interleavedDevicesNeedDevice() {
        let r = I.read(Self.interleaved)
        #expect(
            r.errorText?.hasPrefix(
                "rec.txt:5:1: error: touch events from a second device, /dev/input/event5, interleaved with /dev/input/event2's; choose one with RecordingImportOptions.device"
            ) == true, "\(r.errorText ?? "none")")
        var o = RecordingImportOptions()
        o.device = "/dev/input/event5"
        let five = I.read(Self.interleaved, options: o)
        #expect(five.error == nil, "\(five.errorText ?? "")")
        #expect(five.rows == [R(0.001, 1, .began, 9, 8), R(0.003, 1, .ended, 9, 8)])
    }

    @Test func theHeaderPicksTheOnlyTouchscreenAndNamesCandidatesWhenAmbiguous() {
        // The key device's events are skipped; the touchscreen is found from the header.
        #expect(I.read(Self.header + Self.protocolB).rows.count == 5)
        // By name, too.
        var o = RecordingImportOptions()
        o.device = "sec_touchscreen"
        #expect(I.read(Self.header + Self.protocolB, options: o).rows.count == 5)
        // The keys device has no touch events: the error says what it holds.
        o.device = "gpio_keys"
        let keys = I.read(Self.header + Self.protocolB, options: o)
        #expect(
            keys.errorText
                == "rec.txt:1:1: error: no touch events in the recording (no ABS_MT_*, ABS_X/ABS_Y or BTN_TOUCH from /dev/input/event1): it holds only EV_SYN (1), EV_KEY (1)"
        )
        let second = Self.header.replacingOccurrences(
            "add device 2: /dev/input/event1\n  name:     \"gpio_keys\"", "add device 2: /dev/input/event6\n  name:     \"pen\""
        )
        .replacingOccurrences(
            "KEY_VOLUMEDOWN        KEY_POWER",
            "BTN_TOUCH\n    ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 99, fuzz 0, flat 0, resolution 0")
        let ambiguous = I.read(second + Self.protocolB)
        #expect(
            ambiguous.errorText
                == "rec.txt:11:1: error: 2 touchscreen-like devices in the recording: /dev/input/event4 \"sec_touchscreen\" (line 1), /dev/input/event6 \"pen\" (line 11); choose one with RecordingImportOptions.device = PATH|NAME"
        )
    }

    // MARK: Mapping

    @Test func mappingOptions() {
        let text = Self.header + Self.protocolB
        var o = RecordingImportOptions()
        o.density = 2
        var r = I.read(text, options: o)
        #expect(r.warnings.isEmpty)
        #expect(r.screen == Size(width: 540, height: 1170))
        #expect(r.rows.first == R(0, 1, .began, 50, 100))
        o = RecordingImportOptions()
        o.rotation = 90
        r = I.read(text, options: o)
        // The panel's x axis points down the screen: raw (100, 200) is at (2339 - 200, 100).
        #expect(r.rows.first == R(0, 1, .began, 2139, 100))
        #expect(r.warningText.first?.contains("(2340 x 1080)") == true)
        o.rotation = 180
        #expect(I.read(text, options: o).rows.first == R(0, 1, .began, 979, 2139))
        o.rotation = 270
        #expect(I.read(text, options: o).rows.first == R(0, 1, .began, 200, 979))
        o.rotation = 0
        o.flipX = true
        #expect(I.read(text, options: o).rows.first == R(0, 1, .began, 979, 200))
        o.flipX = false
        o.flipY = true
        #expect(I.read(text, options: o).rows.first == R(0, 1, .began, 100, 2139))
        // --raw-size stands in for missing ranges.
        o = RecordingImportOptions()
        o.rawSize = Size(width: 1080, height: 2340)
        o.screen = Size(width: 360, height: 780)
        #expect(I.read(Self.protocolB, options: o).rows.first == R(0, 1, .began, 100.0 / 3, 200.0 / 3))
        // --screen without any ranges is an error, not a silent guess.
        o.rawSize = nil
        #expect(
            I.read(Self.protocolB, options: o).errorText?.hasPrefix(
                "rec.txt:1:1: error: ReplayOptions.reading.screen needs the touchscreen's axis ranges")
                == true)
    }

    @Test func mappingOptionsOnATraceInPointsAreAUsageError() {
        var o = RecordingImportOptions()
        o.density = 2
        let r = I.read("t,id,phase,x,y\n0,1,began,1,2\n", options: o)
        #expect(r.error?.category == .usage)
        #expect(
            r.error?.diagnostic.message.hasSuffix(
                "apply to device recordings (getevent, evemu, libinput, evtest, motionevent); 'rec.txt' is read as csv") == true)
        // --screen alone is the ordinary screen option.
        o = RecordingImportOptions()
        o.screen = Size(width: 390, height: 844)
        #expect(I.read("t,id,phase,x,y\n0,1,began,1,2\n", options: o).error == nil)
    }

    // MARK: Other formats

    static let oneFinger: [R] = [R(0, 1, .began, 100, 200), R(0.016, 1, .moved, 110, 200), R(0.032, 1, .ended, 110, 200)]

    @Test(
        "evemu, libinput record and evtest go through the same decoder",
        arguments: [
            (TraceFormat.evemu, evemu), (.libinput, libinput), (.evtest, evtest),
        ])
    func evdevFormats(_ format: TraceFormat, _ text: String) {
        let r = I.read(text)
        #expect(r.format == format, "sniffed")
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == Self.oneFinger)
        var o = RecordingImportOptions()
        o.screen = Size(width: 540, height: 1170)
        #expect(I.read(text, options: o).rows.first == R(0, 1, .began, 50, 100), "the header's ranges")
        // The same with an explicit --input-format.
        #expect(I.read(text, format: format).rows == Self.oneFinger)
    }

    static func motion(_ action: String, _ pointers: [(Int, Double, Double)], _ ms: Int) -> String {
        var s = "11-24 14:00:00.000  1234  1234 D ViewLog: MotionEvent { action=\(action), actionButton=0"
        for (k, p) in pointers.enumerated() {
            s += ", id[\(k)]=\(p.0), x[\(k)]=\(p.1), y[\(k)]=\(p.2), toolType[\(k)]=TOOL_TYPE_FINGER"
        }
        s +=
            ", buttonState=0, classification=NONE, metaState=0, flags=0x0, edgeFlags=0x0, pointerCount=\(pointers.count), historySize=0, eventTime=\(ms), downTime=5000, deviceId=4, source=0x1002, displayId=0 }\n"
        return s
    }

    static let motionEvents =
        "--------- beginning of main\n"
        + motion("ACTION_DOWN", [(0, 100, 200)], 5000)
        + motion("ACTION_POINTER_DOWN(1)", [(0, 100, 200), (1, 300, 400)], 5010)
        + "11-24 14:00:00.011  1234  1234 I Choreographer: Skipped 1 frames\n"
        + motion("ACTION_MOVE", [(0, 110, 200), (1, 300, 400)], 5020)
        + motion("ACTION_POINTER_UP(0)", [(0, 110, 200), (1, 300, 400)], 5030)
        + motion("ACTION_UP", [(1, 300, 400)], 5040)

    @Test func motionEventDump() {
        let r = I.read(Self.motionEvents)
        #expect(r.format == .motionevent)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == Self.twoFingers)
        var o = RecordingImportOptions()
        o.density = 2
        let scaled = I.read(Self.motionEvents, options: o)
        // No axis ranges in a dump: the pixels are taken as raw units, said once.
        #expect(scaled.warnings.count == 1 && scaled.warningText[0].contains("takes its raw units as pixels"), "\(scaled.warningText)")
        #expect(scaled.rows.first == R(0, 1, .began, 50, 100))
    }

    @Test func readingInSmallChunksGivesTheSameRows() {
        for text in [Self.header + Self.protocolB, Self.evemu, Self.libinput, Self.evtest, Self.motionEvents] {
            let whole = I.read(text)
            let chunked = I.read(text, chunkSize: 16)
            #expect(chunked.rows == whole.rows)
            #expect(chunked.error == nil)
        }
    }

    @Test func sniffing() {
        #expect(TraceFormat.sniff(Array("[   51442.155212] /dev/input/event2: EV_SYN".utf8)) == .getevent)
        #expect(TraceFormat.sniff(Array("add device 1: /dev/input/event4\n".utf8)) == .getevent)
        #expect(TraceFormat.sniff(Array("# EVEMU 1.3\nN: x\n".utf8)) == .evemu)
        #expect(TraceFormat.sniff(Array("version: 1\nndevices: 1\n".utf8)) == .libinput)
        #expect(TraceFormat.sniff(Array("Input driver version is 1.0.1\n".utf8)) == .evtest)
        #expect(TraceFormat.sniff(Array("junk\n01-01 I: MotionEvent { action=ACTION_DOWN".utf8)) == .motionevent)
        // JSON and CSV are unchanged.
        #expect(TraceFormat.sniff(Array("[{\"t\": 0}]".utf8)) == .json)
        #expect(TraceFormat.sniff(Array("[1.5]".utf8)) == .json)
        #expect(TraceFormat.sniff(Array("t,id,phase,x,y\n".utf8)) == .csv)
        #expect(TraceFormat(name: "getevent") == .getevent)
        #expect(TraceFormat(name: "libinput") == .libinput)
        #expect(TraceFormat(pathExtensionOf: "a/taps.EVEMU") == .evemu)
        #expect(TraceFormat(pathExtensionOf: "phone.getevent") == .getevent)
        #expect(TraceFormat(pathExtensionOf: "phone.txt") == nil)
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

@Suite("Importing device recordings: streaming")
struct RecordingStreamingTests {
    @Test("memory stays flat: a long getevent capture never grows the buffer")
    func flatMemory() throws {
        var text = RecordingImportTests.header
        text += "[     100.000000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   00000001\n"
        text += "[     100.000000] /dev/input/event4: EV_ABS       ABS_MT_POSITION_Y    00000010\n"
        for k in 0..<40_000 {
            let stamp = "[\(String(repeating: " ", count: 6))\(100 + k / 100).\(String(format: "%06d", (k % 100) * 10_000))]"
            text += "\(stamp) /dev/input/event4: EV_ABS       ABS_MT_POSITION_X    \(RecordingImportTests.hex(k % 1000))\n"
            text += "\(stamp) /dev/input/event4: EV_SYN       SYN_REPORT           00000000\n"
        }
        let path = ReadingTestSupport.temporaryFile(Array(text.utf8), suffix: ".txt")
        defer { unlink(path) }
        let source = try ByteSource(path: path, chunkSize: 4096)
        var options = RecordingImportOptions()
        options.rawSize = Size(width: 1080, height: 2340)
        options.screen = Size(width: 360, height: 780)
        // (Sniffing would read ahead 64 KiB: the format is given, as --input-format does.)
        let reader = try AnyTraceReader(source: source, format: .getevent, recording: options)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(reader.format == .getevent)
        #expect(count == 40_000)
        #expect(text.utf8.count > 4_000_000)
        #expect(source.capacity == 4096)
    }
}
