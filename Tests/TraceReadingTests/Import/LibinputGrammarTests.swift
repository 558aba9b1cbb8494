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

// The libinput grammar (Sources/TraceReading/Import/LibinputGrammar.swift): `libinput record`'s YAML,
// read line by line.

extension RecordingImportTests {
    static let libinput = """
        version: 1
        ndevices: 1
        libinput:
          version: "1.22.0"
        system:
          kernel: "6.1.0"
        devices:
        - node: /dev/input/event7
          evdev:
            # Name: Test Touchscreen
            name: "Test Touchscreen"
            id: [24, 1267, 8756, 256]
            codes:
              0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 1079, 0, 0, 0]
              1: [0, 2339, 0, 0, 0]
              47: [0, 9, 0, 0, 0]
              53: [0, 1079, 0, 0, 0]
              54: [0, 2339, 0, 0, 0]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          events:
          - evdev:
            - [  0,      1,   3,  57,     1] # EV_ABS / ABS_MT_TRACKING_ID     1
            - [  0,      1,   3,  53,   100] # EV_ABS / ABS_MT_POSITION_X    100
            - [  0,      1,   3,  54,   200] # EV_ABS / ABS_MT_POSITION_Y    200
            - [  0,      1,   1, 330,     1] # EV_KEY / BTN_TOUCH             1
            - [  0,      1,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
          - evdev:
            - [  0,  16001,   3,  53,   110] # EV_ABS / ABS_MT_POSITION_X    110
            - [  0,  16001,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
          - evdev:
            - [  0,  32001,   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID    -1
            - [  0,  32001,   1, 330,     0] # EV_KEY / BTN_TOUCH             0
            - [  0,  32001,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms

        """
}

extension MappingDecisionTests {
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
