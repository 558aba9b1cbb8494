import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

@Suite("Frame assembler and sequence validator")
struct FrameAssemblerTests {
    typealias S = ReadingTestSupport

    static func frames(
        _ csvRows: String, mode: TraceValidationMode = .strict, sequence: Bool = false,
        warnings: inout [Diagnostic]
    ) throws(TraceError) -> [TraceFrame] {
        let reader = try S.reader(.csv, "t,id,phase,x,y\n" + csvRows, path: "f.csv")
        var collected: [Diagnostic] = []
        let assembler = FrameAssembler(reader: reader, mode: mode, checksTouchSequence: sequence) { collected.append($0) }
        var frames: [TraceFrame] = []
        while let f = try assembler.next() { frames.append(f) }
        warnings = collected
        return frames
    }

    static func frames(_ csvRows: String, mode: TraceValidationMode = .strict, sequence: Bool = false) throws(TraceError) -> [TraceFrame] {
        var w: [Diagnostic] = []
        return try frames(csvRows, mode: mode, sequence: sequence, warnings: &w)
    }

    @Test func groupsConsecutiveRowsWithTheSameTime() throws {
        let frames = try Self.frames("0,1,began,0,0\n0,2,began,5,5\n0.5,1,moved,1,1\n0.5,2,moved,6,6\n0.5,2,ended,6,6\n1,1,ended,2,2\n")
        #expect(frames.map(\.time) == [0, 0.5, 1])
        #expect(frames.map(\.rows.count) == [2, 3, 1])
        // A touch may appear twice in one frame (its last move and its lift): order is kept.
        #expect(frames[1].rows.map(\.phase) == [.moved, .moved, .ended])
    }

    @Test func emptyTraceHasNoFrames() throws {
        #expect(try Self.frames("").isEmpty)
    }

    @Test func timeGoingBackwardsIsAnErrorAtTheTimeValue() throws {
        do {
            _ = try Self.frames("0,1,began,0,0\n1,1,moved,0,0\n0.5,1,moved,0,0\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.category == .invalidTrace)
            #expect(error.diagnostic.location == SourceLocation(path: "f.csv", line: 4, column: 1))
            #expect(error.diagnostic.message.contains("goes backwards"))
            #expect(error.diagnostic.notes.first?.location == SourceLocation(path: "f.csv", line: 3, column: 1))
            #expect(DiagnosticFormatter().format(error).hasPrefix("f.csv:4:1: error: time 0.5 s goes backwards"))
            #expect(DiagnosticFormatter().format(error).contains("\nf.csv:3:1: note: previous time here"))
        }
    }

    @Test func lenientClampsBackwardTimeIntoTheCurrentFrame() throws {
        var warnings: [Diagnostic] = []
        let frames = try Self.frames(
            "0,1,began,0,0\n1,1,moved,0,0\n0.5,2,began,0,0\n2,1,ended,0,0\n2,2,ended,0,0\n", mode: .lenient, warnings: &warnings)
        #expect(frames.map(\.time) == [0, 1, 2])
        #expect(frames[1].rows.map(\.touch) == [.integer(1), .integer(2)])
        #expect(frames[1].rows[1].time == 1)
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.location == SourceLocation(path: "f.csv", line: 4, column: 1))
        #expect(warnings.first?.message.contains("clamped to 1.0 s") == true)
    }

    struct SequenceCase: Sendable, CustomTestStringConvertible {
        let name: String
        let rows: String
        let line: Int
        let column: Int
        let message: String
        /// Phases of the rows after lenient repair, and the number of warnings.
        let repaired: [TouchPhase]
        let warnings: Int
        var testDescription: String { name }
    }

