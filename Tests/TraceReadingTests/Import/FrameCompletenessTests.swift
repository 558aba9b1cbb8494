import Testing
import TestSupport
@testable import TraceReading

/// Issue 44, D14: evdev completes each frame with a `SYN_REPORT`. A recording with none says so at
/// its first touch event (not "no contact with both an x and a y position"), and one cut off
/// before its last frame's `SYN_REPORT` says that frame was dropped.
@Suite("Frames without their SYN_REPORT (issue 44)")
struct FrameCompletenessTests {
    static let header = """
        add device 1: /dev/input/event3
          name:     "fts_ts"
          events:
            KEY (0001): BTN_TOUCH
            ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
                        ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
          input props:
            INPUT_PROP_DIRECT

        """

    static func event(_ t: String, _ type: String, _ code: String, _ value: String) -> String {
        "[   \(t)] /dev/input/event3: \(type)       \(code)   \(value)\n"
    }

    @Test("no SYN_REPORT at all: an error at the first touch event")
    func noReport() {
        let text =
            Self.header + Self.event("51442.155212", "EV_ABS", "ABS_MT_TRACKING_ID", "00000e2c")
            + Self.event("51442.155212", "EV_ABS", "ABS_MT_POSITION_X", "0000021c")
            + Self.event("51442.155212", "EV_ABS", "ABS_MT_POSITION_Y", "00000492")
        let r = ImportSupport.read(text, format: .getevent)
        #expect(
            r.errorText?.hasPrefix("rec.txt:11:1: error: no SYN_REPORT in the recording: evdev completes each frame") == true,
            "\(r.errorText ?? "none")")
    }

    @Test("cut before the last frame's SYN_REPORT: a warning at that frame, and the touch never ended")
    func lastFrameCut() {
        let text =
            Self.header + Self.event("51442.155212", "EV_ABS", "ABS_MT_TRACKING_ID", "00000e2c")
            + Self.event("51442.155212", "EV_ABS", "ABS_MT_POSITION_X", "0000021c")
            + Self.event("51442.155212", "EV_ABS", "ABS_MT_POSITION_Y", "00000492")
            + Self.event("51442.155212", "EV_SYN", "SYN_REPORT", "00000000")
            + Self.event("51442.235210", "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")
            + Self.event("51442.235210", "EV_KEY", "BTN_TOUCH", "UP")
        let r = ImportSupport.read(text, format: .getevent)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows.count == 1)
        let warnings = r.warningText
        #expect(
            warnings.contains {
                $0.hasPrefix(
                    "rec.txt:15:1: warning: the recording ends before the SYN_REPORT of its last frame: that frame's 2 touch events from here were dropped"
                )
            }, "\(warnings)")
        #expect(warnings.contains { $0.contains("never ended") }, "\(warnings)")
        // A complete recording has no such warning.
        let complete = ImportSupport.read(text + Self.event("51442.235210", "EV_SYN", "SYN_REPORT", "00000000"), format: .getevent)
        #expect(complete.error == nil && !complete.warningText.contains { $0.contains("SYN_REPORT") }, "\(complete.warningText)")
    }
}
