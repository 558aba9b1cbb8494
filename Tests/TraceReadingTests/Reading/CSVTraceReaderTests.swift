import TestSupport
import Testing
import GestureEngine
@testable import TraceReplay
@testable import TraceReading

@Suite("CSV trace reader")
struct CSVTraceReaderTests {
    typealias S = ReadingTestSupport

    /// Every spelling of the same two rows: (t 0.5, id 3, began, 10, 20), (t 1.25, id 3, ended, 11.5, -2).
    static let equivalent: [AcceptCase] = [
        AcceptCase(name: "canonical", text: "t,id,phase,x,y\n0.5,3,began,10,20\n1.25,3,ended,11.5,-2\n"),
        AcceptCase(name: "aliases and column order", text: "y,x,action,finger,timestamp\n20,10,down,3,0.5\n-2,11.5,up,3,1.25\n"),
        AcceptCase(name: "touch/time/type", text: "time,touch,type,x,y\n0.5,3,BEGAN,10,20\n1.25,3,Ended,11.5,-2"),
        AcceptCase(name: "touchId/pointer columns mixed case", text: "T,TouchId,Phase,X,Y\n0.5,3,began,10,20\n1.25,3,ended,11.5,-2\n"),
        AcceptCase(name: "touch_id", text: "t,touch_id,phase,x,y\n0.5,3,began,10,20\n1.25,3,ended,11.5,-2\n"),
        AcceptCase(name: "pointer", text: "t,pointer,phase,x,y\n0.5,3,began,10,20\n1.25,3,ended,11.5,-2\n"),
        AcceptCase(name: "CRLF", text: "t,id,phase,x,y\r\n0.5,3,began,10,20\r\n1.25,3,ended,11.5,-2\r\n"),
        AcceptCase(
            name: "quoted fields",
            text: "\"t\",\"id\",\"phase\",\"x\",\"y\"\n\"0.5\",\"3\",\"began\",\"10\",\"20\"\n1.25,\"3\",ended,\"11.5\",-2\n"),
        AcceptCase(
            name: "comments and blank lines",
            text: "# recorded on a phone\n\nt,id,phase,x,y\n# first touch\n0.5,3,began,10,20\n\n\r\n# lift\n1.25,3,ended,11.5,-2\n# end"),
        AcceptCase(name: "BOM", text: "\u{FEFF}t,id,phase,x,y\n0.5,3,began,10,20\n1.25,3,ended,11.5,-2\n"),
        AcceptCase(name: "spaces around values", text: "t, id, phase, x, y\n 0.5 , 3 ,began, 10,\t20\n1.25,3, ended ,11.5, -2\n"),
        AcceptCase(
            name: "extra columns ignored", text: "t,pressure,id,phase,radius,x,y\n0.5,0.3,3,began,\"a, b\",10,20\n1.25,,3,ended,x,11.5,-2\n"
        ),
        AcceptCase(name: "number spellings", text: "t,id,phase,x,y\n5e-1,3,began,1e1,+20.000\n1.25,3,ended,11.50,-2.\n"),
        AcceptCase(name: "spaces before and after quotes", text: "t,id,phase,x,y\n0.5, \"3\" ,began,10,20\n1.25,3,ended,11.5,-2\n"),
    ]

    @Test("equivalent spellings give the same rows", arguments: equivalent)
    func equivalentSpellings(_ c: AcceptCase) throws {
        let rows = try S.rows(.csv, c.text)
        try #require(rows.count == 2)
        #expect(rows[0].time == 0.5 && rows[0].touch == .integer(3) && rows[0].phase == .began && rows[0].x == 10 && rows[0].y == 20)
        #expect(rows[1].time == 1.25 && rows[1].touch == .integer(3) && rows[1].phase == .ended && rows[1].x == 11.5 && rows[1].y == -2)
    }

    @Test func allPhaseNames() throws {
        let text =
            "t,id,phase,x,y\n"
            + ["began", "moved", "stationary", "ended", "cancelled", "down", "move", "up", "cancel", "CANCELLED"]
            .enumerated().map { "\($0.offset),1,\($0.element),0,0" }.joined(separator: "\n")
        let phases = try S.rows(.csv, text).map(\.phase)
        #expect(phases == [.began, .moved, .stationary, .ended, .cancelled, .began, .moved, .ended, .cancelled, .cancelled])
    }

    @Test func positionsOfEveryField() throws {
        let rows = try S.rows(.csv, "# c\nx,y,t,id,phase\n1,2,3,4,began\n  10, \"20\",30,40,moved\n")
        try #require(rows.count == 2)
        let p = rows[1].positions
        #expect(p.row == TextPosition(line: 4, column: 1))
        #expect(p.x == TextPosition(line: 4, column: 1))
        #expect(p.y == TextPosition(line: 4, column: 7))  // the opening quote
        #expect(p.time == TextPosition(line: 4, column: 12))
        #expect(p.touch == TextPosition(line: 4, column: 15))
        #expect(p.phase == TextPosition(line: 4, column: 18))
    }

    @Test func quotedFieldSpanningLinesKeepsLineNumbers() throws {
        let text = "t,id,note,phase,x,y\n0,1,\"two\nlines\",began,1,2\n1,1,x,ended,1,2\n"
        let rows = try S.rows(.csv, text)
        try #require(rows.count == 2)
        #expect(rows[0].positions.phase == TextPosition(line: 3, column: 8))
        #expect(rows[1].positions.row == TextPosition(line: 4, column: 1))
    }

