import TestSupport
import Testing
@testable import TraceReading

/// The CSV reader's one-pass read of the common row (`CSVTraceCore.commonRow`) against the general
/// path (every row split into fields, then read): the same rows, positions, touch names and errors,
/// for rows of the common shape and for every shape that must leave the one-pass read.
@Suite("CSV: the common row read in one pass, compared with the general path")
struct CSVCommonRowTests {
    /// What reading gave, row by row, up to the end or the first error.
    enum Outcome: Hashable {
        case row(TraceRow, name: String)
        case error(TraceError)
    }

    /// Reads `text` (written to one file) both ways, in chunks of `chunkSize` bytes (so records are
    /// cut by refills): the plain reading, then the one-pass one.
    static func readBothWays(
        _ text: [UInt8], chunkSize: Int
    ) -> (plain: (outcomes: [Outcome], onePassRows: Int), fast: (outcomes: [Outcome], onePassRows: Int)) {
        let path = ReadingTestSupport.temporaryFile(text, suffix: ".csv")
        return (read(path, chunkSize: chunkSize, onePass: false), read(path, chunkSize: chunkSize, onePass: true))
    }

    /// Reads the file at `path` with or without the one-pass read; also counts the rows the
    /// one-pass read took (its rows leave the scanner without field spans, `count == 0`).
    static func read(_ path: String, chunkSize: Int, onePass: Bool) -> (outcomes: [Outcome], onePassRows: Int) {
        var outcomes: [Outcome] = []
        var onePassRows = 0
        do {
            let reader = try CSVTraceReader(
                source: ByteSource(path: path, chunkSize: chunkSize), timeUnit: .milliseconds, touchNames: TouchNameTable())
            if !onePass { reader.readsEveryRowThroughTheGeneralPath() }
            while let row = try reader.next() {
                if reader.corePointer.pointee.records.count == 0 { onePassRows += 1 }
                outcomes.append(.row(row, name: reader.touchNames.text(of: row.touch)))
            }
        } catch {
            outcomes.append(.error(error))
        }
        return (outcomes, onePassRows)
    }

    static let header = "t,id,phase,x,y\n"

    /// Rows the one-pass read takes.
    static let common = [
        "0.5,3,began,10,20\n", "1,-2,moved,-1.5,0\n", "2,left,ended,1,2\n", "3,007,began,0,0\n", "4,12,cancelled,201.42,607.53\r\n",
        "5,1,STATIONARY,1,1\n", "6,1,up,-0,1\n", "7,1,Move,123456789012345,0.000001\n", "8,é,down,1,2\n",
        // Ids and phases around the 8-byte words they are scanned in: a digit id of 8 and of 9 digits,
        // 0 and 00, a name longer than a word, one of bytes that are not ASCII.
        "10,12345678,moved,1,2\n", "11,123456789,moved,1,2\n", "12,0,moved,1,2\n", "13,00,moved,1,2\n",
        "14,finger-number-one,cancelled,1,2\n", "15,ééééé,moved,1,2\n", "16,9,Cancelled,1,2\n",
    ]

    /// Rows (valid or not) that the general path must read: spaces, quotes, exponents, other
    /// field counts, bad values, comments, blank lines, long numbers, a stray CR, bad UTF-8.
    static let other = [
        " 0.5,3,began,1,2\n", "0.5, 3,began,1,2\n", "0.5,\"3\",began,1,2\n", "5e-1,3,began,1,2\n", "0.5,3,began,1,2,9\n",
        "0.5,3,began,1\n", "0.5,3,bogus,1,2\n", "0.5,3,began,x,2\n", "0.5,,began,1,2\n", "nan,3,began,1,2\n", "0.5,3,1,1,2\n",
        "0.5,3,began,1.,2\n", "0.5,3,began,+1,2\n", "0.5,3,began,1,2\r\r\n", "# comment\n", "\n", "\r\n",
        "0.5,3,began,1234567890123456,2\n", "0.5,\u{1},began,1,2\n", "0.5,a b,began,1,2\n", "0.5,3,began ,1,2\n",
        "0.5,3,began,1,2 \n", "0.5,\"a\"\"b\",began,1,2\n", "0.5,3,began,1,2",
        "0.5,3\t,began,1,2\n", "0.5,123456789\t,began,1,2\n", "0.5,3,canc\u{1}elled,1,2\n", "0.5,3,cancelled1,1,2\n",
    ]

    @Test("each row alone: the same outcome both ways, and the common ones read in one pass")
    func eachRowAlone() {
        for (k, row) in (Self.common + Self.other).enumerated() {
            let text = Array((Self.header + row + "9,3,ended,1,2\n").utf8)
            let (plain, fast) = Self.readBothWays(text, chunkSize: 1 << 16)
            #expect(fast.outcomes == plain.outcomes, "\(row.debugDescription)")
            #expect(plain.onePassRows == 0)
            // A common row and the last row are read in one pass; another shape never is (the last
            // row may then be too, or be read with a skipped comment or blank line before it).
            if k < Self.common.count {
                #expect(fast.onePassRows == 2, "\(row.debugDescription)")
            } else {
                #expect(fast.onePassRows <= 1, "\(row.debugDescription)")
            }
        }
    }

    @Test("a row of bytes that are not UTF-8 as its id: the same error both ways")
    func invalidUTF8Name() {
        let text = Array(Self.header.utf8) + Array("0.5,".utf8) + [0xFF, 0xFE] + Array(",began,1,2\n".utf8)
        let (plain, fast) = Self.readBothWays(text, chunkSize: 1 << 16)
        #expect(fast.outcomes == plain.outcomes)
        guard case .error(let error) = fast.outcomes.last else {
            Issue.record("expected an error, got \(fast.outcomes)")
            return
        }
        #expect(error.diagnostic.message.contains("not valid UTF-8"))
    }

    @Test("random traces in small chunks: the same rows, positions, names and errors")
    func randomTraces() {
        var random = SplitMix64(seed: 45)
        let traces = TestScale.count(200)
        var onePassRows = 0
        for _ in 0..<traces {
            var text = random.next() % 3 == 0 ? "time,touch,type,x,y\r\n" : Self.header
            for _ in 0..<Int(random.next() % 40) {
                // Mostly common rows; now and then another shape (an error ends the read there).
                let pool = random.next() % 8 == 0 ? Self.other : Self.common
                text += pool[Int(random.next() % UInt64(pool.count))]
            }
            let chunkSize = 1 + Int(random.next() % 48)
            let (plain, fast) = Self.readBothWays(Array(text.utf8), chunkSize: chunkSize)
            #expect(fast.outcomes == plain.outcomes, "\(text.debugDescription), chunks of \(chunkSize)")
            onePassRows += fast.onePassRows
        }
        // The comparison means something only if the one-pass read took rows.
        #expect(onePassRows > traces)
    }
}
