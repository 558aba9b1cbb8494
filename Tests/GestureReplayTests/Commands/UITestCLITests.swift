import Foundation
import Testing

/// UI-test gestures (docs/ui-tests.md) through the command line: sniffed, `--input-format`,
/// `--element`, `--move-interval`, `--density`, in replay, check, render, stats and convert.
@Suite("UI-test gestures on the command line")
struct UITestCLITests {
    static let pinch = "Tests/Fixtures/ui-tests/w3c/pinch.json"
    static let swipe = "Tests/Fixtures/ui-tests/appium/swipe.json"

    @Test("a W3C description replays from its path and from standard input alike")
    func pathAndStandardInput() throws {
        let file = try BinaryRunner.run(["--states", "began", Self.pinch])
        #expect(file.status == 0, "\(file)")
        #expect(file.stdout.contains("pinch           pinch           possible -> began"))
        #expect(
            file.stderr.hasSuffix("note: 62 rows sampled inside pointerMove durations every 16 ms (--move-interval) (docs/ui-tests.md)\n"))
        let stdin = try BinaryRunner.run(["--states", "began", "-"], stdin: try BinaryRunner.packageData(Self.pinch))
        #expect(stdin.stdout == file.stdout)
    }

    @Test("--move-interval changes the sampling; --element places an element; bad values are usage errors")
    func options() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let coarse = try BinaryRunner.run(["convert", "--to", "jsonl", "--move-interval", "50", Self.swipe])
        #expect(coarse.status == 0, "\(coarse)")
        #expect(coarse.stdout.split(separator: "\n").count == 4)
        #expect(coarse.stdout.contains(#"{"t": 0.05, "id": 1, "phase": "moved", "x": 200.0, "y": 400.0}"#))
        let tap = try dir.write(
            "tap.json",
            #"{"actions": [{"action": "tap", "options": {"element": "ok"}}]}"#)
        let placed = try BinaryRunner.run(["convert", "--to", "jsonl", "--element", "ok=10,20,100,40", tap])
        #expect(placed.stdout.hasPrefix(#"{"t": 0.0, "id": 1, "phase": "began", "x": 60.0, "y": 40.0}"#), "\(placed)")
        let undefined = try BinaryRunner.run([tap])
        #expect(undefined.status == 65)
        #expect(undefined.stderr.contains("tap.json:1:55: error: actions[0].options.element: element 'ok' is not defined"), "\(undefined)")
        let bad = try BinaryRunner.run(["--element", "ok=1,2,3", tap])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("invalid value 'ok=1,2,3' for --element"))
        let badInterval = try BinaryRunner.run(["--move-interval", "0", tap])
        #expect(badInterval.status == 2)
        // Numbers as a scene file writes them (decimalNumber, as --set): no hexadecimal.
        let hexInterval = try BinaryRunner.run(["--move-interval", "0x10", tap])
        #expect(hexInterval.status == 2)
        #expect(hexInterval.stderr.contains("invalid value '0x10' for --move-interval"), "\(hexInterval)")
        let notUITest = try BinaryRunner.run(["--move-interval", "20", "Traces/double-tap.json"])
        #expect(notUITest.status == 2)
        #expect(notUITest.stderr.contains("--move-interval and --element apply to UI-test descriptions"), "\(notUITest)")
    }

    @Test("--input-format forces a UI-test format; --density reads Appium pixels")
    func forcedFormatAndDensity() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let copy = try dir.copy(Self.swipe, as: "swipe.txt")
        let forced = try BinaryRunner.run(["convert", "--to", "jsonl", "--input-format", "appium", "--density", "2", copy])
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout.hasPrefix(#"{"t": 0.0, "id": 1, "phase": "began", "x": 150.0, "y": 200.0}"#))
        let wrong = try BinaryRunner.run(["--input-format", "webkit-events", copy])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("swipe.txt:1:1: error: missing key 'events' in the document"), "\(wrong)")
    }

    @Test("check keeps a UI-test gesture's golden; render draws it; stats counts it")
    func checkRenderStats() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let copy = try dir.copy(Self.pinch, as: "pinch.json")
        let update = try BinaryRunner.run(["check", "--update", copy])
        #expect(update.status == 0, "\(update)")
        let check = try BinaryRunner.run(["check", copy])
        #expect(check.status == 0, "\(check)")
        let svg = try BinaryRunner.run(["render", copy])
        #expect(svg.status == 0 && svg.stdout.contains("<svg "), "\(svg.stderr)")
        let stats = try BinaryRunner.run(["stats", dir.path])
        #expect(stats.status == 0, "\(stats)")
        #expect(stats.stdout.contains("pinch"), "\(stats.stdout)")
    }
}
