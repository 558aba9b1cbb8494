import Testing
import TestSupport
import TraceReplay
import TraceReading

/// The malformed-trace corpus (`corpus/`, small committed files in the three formats) and the
/// diagnostic each must produce: exit code, line, column and message. None may crash or hang, in
/// strict or lenient mode, whole or read in small chunks. Large inputs (a 10 MB line, 100,000
/// brackets, 10,000 touches down at once) are generated in `MalformedLargeInputTests`.
@Suite("Malformed traces: the corpus")
struct MalformedTraceTests {
    typealias M = MalformedSupport

    /// One corpus file and its expected diagnostic.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The file name in `corpus/`.
        let file: String
        /// 65 for an invalid trace; 0 for inputs that look odd but are valid by the documented rules.
        let exit: Int32
        /// The error's (or, for exit 0, the first warning's) line and column; 0, 0 when there is none.
        let line: Int
        let column: Int
        /// A fragment of that diagnostic's message ("" when there is none).
        let message: String
        /// A fragment of the first note, if the diagnostic must carry one.
        var note: String? = nil
        /// `--lenient` repairs this problem: the replay then succeeds, warning at the same place.
        var lenientRepairs = false

        var testDescription: String { file }
    }

    static let cases: [Case] = [
        // CSV
        Case(file: "csv-empty.csv", exit: 65, line: 1, column: 1, message: "empty trace: no header row"),
        // Like `[]` and an empty JSON Lines file: nothing to replay is an error (issue 15).
        Case(file: "csv-header-only.csv", exit: 65, line: 1, column: 1, message: "empty trace: no events"),
        Case(file: "csv-blank-lines-only.csv", exit: 65, line: 1, column: 1, message: "empty trace: no header row"),
        Case(file: "csv-comments-only.csv", exit: 65, line: 1, column: 1, message: "empty trace: no header row"),
        Case(file: "csv-bom.csv", exit: 0, line: 0, column: 0, message: ""),
        Case(file: "csv-double-bom.csv", exit: 65, line: 1, column: 1, message: "missing column 't'"),
        Case(file: "csv-too-few-fields.csv", exit: 65, line: 3, column: 15, message: "row has 4 fields but the header has 5 columns"),
        Case(file: "csv-too-many-fields.csv", exit: 65, line: 2, column: 17, message: "row has 6 fields but the header has 5 columns"),
        Case(file: "csv-truncated-row.csv", exit: 65, line: 3, column: 10, message: "row has 3 fields but the header has 5 columns"),
        Case(file: "csv-missing-column.csv", exit: 65, line: 1, column: 1, message: "missing column 'y'"),
        Case(
            file: "csv-duplicate-column.csv", exit: 65, line: 1, column: 16,
            message: "duplicate time column 'Time' (column 1, 't', already gives the time)"),
        Case(file: "csv-no-header.csv", exit: 65, line: 1, column: 1, message: "the first line must be a header naming the columns"),
        Case(file: "csv-semicolons.csv", exit: 65, line: 1, column: 1, message: "is separated by ';'; CSV traces are comma-separated"),
        Case(file: "csv-cr-only-line-breaks.csv", exit: 65, line: 1, column: 1, message: "missing column 'y'"),
        Case(file: "csv-nan-x.csv", exit: 65, line: 2, column: 11, message: "'x' value 'nan' is not a finite number"),
        Case(file: "csv-inf-y.csv", exit: 65, line: 2, column: 14, message: "'y' value 'inf' is not a finite number"),
        Case(file: "csv-1e400-x.csv", exit: 65, line: 2, column: 11, message: "'x' value '1e400' is not a finite number"),
        Case(file: "csv-minus-infinity-time.csv", exit: 65, line: 2, column: 1, message: "'t' value '-Infinity' is not a finite number"),
        Case(file: "csv-empty-x.csv", exit: 65, line: 2, column: 11, message: "empty 'x' value: expected a number"),
        Case(file: "csv-not-a-number.csv", exit: 65, line: 2, column: 14, message: "'y' value 'twenty' is not a number"),
        Case(file: "csv-unknown-phase.csv", exit: 65, line: 3, column: 7, message: "unknown phase 'lift'; expected one of: began, moved"),
        Case(file: "csv-empty-phase.csv", exit: 65, line: 2, column: 5, message: "empty phase; expected one of: began"),
        Case(file: "csv-empty-touch-id.csv", exit: 65, line: 2, column: 3, message: "empty touch id"),
        Case(file: "csv-invalid-utf8-id.csv", exit: 65, line: 2, column: 3, message: "is not valid UTF-8"),
        Case(file: "csv-unterminated-quote.csv", exit: 65, line: 2, column: 3, message: "unterminated quoted field"),
        Case(file: "csv-text-after-quote.csv", exit: 65, line: 2, column: 6, message: "unexpected 'x' after the closing quote of a field"),
        Case(file: "csv-binary-garbage.csv", exit: 65, line: 1, column: 1, message: "missing columns 't'"),
        Case(file: "csv-negative-times.csv", exit: 0, line: 0, column: 0, message: ""),
        Case(
            file: "csv-time-backwards.csv", exit: 65, line: 4, column: 1,
            message: "time 0.1 s goes backwards (the previous row is at 0.2 s)",
            note: "previous time here", lenientRepairs: true),
        Case(
            file: "csv-negative-time-backwards.csv", exit: 65, line: 3, column: 1,
            message: "time -2.0 s goes backwards (the previous row is at -1.0 s)",
            note: "previous time here", lenientRepairs: true),
        Case(
            file: "csv-duplicate-began.csv", exit: 65, line: 3, column: 7, message: "touch 1 began while it is already down",
            note: "touch 1 began here", lenientRepairs: true),
        Case(
            file: "csv-ended-unknown-touch.csv", exit: 65, line: 3, column: 7, message: "touch 7 ended but is not down",
            note: "no 'began' for touch 7 before this row", lenientRepairs: true),
        Case(
            file: "csv-moved-before-began.csv", exit: 65, line: 2, column: 5, message: "touch 1 moved but is not down", lenientRepairs: true
        ),
        Case(
            file: "csv-cancelled-twice.csv", exit: 65, line: 4, column: 7, message: "touch 1 was cancelled but is not down",
            note: "touch 1 ended here", lenientRepairs: true),
        Case(file: "csv-never-ended.csv", exit: 0, line: 2, column: 5, message: "touch 1 never ended"),
        // Valid, but 317 years between two rows: the velocity and swipe clocks saturate (it crashed).
        Case(file: "csv-huge-time-gap.csv", exit: 0, line: 0, column: 0, message: ""),

        // JSON
        Case(file: "json-empty.json", exit: 65, line: 1, column: 1, message: "empty trace: no events"),
        Case(file: "json-whitespace-only.json", exit: 65, line: 1, column: 1, message: "empty trace: no events"),
        Case(file: "json-truncated.json", exit: 65, line: 2, column: 54, message: "unexpected end of input"),
        Case(
            file: "json-truncated-in-string.json", exit: 65, line: 2, column: 34,
            message: "unexpected end of input in a string: missing closing quote"),
        Case(file: "json-bom.json", exit: 0, line: 0, column: 0, message: ""),
        Case(file: "json-double-bom.json", exit: 65, line: 1, column: 1, message: "found byte 0xEF"),
        Case(file: "json-invalid-utf8-id.json", exit: 65, line: 1, column: 18, message: "invalid UTF-8 in a string (byte 0xC3)"),
        Case(
            file: "json-nan-x.json", exit: 65, line: 2, column: 44,
            message: "'x' must be a finite number; NaN and Infinity are not JSON numbers"),
        Case(
            file: "json-infinity-y.json", exit: 65, line: 2, column: 53,
            message: "'y' must be a finite number; NaN and Infinity are not JSON numbers"),
        Case(file: "json-minus-infinity-x.json", exit: 65, line: 2, column: 44, message: "-Infinity is not a JSON number"),
        Case(file: "json-1e400-y.json", exit: 65, line: 2, column: 53, message: "'y' value '1e400' is not a finite number (out of range)"),
        Case(file: "json-string-number.json", exit: 65, line: 2, column: 44, message: "'x' must be a number, found the string '12'"),
        Case(file: "json-missing-field.json", exit: 65, line: 2, column: 3, message: "event is missing field 'y'"),
        Case(
            file: "json-duplicate-field.json", exit: 65, line: 2, column: 12, message: "duplicate time field 'time' in an event",
            note: "first given here"),
        // The value on a later line: the error is still at the key (it lost its column).
        Case(
            file: "json-duplicate-field-value-below.json", exit: 65, line: 2, column: 57, message: "duplicate x field 'x' in an event",
            note: "first given here"),
        Case(file: "json-trailing-comma.json", exit: 65, line: 4, column: 1, message: "expected an event object, found ']'"),
        Case(
            file: "json-top-level-number.json", exit: 65, line: 1, column: 1,
            message: "expected an array of events or an object with an \"events\" array, found a number"),
        Case(file: "json-no-events.json", exit: 65, line: 1, column: 1, message: "missing \"events\" array in the trace object"),
        Case(
            file: "json-events-not-array.json", exit: 65, line: 1, column: 12,
            message: "\"events\" must be an array of event objects, found an object"),
        Case(file: "json-duplicate-events.json", exit: 65, line: 2, column: 2, message: "duplicate \"events\" member"),
        Case(file: "json-garbage-after.json", exit: 65, line: 5, column: 1, message: "unexpected ']' after the end of the JSON document"),
        Case(file: "json-comment.json", exit: 65, line: 1, column: 1, message: "found '/'"),
        Case(file: "json-single-quotes.json", exit: 65, line: 1, column: 3, message: "expected a field name in double quotes"),
        Case(
            file: "json-phase-number.json", exit: 65, line: 2, column: 30,
            message: "phase '5' is not a UITouch.Phase raw value; expected one of: 0 (began), 1 (moved)"),
        Case(file: "json-id-fraction.json", exit: 65, line: 2, column: 18, message: "touch id must be an integer or a string, found '1.5'"),
        Case(
            file: "json-id-boolean.json", exit: 65, line: 2, column: 18, message: "touch id must be an integer or a string, found a boolean"
        ),
        Case(file: "json-screen-negative.json", exit: 65, line: 1, column: 22, message: "screen 'width' must be positive"),
        Case(file: "json-scene-bad-kind.json", exit: 65, line: 1, column: 37, message: "unknown recognizer kind 'doubleTap'"),
        Case(file: "json-events-after-bad-scene.json", exit: 65, line: 2, column: 21, message: "\"views\" must be an array, not a number"),
        Case(file: "json-binary-garbage.json", exit: 65, line: 1, column: 1, message: "found byte 0x89"),
        Case(
            file: "json-raw-control-char.json", exit: 65, line: 1, column: 19,
            message: "control character U+0009 must be escaped in a string"),
        Case(file: "json-lone-surrogate.json", exit: 65, line: 1, column: 18, message: "unpaired surrogate \\uD800"),
        Case(file: "json-event-not-object.json", exit: 65, line: 1, column: 13, message: "expected an event object, found a number"),
        Case(file: "json-unbalanced-brackets.json", exit: 65, line: 2, column: 1, message: "unexpected end of input"),
        Case(
            file: "json-time-backwards.json", exit: 65, line: 4, column: 9,
            message: "time 0.25 s goes backwards (the previous row is at 0.5 s)",
            note: "previous time here", lenientRepairs: true),
        Case(
            file: "json-duplicate-began.json", exit: 65, line: 3, column: 32, message: "touch 1 began while it is already down",
            note: "touch 1 began here", lenientRepairs: true),
        Case(
            file: "json-ended-unknown-touch.json", exit: 65, line: 3, column: 32, message: "touch 2 ended but is not down",
            lenientRepairs: true),

        // JSON Lines
        Case(file: "jsonl-empty.jsonl", exit: 65, line: 1, column: 1, message: "empty trace: no events"),
        Case(file: "jsonl-blank-lines-only.jsonl", exit: 65, line: 1, column: 1, message: "empty trace: no events"),
        Case(
            file: "jsonl-truncated.jsonl", exit: 65, line: 2, column: 45,
            message: "unexpected end of line: expected ',' or '}' after a field value"),
        Case(
            file: "jsonl-object-spans-lines.jsonl", exit: 65, line: 1, column: 18,
            message: "unexpected end of line: expected a field name in double quotes"),
        Case(
            file: "jsonl-two-objects-on-a-line.jsonl", exit: 65, line: 1, column: 55,
            message: "unexpected '{' after the event object (JSON Lines holds one event per line)"),
        Case(file: "jsonl-comment-line.jsonl", exit: 65, line: 1, column: 1, message: "expected an event object, found '#'"),
        Case(file: "jsonl-json-document.jsonl", exit: 65, line: 1, column: 13, message: "unexpected end of line: expected a value"),
        Case(file: "jsonl-bom.jsonl", exit: 0, line: 0, column: 0, message: ""),
        Case(file: "jsonl-crlf.jsonl", exit: 0, line: 0, column: 0, message: ""),
        Case(file: "jsonl-nan-y.jsonl", exit: 65, line: 1, column: 51, message: "'y' must be a finite number"),
        Case(
            file: "jsonl-1e400-time.jsonl", exit: 65, line: 1, column: 7, message: "'t' value '1e400' is not a finite number (out of range)"
        ),
        Case(file: "jsonl-array-line.jsonl", exit: 65, line: 2, column: 1, message: "expected an event object, found an array"),
        Case(file: "jsonl-invalid-utf8.jsonl", exit: 65, line: 2, column: 36, message: "invalid UTF-8 in a string (byte 0xFF)"),
        Case(file: "jsonl-binary-garbage.jsonl", exit: 65, line: 1, column: 1, message: "expected an event object, found U+001F"),
        Case(file: "jsonl-missing-fields.jsonl", exit: 65, line: 1, column: 1, message: "event is missing fields 'id'"),
        Case(file: "jsonl-time-string.jsonl", exit: 65, line: 1, column: 7, message: "'t' must be a number, found the string '0.5'"),
        Case(
            file: "jsonl-time-backwards.jsonl", exit: 65, line: 2, column: 7,
            message: "time 0.1 s goes backwards (the previous row is at 0.2 s)",
            note: "previous time here", lenientRepairs: true),
        Case(
            file: "jsonl-duplicate-began.jsonl", exit: 65, line: 2, column: 28, message: "touch 1 began while it is already down",
            note: "touch 1 began here", lenientRepairs: true),
        Case(
            file: "jsonl-cancelled-unknown-touch.jsonl", exit: 65, line: 2, column: 30, message: "touch 3 was cancelled but is not down",
            lenientRepairs: true),

        // Device recordings (sniffed from the content: `.txt`)
        Case(
            file: "getevent-truncated-line.txt", exit: 65, line: 2, column: 65,
            message: "truncated getevent line: expected the value after 'ABS_MT_POSITION_X'"),
        // Cut off mid-line by Ctrl-C: the last line is ignored, with a warning.
        Case(file: "getevent-truncated-last-line.txt", exit: 0, line: 7, column: 10, message: "the last line is cut off and was ignored"),
        Case(
            file: "getevent-unknown-codes.txt", exit: 0, line: 3, column: 29,
            message: "3 events with an unknown type or code ignored (the first here)"),
        Case(file: "getevent-hex-overflow.txt", exit: 65, line: 2, column: 50, message: "value '1000000010' overflows 32 bits"),
        Case(file: "getevent-code-overflow.txt", exit: 65, line: 1, column: 21, message: "event code '10035' overflows 16 bits"),
        Case(
            file: "getevent-no-touch-events.txt", exit: 65, line: 1, column: 1,
            message:
                "no touch events in the recording (no ABS_MT_*, ABS_X/ABS_Y or BTN_TOUCH): it holds only EV_SYN (2), EV_KEY (2), EV_MSC (1)"
        ),
        Case(
            file: "getevent-interleaved-devices.txt", exit: 65, line: 5, column: 1,
            message:
                "touch events from a second device, /dev/input/event5, interleaved with /dev/input/event2's; choose one with RecordingImportOptions.device"
        ),
        Case(
            file: "getevent-no-timestamps.txt", exit: 65, line: 3, column: 1,
            message: "getevent line without a timestamp: record with `getevent -lt`"),
        Case(file: "getevent-bad-timestamp.txt", exit: 65, line: 1, column: 4, message: "invalid timestamp '10x.000000'"),
        Case(
            file: "getevent-syn-dropped.txt", exit: 0, line: 6, column: 1,
            message: "SYN_DROPPED: the device's event buffer overflowed 1 time"),
        Case(file: "getevent-slot-out-of-range.txt", exit: 65, line: 1, column: 1, message: "ABS_MT_SLOT 64 is out of range"),
        Case(file: "evemu-truncated-event.txt", exit: 65, line: 6, column: 22, message: "truncated evemu event"),
        Case(file: "evemu-value-overflow.txt", exit: 65, line: 3, column: 23, message: "value '99999999999' overflows 32 bits"),
        Case(file: "libinput-truncated-event.txt", exit: 65, line: 7, column: 29, message: "truncated libinput event"),
        Case(file: "evtest-truncated-event.txt", exit: 65, line: 4, column: 77, message: "truncated evtest event: expected 'value '"),
        Case(file: "motionevent-unknown-action.txt", exit: 65, line: 1, column: 33, message: "unknown action 'FLING'"),
        Case(file: "motionevent-missing-y.txt", exit: 65, line: 1, column: 93, message: "MotionEvent without 'y[0]='"),
    ]

    @Test func theCorpusIsTheTable() throws {
        let dir = M.corpusDirectory
        let files = PackageFiles.listDirectory(dir)
        #expect(Set(files) == Set(Self.cases.map(\.file)), "every corpus file has an expected diagnostic, and every case a file")
        #expect(Self.cases.count == Set(Self.cases.map(\.file)).count, "no file is listed twice")
        #expect(Self.cases.count >= 50)
        for prefix in ["csv-", "json-", "jsonl-"] {
            #expect(Self.cases.filter { $0.file.hasPrefix(prefix) }.count >= 15, "\(prefix): at least 15 files")
        }
    }

    @Test("each corpus file gives its diagnostic", arguments: cases)
    func diagnostic(_ c: Case) throws {
        let path = M.corpusDirectory + "/" + c.file
        let strict = M.replay(path)
        if c.exit == 0 {
            #expect(strict.error == nil, "\(c.file): \(strict.error.map { DiagnosticFormatter().format($0) } ?? "")")
            if c.line == 0 {
                #expect(strict.warnings.isEmpty, "\(c.file): unexpected warnings \(strict.warnings)")
            } else {
                // The first warning saying it (a recording also warns that it has no screen mapping).
                let w = try #require(
                    strict.warnings.first { $0.message.contains(c.message) } ?? strict.warnings.first, "\(c.file): expected a warning")
                #expect(w.location == SourceLocation(path: path, line: c.line, column: c.column), "\(DiagnosticFormatter().format(w))")
                #expect(w.message.contains(c.message), "\(w.message)")
            }
        } else {
            let error = try #require(strict.error, "\(c.file): expected an error")
            let d = error.diagnostic
            let formatted = DiagnosticFormatter().format(error)
            #expect(error.exitCode == c.exit, "\(formatted)")
            #expect(d.severity == .error)
            #expect(d.location == SourceLocation(path: path, line: c.line, column: c.column), "\(formatted)")
            #expect(d.message.contains(c.message), "\(c.file): '\(d.message)' lacks '\(c.message)'")
            #expect(formatted.hasPrefix("\(path):\(c.line):\(c.column): error: "))
            if let note = c.note {
                #expect(d.notes.first?.message.contains(note) == true, "\(formatted)")
            }
            // Never echoes a whole line of garbage back.
            #expect(d.message.utf8.count < 400)
        }

        // --lenient repairs sequence problems (same place, a warning) and nothing else.
        let lenient = M.replay(path, lenient: true)
        if c.lenientRepairs {
            #expect(lenient.error == nil, "\(c.file): --lenient must repair it")
            #expect(
                lenient.warnings.contains { $0.location == SourceLocation(path: path, line: c.line, column: c.column) },
                "\(c.file): no warning at \(c.line):\(c.column) in \(lenient.warnings.map { DiagnosticFormatter().format($0) })")
        } else {
            #expect(lenient.error == strict.error, "\(c.file): --lenient must not change this diagnostic")
        }

        // Reading in 16-byte chunks finds the same rows and the same error.
        #expect(M.read(path, chunkSize: 16) == M.read(path, chunkSize: ByteSource.defaultChunkSize), "\(c.file): chunked reading differs")
    }
}
