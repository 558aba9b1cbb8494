import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading

/// csv-spectrum through the CSV *trace* reader (`Reading/CSVSpectrumTests` checks the field
/// splitter it is built on).
///
/// Each spectrum file becomes a trace without re-quoting anything: its header gets the columns
/// `t,phase,x,y` in front and one of its own columns renamed `id`, and each record's first line
/// gets values for those four columns in front. The record starts come from the expected JSON
/// (a record spans one line plus the line breaks inside its values), not from a parse. The trace
/// reader must then give one row per expected record, at that record's line, whose touch id is the
/// expected value of the renamed column (trimmed of spaces and tabs, as the reader documents;
/// an empty value is an "empty touch id" error at that record). Every column of every file is
/// checked this way: quoted fields, embedded commas, quotes and line breaks, empty fields, CRLF
/// and UTF-8.
@Suite("csv-spectrum through the CSV trace reader")
struct CSVSpectrumReaderTests {
    typealias C = ConformanceSupport

    /// The vendored suite (`Tests/Fixtures/csv-spectrum`); missing is a failure.
    static func directory() throws -> String { try Fixtures.folder("csv-spectrum") }

    struct File: Sendable, CustomTestStringConvertible {
        let name: String
        var testDescription: String { name }
    }

    static let files: [File] = {
        guard let dir = try? directory() else { return [] }
        return PackageFiles.listDirectory(dir + "/csvs").filter { $0.hasSuffix(".csv") }.map { File(name: String($0.dropLast(4))) }
    }()

    @Test
    func allTwelveFiles() throws {
        _ = try Self.directory()
        #expect(Self.files.count == 12)
    }

    @Test(arguments: files)
    func everyColumnAsTheTouchID(_ file: File) throws {
        let dir = try Self.directory()
        let csv = try PackageFiles.bytes(atPath: "\(dir)/csvs/\(file.name).csv")
        let expectedJSON = try JSONParser().parse(contentsOf: "\(dir)/json/\(file.name).json")
        // location_coordinates.json is a single object rather than an array of one.
        let expectedRecords = expectedJSON.objectValue != nil ? [expectedJSON] : expectedJSON.arrayValue
        var records = try #require(expectedRecords, "\(file.name): expected an array").map { value in
            (value.objectValue ?? []).map { ($0.key, $0.value.stringValue ?? "") }
        }
        // The physical lines of the file (LF-separated; a CR stays with its line).
        var lines = csv.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var headerLine = lines[0]
        if headerLine.last == 0x0D { headerLine.removeLast() }
        let header = String(decoding: headerLine, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if file.name == "location_coordinates" {
            // Upstream's JSON is inconsistent (a different phone number, and a single object; see the
            // folder's README): check the other columns against it, the phone number against the CSV.
            records = records.map { $0.map { $0.0 == "Contact Phone Number" ? ($0.0, "2095257564") : $0 } }
        }
        // Line (1-based) on which each record starts.
        var starts: [Int] = []
        var line = 2
        for record in records {
            starts.append(line)
            line += 1 + record.reduce(0) { $0 + $1.1.utf8.filter { $0 == 0x0A }.count }
        }
        #expect(line - 1 == lines.count, "\(file.name): the records do not cover the file")

        for (column, columnName) in header.enumerated() {
            var renamed = header
            renamed[column] = "id"
            var trace: [[UInt8]] = [Array(("t,phase,x,y," + renamed.joined(separator: ",")).utf8) + (lines[0].last == 0x0D ? [0x0D] : [])]
            var next = 0
            for (index, lineBytes) in lines.enumerated().dropFirst() {
                if next < starts.count && starts[next] == index + 1 {
                    trace.append(Array("\(next),began,\(next),0,".utf8) + lineBytes)
                    next += 1
                } else {
                    trace.append(lineBytes)
                }
            }
            let bytes = Array(trace.joined(separator: [0x0A])) + (csv.last == 0x0A ? [0x0A] : [])
            let values = records.map { record in record.first { $0.0 == columnName }?.1 ?? "<missing>" }
            let firstEmpty = values.firstIndex { $0.trimmingSpacesAndTabs().isEmpty }

            switch C.read(bytes, .csv, name: file.name) {
            case .success(let read):
                #expect(firstEmpty == nil, "\(file.name), column \(columnName): an empty value must be an error")
                #expect(read.rows.count == records.count, "\(file.name), column \(columnName)")
                for (k, row) in read.rows.enumerated() where k < records.count {
                    #expect(
                        read.names.text(of: row.touch) == values[k].trimmingSpacesAndTabs(),
                        "\(file.name), column \(columnName), record \(k)")
                    #expect(row.positions.row.line == starts[k], "\(file.name), record \(k) starts on line \(starts[k])")
                    #expect(row.time == Double(k) && row.x == Double(k), "\(file.name), record \(k): the columns are misaligned")
                }
            case .failure(let error):
                let k = try #require(firstEmpty, "\(file.name), column \(columnName): \(DiagnosticFormatter().format(error))")
                #expect(error.diagnostic.message == "empty touch id")
                #expect(error.diagnostic.location?.line == starts[k], "\(DiagnosticFormatter().format(error))")
            }
        }
    }
}
