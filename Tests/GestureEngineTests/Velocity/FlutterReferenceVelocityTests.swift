import Foundation
import GestureEngine
import Testing

/// One stroke of Flutter's `velocity_tracker_test.dart` with the velocity expected at its lift.
struct FlutterStrokeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var rows: [VelocityTraceRow]
    var expected: Vector
    var samplesUsed: Int

    var testDescription: String { name }
}

private struct FlutterExpectedFile: Decodable {
    struct Case: Decodable {
        var touch_id: Int
        var expected_vx: Double
        var expected_vy: Double
        var samples_used: Int
    }
    struct Interrupted: Decodable {
        var file: String
        var touch_id: Int
        var expected_vx: Double
        var expected_vy: Double
        var samples_used: Int
    }
    struct Tolerance: Decodable {
        var kind: String
        var value: Double
    }
    var cases: [Case]
    var interrupted_case: Interrupted
    var tolerance: Tolerance
}

enum FlutterReference {
    static let expectedFile = "flutter/flutter_velocity_expected.json"
    static let eventsFile = "flutter/flutter_velocity_events.csv"

    /// The 13 strokes, then the interrupted stroke; or the error that prevented loading them.
    static let loaded: Result<(cases: [FlutterStrokeCase], tolerance: Double), any Error> = Result {
        let data = try Data(contentsOf: VelocityReference.url(expectedFile))
        let file = try JSONDecoder().decode(FlutterExpectedFile.self, from: data)
        guard file.tolerance.kind == "relative per axis" else {
            throw VelocityReferenceError.malformed("unexpected tolerance kind \(file.tolerance.kind)")
        }
        let rows = try readRows(eventsFile)
        var cases = file.cases.map { c in
            FlutterStrokeCase(
                name: "stroke \(c.touch_id)",
                rows: rows.filter { $0.touchID == c.touch_id },
                expected: Vector(dx: c.expected_vx, dy: c.expected_vy),
                samplesUsed: c.samples_used)
        }
        let i = file.interrupted_case
        cases.append(
            FlutterStrokeCase(
                name: "stroke \(i.touch_id) interrupted by a 40 ms pause",
                rows: try readRows("flutter/" + i.file).filter { $0.touchID == i.touch_id },
                expected: Vector(dx: i.expected_vx, dy: i.expected_vy),
                samplesUsed: i.samples_used))
        return (cases, file.tolerance.value)
    }

    static var cases: [FlutterStrokeCase] { (try? loaded.get())?.cases ?? [] }

    private static func readRows(_ path: String) throws -> [VelocityTraceRow] {
        try VelocityReference.csvRows(path).map { r in
            VelocityTraceRow(
                time: try VelocityReference.double(r, "t_seconds"),
                touchID: try VelocityReference.int(r, "touch_id"),
                phase: r["phase"] ?? "",
                position: Point(x: try VelocityReference.double(r, "x"), y: try VelocityReference.double(r, "y")),
                isResampled: false)
        }
    }

    /// Replays one stroke the way Flutter's test does: down and move positions are samples,
    /// the velocity is read at the lift (whose position is not added).
    static func releaseVelocity(of stroke: FlutterStrokeCase, kind: VelocityEstimatorKind = .flutter) -> Vector? {
        var tracker = kind.makeEstimator()
        for row in stroke.rows {
            switch row.phase {
            case "began", "moved": tracker.addSample(time: row.time, position: row.position)
            case "ended": tracker.addLift(time: row.time, position: row.position)
            default: Issue.record("unexpected phase \(row.phase) in \(stroke.name)")
            }
        }
        return tracker.velocity()
    }
}

// The vectors are vendored in Tests/Fixtures/velocity: if they are missing, referenceLoads fails.
@Suite("Flutter VelocityTracker test vectors")
struct FlutterReferenceVelocityTests {
    @Test("reference files load: 13 strokes plus the interrupted one, each lifted once")
    func referenceLoads() throws {
        let (cases, tolerance) = try FlutterReference.loaded.get()
        #expect(cases.count == 14)
        #expect(tolerance == 0.001)
        for stroke in cases {
            #expect(stroke.rows.first?.phase == "began", "\(stroke.name)")
            #expect(stroke.rows.last?.phase == "ended", "\(stroke.name)")
            #expect(stroke.rows.filter { $0.phase == "ended" }.count == 1, "\(stroke.name)")
        }
    }

    @Test("release velocity within 0.1 % per axis", arguments: FlutterReference.cases)
    func releaseVelocity(_ stroke: FlutterStrokeCase) throws {
        let tolerance = try FlutterReference.loaded.get().tolerance
        let v = try #require(FlutterReference.releaseVelocity(of: stroke))
        #expect(relativeError(v.dx, stroke.expected.dx) < tolerance, "vx \(v.dx) expected \(stroke.expected.dx)")
        #expect(relativeError(v.dy, stroke.expected.dy) < tolerance, "vy \(v.dy) expected \(stroke.expected.dy)")
    }

    @Test("interrupted stroke matches the exact androidx value")
    func interruptedExact() throws {
        let stroke = try #require(FlutterReference.cases.last)
        let v = try #require(FlutterReference.releaseVelocity(of: stroke))
        // exact_value_from_androidx_compose_test in flutter_velocity_expected.json
        #expect(relativeError(v.dx, 649.48932102748) < 1e-6, "vx \(v.dx)")
        #expect(relativeError(v.dy, 3890.30505589076) < 1e-6, "vy \(v.dy)")
    }

    @Test("adding the lift position as a sample would spoil stroke 1 (README warning)")
    func liftIsNotASample() throws {
        let stroke = try #require(FlutterReference.cases.first)
        var tracker = VelocityTracker(kind: .flutter)
        for row in stroke.rows { tracker.addSample(time: row.time, position: row.position) }
        let v = try #require(tracker.velocity())
        #expect(relativeError(v.dx, stroke.expected.dx) > 0.1, "vx with lift sample: \(v.dx)")
    }
}
