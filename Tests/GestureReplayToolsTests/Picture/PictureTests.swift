import Foundation
import Testing
import GestureEngine
import TestSupport
@testable import TraceReplay
@testable import TraceReading
@testable import GestureReplayTools

/// `gesturereplay render`'s SVG (docs/pictures.md): well-formed XML, byte-stable goldens for two
/// sample traces (the pictures in docs/images), and bad input that still gives a valid picture.
@Suite("SVG pictures of replays")
struct PictureTests {
    static func svg(_ trace: String, title: String? = nil, _ configure: (inout ReplayOptions) -> Void = { _ in }) throws -> String {
        var options = ReplayOptions()
        configure(&options)
        return try Picture.svg(trace, options: options, title: title ?? trace)
    }

    static func expectWellFormed(_ svg: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let problem = XMLWellFormedness.problem(in: svg)
        #expect(problem == nil, "not well-formed XML: \(problem ?? "")", sourceLocation: sourceLocation)
    }

    @Test(
        "the checker itself rejects what is not well-formed",
        arguments: [
            "<svg><g></svg>", "<svg a=\"1\" a=\"2\"/>", "<svg>a < b</svg>", "<svg>&nbsp;</svg>", "<svg x=1/>",
            "<svg/><svg/>", "<svg>\u{1}</svg>", "<svg><title>a & b</title></svg>", "",
        ])
    func checkerRejects(_ text: String) {
        #expect(XMLWellFormedness.problem(in: text) != nil)
    }