    static let sequenceCases: [SequenceCase] = [
        SequenceCase(
            name: "moved before began", rows: "0,1,moved,0,0\n1,1,ended,0,0\n", line: 2, column: 5,
            message: "touch 1 moved but is not down", repaired: [.began, .ended], warnings: 1),
        SequenceCase(
            name: "stationary for an unknown touch", rows: "0,1,began,0,0\n0,2,stationary,0,0\n1,1,ended,0,0\n1,2,ended,0,0\n", line: 3,
            column: 5,
            message: "touch 2 is stationary but is not down", repaired: [.began, .began, .ended, .ended], warnings: 1),
        SequenceCase(
            name: "second began while down", rows: "0,1,began,0,0\n1,1,began,0,0\n2,1,ended,0,0\n", line: 3, column: 5,
            message: "touch 1 began while it is already down", repaired: [.began, .moved, .ended], warnings: 1),
        SequenceCase(
            name: "ended for unknown touch", rows: "0,1,began,0,0\n1,2,ended,0,0\n2,1,ended,0,0\n", line: 3, column: 5,
            message: "touch 2 ended but is not down", repaired: [.began, .ended], warnings: 1),
        SequenceCase(
            name: "cancelled twice", rows: "0,1,began,0,0\n1,1,cancelled,0,0\n2,1,cancelled,0,0\n", line: 4, column: 5,
            message: "touch 1 was cancelled but is not down", repaired: [.began, .cancelled], warnings: 1),
        SequenceCase(
            name: "moved after ended (named touch)", rows: "0,a,began,0,0\n1,a,ended,0,0\n2,a,moved,0,0\n3,a,ended,0,0\n", line: 4,
            column: 5,
            message: "touch 'a' moved but is not down", repaired: [.began, .ended, .began, .ended], warnings: 1),
    ]

