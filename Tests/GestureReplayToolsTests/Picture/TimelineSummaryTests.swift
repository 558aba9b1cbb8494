import Foundation
import Testing
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// Issue 49, item 5: a long, dense recording (Tests/Fixtures/pictures/ten-minutes.synth: 2,000
/// gestures in 10 minutes on the default scene) gives a picture whose timeline counts each
/// recognizer's outcomes per time bucket, every one of them (not only the transitions a picture
/// keeps), and suggests `--from/--to` for the marks. Its time and size are measured with the
/// release build (docs/pictures.md), not here.
@Suite("A dense timeline, summarised")
struct TimelineSummaryTests {
    /// The fixture's first gestures (all of them at full scale), as a JSON trace in `folder`.
    static func denseTrace(in folder: TemporaryFolder) throws -> String {
        let text = try String(contentsOfFile: PackageFiles.path("Tests/Fixtures/pictures/ten-minutes.synth"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let gestures = TestScale.count(2000, multipleOf: 100)
        let kept = lines.filter { !$0.hasPrefix("at ") } + lines.filter { $0.hasPrefix("at ") }.prefix(gestures)
        let document = try SynthParser.parse(kept.joined(separator: "\n") + "\n", path: "ten-minutes.synth")
        return try folder.write("ten-minutes.json", SynthTraceWriter.text(Synthesizer.generate(document.variants[0].script), as: .json))
    }

    /// `--summary`'s counts per recognizer: name -> (recognized, failed, cancelled).
    static func summary(_ path: String) throws -> [String: [Int]] {
        var options = ReplayOptions()
        options.output.summary = true
        options.output.shownStates = []
        var out = OutputBuffer(fileDescriptor: nil)
        try LiveReplay.replay(.path(path), options: options, output: &out)
        var result: [String: [Int]] = [:]
        for line in out.text.split(separator: "\n") where line.contains(" recognized ") && line.contains(" failed ") {
            let words = line.split(separator: " ")
            func after(_ w: String) -> Int { Int(words[words.firstIndex(of: Substring(w))! + 1])! }
            result[String(words[0])] = [after("recognized"), after("failed"), after("cancelled")]
        }
        return result
    }

    @Test("every outcome counted in its lane's buckets, as --summary counts them")
    func countsPerBucket() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try Self.denseTrace(in: folder)
        let svg = try Picture.svg(path, options: ReplayOptions(), title: "ten-minutes")
        let expected = try Self.summary(path)
        let lanes = SVGScan(svg).groups("lane recognizer summary")
        #expect(lanes.count == 12, "one summarised lane per recognizer of the default scene")
        #expect(SVGScan(svg).groups("lane recognizer\"").isEmpty, "no lane drawn mark by mark")
        var seen = 0
        for lane in SVGScan(svg).svg.components(separatedBy: "<g class=\"lane recognizer summary\">").dropFirst() {
            let body = lane.components(separatedBy: "<g class=\"lane ").first!
            let name = try #require(SVGScan.between(body, "<title>\u{2068}", "\u{2069}"))
            var counted = [0, 0, 0]
            for bucket in body.components(separatedBy: "<g class=\"bucket\"><title>").dropFirst() {
                let title = bucket.components(separatedBy: "</title>")[0]
                let numbers = title.components(separatedBy: ": ").last!.components(separatedBy: ", ").map {
                    Int($0.split(separator: " ").last!)!
                }
                for k in 0..<3 { counted[k] += numbers[k] }
            }
            #expect(counted == expected[name], "\(name): buckets \(counted), --summary \(expected[name] ?? [])")
            seen += 1
        }
        #expect(seen == expected.count)
        // The touches lane counts every touch-down; the note says how to see the marks.
        let touches = try #require(SVGScan.between(svg, "<g class=\"lane touch summary\">", "</g>"))
        let downs = touches.components(separatedBy: "<title>").dropFirst().map { Int($0.split(separator: " ")[0])! }.reduce(0, +)
        #expect(touches.contains(">touches (\(downs))</text>"))
        #expect(svg.contains("(marks would overlap); PictureWindow.from/PictureWindow.to draws a part mark by mark"))
        #expect(svg.utf8.count < 5_000_000)
    }

    @Test("a short trace keeps its marks")
    func sparse() throws {
        let svg = try Picture.svg(PackageFiles.path("Traces/default-scene.csv"), options: ReplayOptions(), title: "t")
        #expect(!svg.contains("lane recognizer summary") && !svg.contains("marks would overlap"))
    }

    @Test("buckets: round durations, clamped, the --summary rule")
    func buckets() {
        var b = OutcomeBuckets(from: 10, to: 610)
        #expect(b.origin == 10 && b.seconds == 10)
        #expect(
            b.bucket(9) == 0 && b.bucket(10) == 0 && b.bucket(19.99) == 0 && b.bucket(20) == 1
                && b.bucket(1e300) == OutcomeBuckets.maximumBuckets - 1)
        b.add(lane: 1, previous: .possible, state: .began, at: 25)
        b.add(lane: 1, previous: .changed, state: .ended, at: 26)  // counted at began, as --summary does
        b.add(lane: 1, previous: .possible, state: .failed, at: 35)
        b.add(lane: 0, previous: .possible, state: .ended, at: 11)
        #expect(b.lanes[1][1] == .init(recognized: 1, failed: 0, cancelled: 0) && b.lanes[1][2].failed == 1)
        #expect(b.totals.map(\.total) == [1, 2] && b.count == 3)
    }
}