    @Test("the checker accepts well-formed XML")
    func checkerAccepts() {
        #expect(
            XMLWellFormedness.problem(in: "<?xml version=\"1.0\"?>\n<svg a='1' b=\"&amp;&#60;&#x3C;\"><!-- c --><g/>t&lt;</svg>\n") == nil)
    }

    /// The pictures in docs/images are the goldens: `render` of the sample traces, byte for byte
    /// (regenerate with `gesturereplay render Traces/pinch.json -o docs/images/pinch.svg`, run
    /// from the package root, and review the picture).
    @Test(
        "golden pictures of sample traces",
        arguments: [
            ("Traces/pinch.json", "docs/images/pinch.svg"), ("Traces/moveme.json", "docs/images/moveme.svg"),
            ("Traces/scroll-buttons.json", "docs/images/scroll-buttons.svg"),
            ("Traces/scroll-paging.json", "docs/images/scroll-paging.svg"),
        ])
    func golden(_ trace: String, _ golden: String) throws {
        let render = { () throws(TraceError) -> String in
            try Picture.svg(PackageFiles.path(trace), options: ReplayOptions(), title: trace, spelling: Self.renderSpelling)
        }
        let picture = try render()
        Self.expectWellFormed(picture)
        let expected = try String(contentsOfFile: PackageFiles.path(golden), encoding: .utf8)
        #expect(picture == expected, "\(golden) differs from the picture of \(trace)")
        // Deterministic: the same bytes twice.
        #expect(try render() == picture)
    }

    /// How `render` names the options a picture's notes mention: the goldens are its output. (The
    /// command line's `OptionSpelling.commandLine`, pinned by `OptionHintSpellingTests`; this module
    /// does not import the command line.)
    static let renderSpelling = OptionSpelling { hint, value in
        let flag =
            [OptionHint.pictureFrom: "--from", .pictureTo: "--to", .everyOutcome: "render --all"][hint]
            ?? OptionSpelling.library.spell(hint)
        return value.map { flag + " " + $0 } ?? flag
    }

    @Test("the picture shows the parts the issue lists")
    func parts() throws {
        var checker = XMLWellFormedness()
        let picture = try Self.svg(PackageFiles.path("Traces/pinch.json"))
        #expect(checker.check(picture) == nil)
        // Two touch paths, their dots, start rings, end squares; markers with titles; lanes.
        #expect(checker.elements["polyline"] == 2)
        #expect(picture.contains("<g class=\"marker failed\"><title>(1) \u{2068}rotation\u{2069} (rotation) possible -> failed"))
        #expect(picture.contains("<g class=\"marker ended\"><title>(2) \u{2068}pinch\u{2069} (pinch) changed -> ended"))
        #expect(picture.contains("scale "))
        #expect(picture.contains("<g class=\"lane recognizer\"><text x=\"16\" y=\""))
        #expect(picture.components(separatedBy: "<g class=\"lane touch\">").count == 3)
        let marquee = try Self.svg(PackageFiles.path("Traces/marquee-down-right.json"))
        Self.expectWellFormed(marquee)
        #expect(marquee.contains("stroke-dasharray=\"5,3\""), "the marquee's selection rectangle")
        #expect(marquee.contains(", selection ("))
        let swipe = try Self.svg(PackageFiles.path("Traces/swipe-down.json"))
        #expect(swipe.contains("direction down"))
        let pan = try Self.svg(PackageFiles.path("Traces/pan-velocity.json"))
        #expect(pan.contains("marker-end=\"url(#arrow)\""), "a velocity arrow where the pan ends")
    }

    @Test("thousands of touches: the first drawn, lanes reused, the picture says so, still valid")
    func thousandsOfTouches() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var csv = "t,id,phase,x,y\n"
        for touch in 0..<3000 {
            let t0 = Double(touch) * 0.01
            csv += "\(t0),\(touch),began,\(touch % 390),\(touch % 844)\n"
            csv += "\(t0 + 0.004),\(touch),moved,\(touch % 390 + 1),\(touch % 844 + 1)\n"
            csv += "\(t0 + 0.008),\(touch),ended,\(touch % 390 + 2),\(touch % 844 + 2)\n"
        }
        let path = try folder.write("many.csv", csv)
        let picture = try Self.svg(path, title: "many.csv")
        Self.expectWellFormed(picture)
        #expect(
            picture.contains(
                "2600 touches after the first 400 not drawn (at most 400; PictureWindow.from/PictureWindow.to shows a later part)"))
        #expect(picture.components(separatedBy: "<polyline").count == 401)
        // 3,000 outcomes per recognizer: the timeline counts them per bucket, touches too.
        #expect(picture.components(separatedBy: "<g class=\"lane touch summary\">").count == 2)
        #expect(picture.contains(">touches (3000)</text>"))
        #expect(picture.utf8.count < 1_500_000)
    }

    @Test("zero-length paths, far off-screen points and XML special characters in names")
    func badInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let trace = """
            {"screen": {"width": 390, "height": 844},
             "scene": {"views": [{"name": "<v&\\"1'>", "frame": [10, 10, 100, 100]}],
                       "recognizers": [{"name": "t<&>\\"'", "kind": "tap"}]},
             "events": [
              {"t": 0, "id": "a<&>\\"'", "phase": "began", "x": 50, "y": 50},
              {"t": 0.05, "id": "a<&>\\"'", "phase": "ended", "x": 50, "y": 50},
              {"t": 0.06, "id": "c\\u0001", "phase": "began", "x": 60, "y": 60},
              {"t": 0.07, "id": "c\\u0001", "phase": "ended", "x": 60, "y": 60},
              {"t": 0.1, "id": 2, "phase": "began", "x": 1e9, "y": -1e9},
              {"t": 0.2, "id": 2, "phase": "moved", "x": -1e12, "y": 1e12},
              {"t": 0.3, "id": 2, "phase": "ended", "x": 100, "y": 100}
             ]}
            """
        let path = try folder.write("bad.json", trace)
        let picture = try Self.svg(path, title: "bad <&> \"trace\".json")
        Self.expectWellFormed(picture)
        #expect(picture.contains("view \u{2068}&lt;v&amp;&quot;1&apos;&gt;\u{2069}"))
        #expect(picture.contains("touch \u{2068}a&lt;&amp;&gt;&quot;&apos;\u{2069}"))
        // Scene names cannot hold control characters (issue #30): a touch id's is replaced.
        #expect(picture.contains("touch \u{2068}c\u{FFFD}\u{2069}"))
        #expect(picture.contains("drawn samples lie outside the screen and are drawn at its edge"))
        #expect(!picture.contains("nan") && !picture.contains("inf"))
    }

    @Test("a trace without a screen or views, and a single sample, still gives a picture")
    func minimal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("one.csv", "t,id,phase,x,y\n0,1,began,5,5\n0,1,ended,5,5\n")
        let picture = try Self.svg(path, title: "one.csv")
        Self.expectWellFormed(picture)
        #expect(picture.contains("<polyline"))
    }

    @Test("standard input is refused with a usage error (the trace is read twice)")
    func standardInput() {
        #expect(throws: TraceError.self) { try Picture.svg("-", options: ReplayOptions()) }
    }

    @Test("an invalid trace throws its positioned error, no picture")
    func invalidTrace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("bad.csv", "t,id,phase,x,y\n0,1,moved,5,5\n")
        #expect(throws: TraceError.self) { try Picture.svg(path, options: ReplayOptions()) }
    }
}