    @Test("strict sequence errors", arguments: sequenceCases)
    func strictSequence(_ c: SequenceCase) throws {
        do {
            _ = try Self.frames(c.rows, sequence: true)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.location == SourceLocation(path: "f.csv", line: c.line, column: c.column))
            #expect(error.diagnostic.message.contains(c.message), "\(error.diagnostic.message)")
        }
    }

    @Test("lenient sequence repairs", arguments: sequenceCases)
    func lenientSequence(_ c: SequenceCase) throws {
        var warnings: [Diagnostic] = []
        let frames = try Self.frames(c.rows, mode: .lenient, sequence: true, warnings: &warnings)
        #expect(frames.flatMap(\.rows).map(\.phase) == c.repaired)
        #expect(warnings.count == c.warnings)
        #expect(warnings.first?.location == SourceLocation(path: "f.csv", line: c.line, column: c.column))
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func touchesStillDownAtTheEndAreWarnedAbout() throws {
        var warnings: [Diagnostic] = []
        _ = try Self.frames("0,1,began,0,0\n0,2,began,0,0\n1,1,ended,0,0\n", sequence: true, warnings: &warnings)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("touch 2 never ended") == true)
        #expect(warnings.first?.location == SourceLocation(path: "f.csv", line: 3, column: 5))
    }

    @Test func validTraceHasNoWarnings() throws {
        var warnings: [Diagnostic] = []
        let frames = try Self.frames(
            "0,1,began,0,0\n0.1,1,moved,1,0\n0.1,1,ended,1,0\n0.2,1,began,0,0\n0.3,1,cancelled,0,0\n", sequence: true, warnings: &warnings)
        #expect(frames.count == 4)
        #expect(warnings.isEmpty)
    }

    /// Issue 44, D16: at most 10,000 touches down at once, in both modes; one more is an error at
    /// its row (200,000 touches held down, one per frame, replayed for more than 12 minutes).
    @Test(arguments: [TraceValidationMode.strict, .lenient])
    func touchesDownAreBounded(mode: TraceValidationMode) throws {
        let names = TouchNameTable()
        var v = TraceSequenceValidator(mode: mode, path: "v", touchNames: names)
        let limit = TraceSequenceValidator.maximumTouchesDown
        #expect(limit == 10_000)
        var kept = 0
        for i in 0..<limit {
            var row = TraceRow(
                time: Double(i), touch: .integer(Int64(i)), phase: .began, x: 0, y: 0,
                positions: .init(all: TextPosition(line: i + 2, column: 9)))
            if try v.check(&row, warn: { _ in }) { kept += 1 }
        }
        #expect(kept == limit)
        // Lifting one makes room for one.
        var lift = TraceRow(
            time: 1e4, touch: .integer(5), phase: .ended, x: 0, y: 0, positions: .init(all: TextPosition(line: 1, column: 1)))
        #expect(try v.check(&lift, warn: { _ in }))
        var room = TraceRow(
            time: 1e4, touch: .integer(-1), phase: .began, x: 0, y: 0, positions: .init(all: TextPosition(line: 10_002, column: 9)))
        #expect(try v.check(&room, warn: { _ in }))
        var more = TraceRow(
            time: 1e4, touch: .integer(99_999), phase: mode == .strict ? .began : .moved, x: 0, y: 0,
            positions: .init(all: TextPosition(line: 10_003, column: 9)))
        do {
            _ = try v.check(&more, warn: { _ in })
            Issue.record("expected an error")
        } catch {
            #expect(
                DiagnosticFormatter().format(error).hasPrefix(
                    "v:10003:9: error: touch 99999 begins while 10000 touches are down: gesturereplay replays at most 10000 touches down at once"
                ),
                "\(DiagnosticFormatter().format(error))")
            #expect(error.diagnostic.notes.first?.location == SourceLocation(path: "v", line: 2, column: 9))
        }
    }

    /// A move is checked against the touches down, however many there are: a few (scanned), or
    /// more than the index threshold (looked up). Moving one that is down keeps the row quietly;
    /// moving one that is not down is an error (strict) or a touch-down with a warning (lenient),
    /// also while other touches are down.
    @Test(arguments: [0, 1, 2, 32, 33, 40])
    func movesAreCheckedAgainstTheTouchesDown(down: Int) throws {
        for mode in [TraceValidationMode.strict, .lenient] {
            var v = TraceSequenceValidator(mode: mode, path: "v", touchNames: TouchNameTable())
            func row(_ id: Int64, _ phase: TouchPhase) -> TraceRow {
                TraceRow(time: 0, touch: .integer(id), phase: phase, x: 0, y: 0, positions: .init(all: TextPosition(line: 2, column: 3)))
            }
            for i in 0..<down {
                var began = row(Int64(i), .began)
                #expect(try v.check(&began, warn: { _ in }))
            }
            var warnings: [Diagnostic] = []
            if down > 0 {
                var move = row(Int64(down - 1), .moved)
                #expect(try v.check(&move, warn: { warnings.append($0) }))
                #expect(move.phase == .moved && warnings.isEmpty)
            }
            var stray = row(1_000, .moved)
            do {
                let kept = try v.check(&stray, warn: { warnings.append($0) })
                #expect(mode == .lenient && kept && stray.phase == .began, "\(mode), \(down) down")
                #expect(warnings.map(\.message) == ["touch 1000 moved but is not down; treated as began"])
            } catch {
                #expect(mode == .strict, "\(mode), \(down) down: \(error)")
                #expect(error.diagnostic.message == "touch 1000 moved but is not down")
            }
        }
    }

    @Test func validatorAloneReportsNotes() throws {
        let names = TouchNameTable()
        var v = TraceSequenceValidator(mode: .strict, path: "v", touchNames: names)
        var began = TraceRow(
            time: 0, touch: .integer(4), phase: .began, x: 0, y: 0, positions: .init(all: TextPosition(line: 2, column: 3)))
        #expect(try v.check(&began, warn: { _ in }))
        #expect(v.activeTouchCount == 1)
        var again = began
        again.positions.phase = TextPosition(line: 5, column: 7)
        do {
            _ = try v.check(&again, warn: { _ in })
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.notes.first?.location == SourceLocation(path: "v", line: 2, column: 3))
            #expect(
                DiagnosticFormatter().format(error)
                    == "v:5:7: error: touch 4 began while it is already down\nv:2:3: note: touch 4 began here")
        }
    }
}
