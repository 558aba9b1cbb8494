#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TraceReplay
@testable import TraceReading

/// Bounds on inputs from the adversarial pass (issue #30): the line-length cap (finding 11), the
/// coordinate range (23) and a getevent capture naming many devices (17), through the library
/// (docs/robustness.md, "What is bounded").
@Suite("Bounded inputs (issue #30)")
struct BoundedInputTests {
    static func error(_ format: TraceFormat, _ bytes: [UInt8], suffix: String) -> String? {
        let path = ReadingTestSupport.temporaryFile(bytes, suffix: suffix)
        defer { unlink(path) }
        do {
            let reader = try AnyTraceReader(path: path, format: format)
            let assembler = FrameAssembler(reader: reader, checksTouchSequence: true)
            while try assembler.next() != nil {}
            return nil
        } catch {
            return DiagnosticFormatter().format(error).replacingOccurrences(of: path, with: "F")
        }
    }

    @Test("a line longer than 16 MiB is an error at its line and column 16777217, in every trace format and for a scene")
    func lineLengthCap() throws {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: ByteSource.maximumLineLength + 100)
        let csv = Array("t,id,phase,x,y\n0,1,began,1,1\n".utf8) + long
        #expect(
            Self.error(.csv, csv, suffix: ".csv")
                == "F:3:16777217: error: line longer than 16777216 bytes (the longest line gesturereplay reads)")
        let jsonl = Array("{\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1,\"y\":1}\n".utf8) + long
        #expect(Self.error(.jsonl, jsonl, suffix: ".jsonl")?.hasPrefix("F:2:16777217: error: line longer than 16777216 bytes") == true)
        let json = Array("{\"events\": [\n".utf8) + long
        #expect(Self.error(.json, json, suffix: ".json")?.hasPrefix("F:2:16777217: error: line longer than 16777216 bytes") == true)
        let scene = ReadingTestSupport.temporaryFile(Array("{\n\"views\": []\n".utf8) + long, suffix: ".scene.json")
        defer { unlink(scene) }
        #expect(throws: TraceError.self) { try JSONParser().parse(contentsOf: scene) }
        do {
            _ = try JSONParser().parse(contentsOf: scene)
        } catch {
            #expect(
                DiagnosticFormatter().format(error).hasSuffix(
                    ":3:16777217: error: line longer than 16777216 bytes (the longest line gesturereplay reads)"))
        }
        // Exactly the limit (and many lines in all) is read.
        let atLimit =
            Array("t,id,phase,x,y,note\n0,1,began,1,1,".utf8)
            + [UInt8](repeating: UInt8(ascii: "a"), count: ByteSource.maximumLineLength - 17) + Array("\n0.1,1,ended,1,1,b\n".utf8)
        #expect(Self.error(.csv, atLimit, suffix: ".csv") == nil)
    }

    @Test("a line longer than the cap from a pipe: an error at its byte offset when lines before it were let go")
    func lineLengthCapFromAPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = fds[1]
        let head =
            Array("t,id,phase,x,y\n".utf8) + Array(repeating: Array("0,1,began,1,1\n0.1,1,ended,1,1\n".utf8), count: 10_000).flatMap { $0 }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            head.withUnsafeBufferPointer { _ = write(writer, $0.baseAddress!, $0.count) }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
            // Exactly one byte more than the limit: the reader takes every byte before it stops.
            for _ in 0..<(ByteSource.maximumLineLength / chunk.count) {
                if chunk.withUnsafeBufferPointer({ write(writer, $0.baseAddress!, $0.count) }) < 0 { break }
            }
            _ = write(writer, "a", 1)
            close(writer)
            done.signal()
        }
        let source = ByteSource(fileDescriptor: fds[0], name: "<stdin>", closeOnDeinit: true)
        var message: String?
        do {
            let reader = try AnyTraceReader(source: source, format: .csv)
            while try reader.next() != nil {}
        } catch {
            message = DiagnosticFormatter().format(error)
        }
        done.wait()
        #expect(
            message
                == "<stdin>: error: line longer than 16777216 bytes (the longest line gesturereplay reads); it starts at byte \(head.count)"
        )
    }

    @Test("coordinates beyond 1e20 points are an error at the value; 1e20 itself is read")
    func coordinateRange() {
        let ok = "t,id,phase,x,y\n0,1,began,1e20,-1e20\n0.1,1,ended,-1e20,1e20\n"
        #expect(Self.error(.csv, Array(ok.utf8), suffix: ".csv") == nil)
        let big = "t,id,phase,x,y\n0,1,began,1,1\n0.1,1,moved,1.7e308,1\n0.2,1,ended,1,1\n"
        #expect(
            Self.error(.csv, Array(big.utf8), suffix: ".csv")
                == "F:3:13: error: 'x' value 1.7e+308 is out of range: coordinates are at most 1e20 points from the origin")
        let bigY = #"{"t":0,"id":1,"phase":"began","x":1,"y":-1.7e308}"# + "\n"
        #expect(
            Self.error(.jsonl, Array(bigY.utf8), suffix: ".jsonl")
                == "F:1:41: error: 'y' value -1.7e+308 is out of range: coordinates are at most 1e20 points from the origin")
    }

    @Test("a getevent capture naming 20,000 device paths: a bounded number of path comparisons per line")
    func manyDevices() throws {
        let n = 20_000
        var text = ""
        for k in 0..<n {
            text += "[    1.\(String(format: "%06d", k))] /dev/input/event\(k): EV_SYN SYN_REPORT 00000000\n"
            // The same device again: found by the last-device check.
            text += "[    1.\(String(format: "%06d", k))] /dev/input/event\(k): EV_SYN SYN_REPORT 00000000\n"
        }
        let reader = try RecordingTraceReader(source: ByteSource(text: text, name: "devs.txt"), format: .getevent)
        do { while try reader.next() != nil {} } catch {}
        // A linear search makes n^2 / 2 = 200,000,000 comparisons; the index at most a few per line.
        #expect(reader.devicePathComparisons > 0)
        #expect(
            reader.devicePathComparisons <= 2 * n + RecordingCore.deviceIndexThreshold * RecordingCore.deviceIndexThreshold,
            "\(reader.devicePathComparisons)")
    }
}

/// Clearer messages from the adversarial pass (issue #30, finding 24).
@Suite("Clear messages (issue #30)")
struct ClearMessageTests {
    @Test("a recording with touch events but no Y axis says so, not 'empty trace: no events'")
    func recordingWithoutY() throws {
        let text = """
            add device 1: /dev/input/event2
              name:     "ts"
              events:
                ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                            0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
            [    0.000001] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001
            [    0.000001] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000100
            [    0.000001] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            [    0.050000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [    0.050000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

            """
        var message = ""
        do {
            let reader = try RecordingTraceReader(source: ByteSource(text: text, name: "noy.txt"), format: .getevent)
            while try reader.next() != nil {}
        } catch {
            message = DiagnosticFormatter().format(error)
        }
        #expect(
            message
                == "noy.txt:1:1: error: the recording holds 3 touch events but no contact with both an x and a y position (ABS_MT_POSITION_X and _Y, or ABS_X and ABS_Y): nothing to replay",
            "\(message)")
    }
}
