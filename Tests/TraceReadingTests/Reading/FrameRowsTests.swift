import Testing
import TestSupport
@testable import TraceReading

/// The replay reads a trace row by row (`FrameAssembler.nextRowOfFrames()`, issue 45) and groups
/// the rows of one time itself; these tests hold that to the frames `next()` assembles: the same
/// rows in the same frames, the same warnings at the same point (a frame is complete once the next
/// frame's first row has been read, warnings and all), the same error.
@Suite("Frame assembler: row by row against frame by frame")
struct FrameRowsTests {
    /// What a reader of the trace sees, in order: warnings, complete frames, and how it ended.
    enum Entry: Equatable, CustomStringConvertible {
        case warning(String)
        case frame(time: Double, rows: [TraceRow])
        case end
        case error(String)

        var description: String {
            switch self {
            case .warning(let w): "warning \(w)"
            case .frame(let time, let rows): "frame \(time): \(rows.map { "\($0.touch) \($0.phase)" })"
            case .end: "end"
            case .error(let e): "error \(e)"
            }
        }
    }

    /// A log shared by the assembler's warning callback and the loop that reads it.
    final class Log {
        var entries: [Entry] = []
    }

    static func assembler(_ csv: String, _ mode: TraceValidationMode, _ log: Log) throws -> FrameAssembler<AnyTraceReader> {
        let reader = try ReadingTestSupport.reader(.csv, csv, path: "f.csv")
        return FrameAssembler(reader: reader, mode: mode, checksTouchSequence: true) {
            log.entries.append(.warning(DiagnosticFormatter().format($0)))
        }
    }

    /// Frame by frame, with `next()`.
    static func byFrames(_ csv: String, _ mode: TraceValidationMode) throws -> [Entry] {
        let log = Log()
        let frames = try assembler(csv, mode, log)
        do throws(TraceError) {
            while let frame = try frames.next() { log.entries.append(.frame(time: frame.time, rows: frame.rows)) }
            log.entries.append(.end)
        } catch {
            log.entries.append(.error(DiagnosticFormatter().format(error)))
        }
        return log.entries
    }

    /// Row by row, with `nextRowOfFrames()`, grouped by time as the replay groups them; with
    /// `framesFirst`, that many frames are read with `next()` before.
    static func byRows(_ csv: String, _ mode: TraceValidationMode, framesFirst: Int = 0) throws -> [Entry] {
        let log = Log()
        let frames = try assembler(csv, mode, log)
        var rows: [TraceRow] = []
        var time = 0.0
        do throws(TraceError) {
            for _ in 0..<framesFirst {
                guard let frame = try frames.next() else { break }
                log.entries.append(.frame(time: frame.time, rows: frame.rows))
            }
            while let row = try frames.nextRowOfFrames() {
                if !rows.isEmpty && row.time != time {
                    log.entries.append(.frame(time: time, rows: rows))
                    rows = []
                }
                time = row.time
                rows.append(row)
            }
            if !rows.isEmpty { log.entries.append(.frame(time: time, rows: rows)) }
            log.entries.append(.end)
        } catch {
            log.entries.append(.error(DiagnosticFormatter().format(error)))
        }
        return log.entries
    }

    /// A random trace: touches begin, move, lift; now and then a row out of sequence, a time going
    /// backwards, rows sharing a time, a touch left down.
    static func randomTrace(_ random: inout SplitMix64) -> String {
        var text = "t,id,phase,x,y\n"
        var t = 0
        let phases = ["began", "moved", "moved", "moved", "ended", "cancelled", "stationary"]
        for _ in 0..<Int(random.next() % 40) {
            switch random.next() % 10 {
            case 0: t -= Int(random.next() % 3)
            case 1, 2, 3, 4: t += 1
            default: break
            }
            let id = 1 + random.next() % 4
            let phase = phases[Int(random.next() % UInt64(phases.count))]
            text += "\(Double(t) / 100),\(id),\(phase),\(random.next() % 400),\(random.next() % 800)\n"
        }
        return text
    }

    @Test("random traces, strict and lenient: the same frames, warnings and errors, in the same order")
    func randomTraces() throws {
        var random = SplitMix64(seed: 4_545)
        var warnings = 0
        var errors = 0
        let count = TestScale.count(600)
        for _ in 0..<count {
            let csv = Self.randomTrace(&random)
            for mode in [TraceValidationMode.strict, .lenient] {
                let frames = try Self.byFrames(csv, mode)
                #expect(try Self.byRows(csv, mode) == frames, "\(mode) \(csv)")
                warnings += frames.filter { if case .warning = $0 { true } else { false } }.count
                errors += frames.filter { if case .error = $0 { true } else { false } }.count
            }
        }
        // The comparison means something only if the traces warned and failed (about one run in
        // two ends with an error, the lenient runs warn several times each).
        #expect(warnings > count)
        #expect(errors > count / 4)
    }

    @Test func warningsOfTheNextFramesFirstRowComeBeforeTheFrame() throws {
        // Row 3 goes backwards and is clamped into the first frame: its warning comes before that
        // frame. So does row 4's (touch 2 is not down): row 4 starts the next frame, and is read
        // before the first frame is complete. The touches left down are warned about before the last.
        let csv = "t,id,phase,x,y\n0.1,1,began,0,0\n0.05,1,moved,1,1\n0.2,2,moved,2,2\n"
        let entries = try Self.byRows(csv, .lenient)
        #expect(entries == (try Self.byFrames(csv, .lenient)))
        let kinds = entries.map { entry -> String in
            switch entry {
            case .warning: "warning"
            case .frame(let time, let rows): "frame \(time) \(rows.count)"
            case .end: "end"
            case .error: "error"
            }
        }
        #expect(kinds == ["warning", "warning", "frame 0.1 2", "warning", "warning", "frame 0.2 1", "end"], "\(entries)")
    }

    @Test func rowsMayFollowFrames() throws {
        let csv = "t,id,phase,x,y\n0,1,began,0,0\n0,2,began,1,1\n0.1,1,moved,2,2\n0.1,2,ended,3,3\n0.2,1,ended,4,4\n"
        let frames = try Self.byFrames(csv, .strict)
        #expect(frames.count == 4)
        for first in 0...3 {
            // `next()` read the second frame's first row ahead: it is the first row read row by row.
            #expect(try Self.byRows(csv, .strict, framesFirst: first) == frames, "after \(first) frames")
        }
    }
}
