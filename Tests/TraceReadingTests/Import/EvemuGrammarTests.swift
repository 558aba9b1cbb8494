#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GestureEngine
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

// The evemu grammar (Sources/TraceReading/Import/EvemuGrammar.swift): `evemu-record` output and
// the device descriptions read beside it or given (`.desc`).

extension RecordingImportTests {
    static let evemu = """
        # EVEMU 1.3
        # Kernel: 6.1.0
        N: Test Touchscreen
        I: 0018 04f3 2234 0100
        P: 02 00 00 00 00 00 00 00
        A: 00 0 1079 0 0 0
        A: 01 0 2339 0 0 0
        A: 2f 0 9 0 0 0
        A: 35 0 1079 0 0 0
        A: 36 0 2339 0 0 0
        A: 39 0 65535 0 0 0
        ################################
        #      Waiting for events      #
        ################################
        E: 0.000001 0003 0039 0001\t# EV_ABS / ABS_MT_TRACKING_ID   1
        E: 0.000001 0003 0035 0100\t# EV_ABS / ABS_MT_POSITION_X    100
        E: 0.000001 0003 0036 0200\t# EV_ABS / ABS_MT_POSITION_Y    200
        E: 0.000001 0001 014a 0001\t# EV_KEY / BTN_TOUCH            1
        E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
        E: 0.016001 0003 0035 0110\t# EV_ABS / ABS_MT_POSITION_X    110
        E: 0.016001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +16ms
        E: 0.032001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
        E: 0.032001 0001 014a 0000\t# EV_KEY / BTN_TOUCH            0
        E: 0.032001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +16ms

        """
}

extension MappingDecisionTests {
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
}
