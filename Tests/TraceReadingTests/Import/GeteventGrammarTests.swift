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

// The getevent grammar (Sources/TraceReading/Import/GeteventGrammar.swift): labelled and numeric
// lines, the `-lp`/`-p` header wherever it comes, events without a device prefix. The suites are
// those the tests always belonged to (device recordings, mapping decisions); their fixtures of a
// phone's header and events stay with them.

extension RecordingImportTests {
    @Test func geteventLabelledProtocolBWithRangeHeader() {
        let r = I.read(Self.header + Self.protocolB)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.format == .getevent)
        #expect(r.rows == Self.twoFingers)
        // Rows point at the recording's own lines (the tracking id, the position).
        #expect(r.lines == [17, 23, 30, 32, 35])
        #expect(
            r.warningText == [
                "rec.txt:1:1: warning: no ReplayOptions.reading.screen or RecordingImportOptions.density: raw device units are used as points (1080 x 2340)"
            ])
    }

    @Test func geteventScreenMappingFromTheHeaderRanges() {
        var o = RecordingImportOptions()
        o.screen = Size(width: 540, height: 1170)
        let r = I.read(Self.header + Self.protocolB, options: o)
        #expect(r.warnings.isEmpty)
        #expect(r.screen == Size(width: 540, height: 1170))
        #expect(r.rows.map { [$0.x, $0.y] } == [[50, 100], [150, 200], [55, 100], [55, 100], [150, 200]])
    }

    @Test func geteventNumericWithoutDevicePrefix() {
        // `getevent -t /dev/input/event4`: numbers, no prefix, no header.
        let numeric = """
            [  100.000000] 0003 0039 00000001
            [  100.000000] 0003 0035 00000064
            [  100.000000] 0003 0036 000000c8
            [  100.000000] 0000 0000 00000000
            [  100.010000] 0003 002f 00000001
            [  100.010000] 0003 0039 00000002
            [  100.010000] 0003 0035 0000012c
            [  100.010000] 0003 0036 00000190
            [  100.010000] 0000 0000 00000000
            [  100.020000] 0003 002f 00000000
            [  100.020000] 0003 0035 0000006e
            [  100.020000] 0000 0000 00000000
            [  100.030000] 0003 0039 ffffffff
            [  100.030000] 0000 0000 00000000
            [  100.040000] 0003 002f 00000001
            [  100.040000] 0003 0039 ffffffff
            [  100.040000] 0000 0000 00000000

            """
        let r = I.read(numeric)
        #expect(r.error == nil, "\(r.errorText ?? "")")
        #expect(r.rows == Self.twoFingers)
        #expect(r.warningText.count == 1 && r.warningText[0].contains("raw device units are used as points"))
        // The numeric header (`getevent -p`) gives the ranges too.
        let numericHeader = """
            add device 1: /dev/input/event4
              name:     "touch"
              events:
                KEY (0001): 014a
                ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                            0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            0036  : value 0, min 0, max 2339, fuzz 0, flat 0, resolution 0
              input props:
                INPUT_PROP_DIRECT

            """
        var o = RecordingImportOptions()
        o.screen = Size(width: 540, height: 1170)
        let mapped = I.read(numericHeader + numeric, options: o)
        #expect(mapped.error == nil, "\(mapped.errorText ?? "")")
        #expect(mapped.rows.first == R(0, 1, .began, 50, 100))
    }
}

extension MappingDecisionTests {
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
}