    @Test func stringIDsAreInternedAndCanonicalIntegersAreIntegers() throws {
        let reader = try S.reader(
            .csv,
            "t,id,phase,x,y\n0,left,began,0,0\n0,\"right\",began,1,1\n1,left,moved,2,2\n1,7,began,0,0\n1,007,began,0,0\n1,-2,began,0,0\n1,\"a\"\"b\",began,0,0\n"
        )
        let rows = try reader.readAll()
        #expect(rows[0].touch == rows[2].touch)
        #expect(rows[0].touch != rows[1].touch)
        #expect(reader.touchNames.text(of: rows[0].touch) == "left")
        #expect(reader.touchNames.text(of: rows[1].touch) == "right")
        #expect(rows[3].touch == .integer(7))
        #expect(reader.touchNames.text(of: rows[4].touch) == "007")
        #expect(rows[5].touch == .integer(-2))
        #expect(reader.touchNames.text(of: rows[6].touch) == "a\"b")
        #expect(reader.touchNames.count == 4)
    }

    @Test(arguments: [(TimeUnit.seconds, 1500.0), (.milliseconds, 1.5), (.microseconds, 0.0015), (.nanoseconds, 0.0000015)])
    func timeUnits(_ unit: TimeUnit, _ seconds: Double) throws {
        let rows = try S.rows(.csv, "t,id,phase,x,y\n1500,1,began,0,0\n", timeUnit: unit)
        #expect(rows[0].time == seconds)
    }

    @Test func headerOnlyIsAnEmptyTrace() throws {
        #expect(try S.rows(.csv, "t,id,phase,x,y\n").isEmpty)
        #expect(try S.rows(.csv, "t,id,phase,x,y").isEmpty)
    }

    @Test func columnNamesAreExposed() throws {
        let r = try CSVTraceReader(source: ByteSource(text: " T ,\"id\",phase,x,y,extra\n", name: "h.csv"))
        #expect(r.columnNames == ["T", "id", "phase", "x", "y", "extra"])
    }

    static let errors: [ErrorCase] = [
        ErrorCase(
            "unknown phase", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,jump,3,4\n", line: 3, column: 7,
            "unknown phase 'jump'", "began, moved, stationary, ended, cancelled", "down, move, up, cancel"),
        ErrorCase("empty phase", "t,id,phase,x,y\n0,1,,1,2\n", line: 2, column: 5, "empty phase"),
        ErrorCase("missing column", "t,id,x,y\n0,1,1,2\n", line: 1, column: 1, "missing column 'phase' (also accepted: type, action)"),
        ErrorCase("missing columns after comments", "# c\n\nt,x,y\n", line: 3, column: 1, "missing columns 'id'", "'phase'"),
        ErrorCase("no header", "0,1,began,1,2\n", line: 1, column: 1, "missing columns", "header"),
        ErrorCase("duplicate column via alias", "t,time,id,phase,x,y\n", line: 1, column: 3, "duplicate time column 'time'", "column 1"),
        ErrorCase("non-numeric x", "t,id,phase,x,y\n0,1,began,abc,2\n", line: 2, column: 11, "'x' value 'abc' is not a number"),
        ErrorCase("non-numeric time", "t,id,phase,x,y\n1.2.3,1,began,1,2\n", line: 2, column: 1, "'t' value '1.2.3' is not a number"),
        ErrorCase("empty y", "t,id,phase,x,y\n0,1,began,1,\n", line: 2, column: 13, "empty 'y' value"),
        ErrorCase("NaN", "t,id,phase,x,y\n0,1,began,NaN,2\n", line: 2, column: 11, "'x' value 'NaN' is not a finite number"),
        ErrorCase("infinity", "t,id,phase,x,y\n0,1,began,1,-Infinity\n", line: 2, column: 13, "not a finite number"),
        ErrorCase("overflow", "t,id,phase,x,y\n1e400,1,began,1,2\n", line: 2, column: 1, "'t' value '1e400' is not a finite number"),
        ErrorCase("too few fields", "t,id,phase,x,y\n0,1,began,1\n", line: 2, column: 12, "row has 4 fields but the header has 5 columns"),
        ErrorCase("too many fields", "t,id,phase,x,y\n0,1,began,1,2,3\n", line: 2, column: 15, "row has 6 fields"),
        ErrorCase("too few fields CRLF", "t,id,phase,x,y\r\n0,1,began,1\r\n", line: 2, column: 12, "row has 4 fields"),
        ErrorCase("unterminated quote", "t,id,phase,x,y\n0,1,\"began,1,2\n", line: 2, column: 5, "unterminated quoted field"),
        ErrorCase("text after closing quote", "t,id,phase,x,y\n0,1,\"began\"x,1,2\n", line: 2, column: 12, "after the closing quote"),
        ErrorCase("empty touch id", "t,id,phase,x,y\n0,,began,1,2\n", line: 2, column: 3, "empty touch id"),
        ErrorCase(
            "invalid UTF-8 touch id", bytes: Array("t,id,phase,x,y\n0,a".utf8) + [0xFF, 0xFE] + Array(",began,1,2\n".utf8),
            line: 2, column: 3, "not valid UTF-8"),
        ErrorCase("empty file", "", line: 1, column: 1, "empty trace"),
        ErrorCase("only comments", "# nothing\n\n", line: 1, column: 1, "empty trace"),
        ErrorCase(
            "error after many rows", "t,id,phase,x,y\n" + String(repeating: "0,1,moved,1,2\n", count: 5000) + "0,1,moved,1,z\n",
            line: 5002, column: 13, "'y' value 'z'"),
    ]

    @Test("errors point at the offending value", arguments: errors)
    func errorPositions(_ c: ErrorCase) {
        c.check(.csv)
    }

    @Test func invalidUTF8InPhaseDoesNotCrash() {
        let e = S.error(.csv, Array("t,id,phase,x,y\n0,1,b".utf8) + [0xC3, 0x28] + Array(",1,2\n".utf8))
        #expect(e?.diagnostic.message.contains("unknown phase") == true)
    }
}
