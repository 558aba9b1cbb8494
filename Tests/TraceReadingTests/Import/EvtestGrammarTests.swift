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

// The evtest grammar (Sources/TraceReading/Import/EvtestGrammar.swift). Its fixture is read by the
// tests every evdev format shares (RecordingImportTests.evdevFormats, reading in small chunks).

extension RecordingImportTests {
    static let evtest = """
        Input driver version is 1.0.1
        Input device ID: bus 0x18 vendor 0x4f3 product 0x2234 version 0x100
        Input device name: "Test Touchscreen"
        Supported events:
          Event type 0 (EV_SYN)
          Event type 1 (EV_KEY)
            Event code 330 (BTN_TOUCH)
          Event type 3 (EV_ABS)
            Event code 0 (ABS_X)
              Value    100
              Min        0
              Max     1079
            Event code 1 (ABS_Y)
              Value    200
              Min        0
              Max     2339
            Event code 53 (ABS_MT_POSITION_X)
              Value      0
              Min        0
              Max     1079
            Event code 54 (ABS_MT_POSITION_Y)
              Value      0
              Min        0
              Max     2339
            Event code 57 (ABS_MT_TRACKING_ID)
              Value      0
              Min        0
              Max    65535
        Properties:
          Property type 1 (INPUT_PROP_DIRECT)
        Testing ... (interrupt to exit)
        Event: time 1700000000.000001, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 1
        Event: time 1700000000.000001, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 100
        Event: time 1700000000.000001, type 3 (EV_ABS), code 54 (ABS_MT_POSITION_Y), value 200
        Event: time 1700000000.000001, type 1 (EV_KEY), code 330 (BTN_TOUCH), value 1
        Event: time 1700000000.000001, -------------- SYN_REPORT ------------
        Event: time 1700000000.016001, type 3 (EV_ABS), code 53 (ABS_MT_POSITION_X), value 110
        Event: time 1700000000.016001, -------------- SYN_REPORT ------------
        Event: time 1700000000.032001, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value -1
        Event: time 1700000000.032001, type 1 (EV_KEY), code 330 (BTN_TOUCH), value 0
        Event: time 1700000000.032001, -------------- SYN_REPORT ------------

        """
}
