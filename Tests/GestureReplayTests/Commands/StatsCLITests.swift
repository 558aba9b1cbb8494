import Foundation
import TestSupport
import Testing

@Suite("stats, stats --merge, compare and --set on the command line")
struct StatsCLITests {
    @Test("stats: a table per recognizer; a broken trace is listed, the rest counted, exit 65")
    func statsTable() throws {
        let clean = try BinaryRunner.run(["stats", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*", "-j", "2"])
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout.hasPrefix("34 traces counted, 0 broken\n"), "\(clean)")
        #expect(
            clean.stdout.contains("\nrecognizer                 kind                 attempts  recognized  failed  cancelled\n"), "\(clean)"
        )
        #expect(clean.stdout.contains("  doubleTap (tap)\n    2  moved N pt > allowableMovement N pt\n"), "\(clean)")
        #expect(clean.stdout.contains("  pinch         pinch           scale              3  1.000   2.199"), "\(clean)")

        let all = try BinaryRunner.run(["stats", "Traces/", "--exclude", "recorded/*"])
        #expect(all.status == 65, "\(all)")
        #expect(all.stdout.hasPrefix("34 traces counted, 4 broken\n"), "\(all)")
        #expect(
            all.stdout.contains(
                "\nbroken traces (not counted):\n  Traces/errors/moved-before-began.json:3:35: error: touch 2 moved but is not down\n"),
            "\(all)")
        // The counted part is the same as without the broken ones.
        #expect(all.stdout.contains(clean.stdout.dropFirst("34 traces counted, 0 broken\n".count)), "\(all)")
    }

    @Test("help stats/compare: --velocity changes the pans' velocities; a broken trace's own status (65, 66); no trace: 1")
    func corpusHelp() throws {
        for command in ["stats", "compare"] {
            let help = try BinaryRunner.run(["help", command])
            #expect(help.status == 0)
            #expect(help.stdout.contains("for --touches and for the pans,\n"), "\(help)")
            #expect(help.stdout.contains("(65 invalid, 66 cannot open)"), "\(help)")
            #expect(help.stdout.contains("no trace is found"), "\(help)")
        }
        let help = try BinaryRunner.run(["--help"])
        #expect(help.stdout.contains("stats: no trace was found;\n      compare: an outcome changed, or no trace was found)"), "\(help)")
        // compare's count line: singular as stats' ("1 trace counted").
        let one = try BinaryRunner.run(["compare", "Traces/double-tap.json", "--b-set", "tap.allowableMovement=2"])
        #expect(one.stdout.contains("\n1 trace, 1 changed outcome\n"), "\(one)")
    }

    @Test("stats of no traces: exit 1, the note on stdout (text) or stderr (JSON, which stays parseable)")
    func noTraces() throws {
        let dir = try TemporaryFolder()
        let text = try BinaryRunner.run(["stats", dir.path])
        #expect(text.status == 1)
        #expect(text.stdout.hasSuffix("gesturereplay: no traces found under \(dir.path)\n"), "\(text)")
        let json = try BinaryRunner.run(["stats", "-f", "json", dir.path])
        #expect(json.status == 1)
        #expect(json.stdout.hasSuffix("\"recognizers\": []\n}\n"), "\(json)")
        #expect(json.stderr == "gesturereplay: no traces found under \(dir.path)\n", "\(json)")
    }

    @Test("--shard I/N on N machines, then stats --merge: byte for byte the whole run (N = 2, 3, 5; text and JSON)")
    func shardsMerge() throws {
        let dir = try TemporaryFolder()
        let whole = try BinaryRunner.run(["stats", "--format", "json", "Traces/"])
        #expect(whole.status == 65)
        let wholeText = try BinaryRunner.run(["stats", "Traces/"])
        for n in [2, 3, 5] {
            var files: [String] = []
            for i in 1...n {
                let shard = try BinaryRunner.run(["stats", "--format", "json", "--shard", "\(i)/\(n)", "-j", "1", "Traces/"])
                files.append(try dir.write("shard-\(n)-\(i).json", shard.stdout))
            }
            let merged = try BinaryRunner.run(["stats", "--merge", "--format", "json"] + files.reversed())
            #expect(merged.stdout == whole.stdout, "\(n) shards")
            #expect(merged.status == whole.status)
            let mergedText = try BinaryRunner.run(["stats", "--merge"] + files)
            #expect(mergedText.stdout == wholeText.stdout, "\(n) shards")
        }
    }

    @Test("stats --merge refuses shards of different configurations, naming the field, and the same shard twice")
    func mergeRefusals() throws {
        let dir = try TemporaryFolder()
        let a = try dir.write("a.json", try BinaryRunner.run(["stats", "-f", "json", "--shard", "1/2", "Traces/"]).stdout)
        let b = try dir.write(
            "b.json",
            try BinaryRunner.run(["stats", "-f", "json", "--shard", "2/2", "--set", "tap.allowableMovement=20", "Traces/"]).stdout)
        let r = try BinaryRunner.run(["stats", "--merge", a, b])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.stderr.hasPrefix(
                "\(b):7:5: error: cannot merge stats of different configurations: 'set' is \"tap.allowableMovement=20\" here but \"\" in \(a)"
            ),
            "\(r)")
        #expect(r.stdout.isEmpty)
        let twice = try BinaryRunner.run(["stats", "--merge", a, a])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("is counted in both \(a) and \(a) (the same shard twice?)"), "\(twice)")
        // The same traces under another spelling of the folder are still the same traces.
        let dotted = try dir.write("c.json", try BinaryRunner.run(["stats", "-f", "json", "--shard", "1/2", "./Traces"]).stdout)
        let respelled = try BinaryRunner.run(["stats", "--merge", a, dotted])
        #expect(respelled.status == 65)
        #expect(respelled.stderr.contains("error: cannot merge: trace './Traces/"), "\(respelled)")
    }

    /// Issue 44, D15: one range for every count read and written (CorpusStats.maximumCount): a merge
    /// of counts past 2^32 - 1 reads back, merges of merges too; a merge that could pass the range is
    /// refused, never written.
    @Test("stats --merge reads every count it writes, and refuses a merge past the range")
    func mergeCountRange() throws {
        let dir = try TemporaryFolder()
        func shard(_ trace: String, attempts: Int) throws -> String {
            let text = try BinaryRunner.run(["stats", "-f", "json", trace]).stdout
            let edited = text.replacing(/"attempts": [0-9]+/, with: "\"attempts\": \(attempts)")
            #expect(edited != text)
            return edited
        }
        // Three disjoint shards of the same recognizers: one trace under three names.
        let trace = try String(contentsOf: BinaryRunner.tracesDirectory.appendingPathComponent("double-tap.json"), encoding: .utf8)
        let traces = try (0..<3).map { try dir.write("t\($0).json", trace) }
        let h0 = try dir.write("h0.json", try shard(traces[0], attempts: 4_294_967_295))
        let h1 = try dir.write("h1.json", try shard(traces[1], attempts: 4_294_967_295))
        let h2 = try dir.write("h2.json", try shard(traces[2], attempts: 4_294_967_295))
        let m = try BinaryRunner.run(["stats", "--merge", "-f", "json", h0, h1])
        #expect(m.status == 0, "\(m)")
        #expect(m.stdout.contains("8589934590"), "\(m.stdout)")
        let mPath = try dir.write("m.json", m.stdout)
        let mm = try BinaryRunner.run(["stats", "--merge", "-f", "json", mPath, h2])
        #expect(mm.status == 0, "\(mm)")
        #expect(mm.stdout.contains("12884901885"), "\(mm.stdout)")
        // At the top of the range, a merge that could pass it is refused.
        let top = try dir.write("top.json", try shard(traces[0], attempts: 9_007_199_254_740_991))
        let past = try BinaryRunner.run(["stats", "--merge", "-f", "json", top, h1])
        #expect(past.status == 65 && past.stdout.isEmpty, "\(past)")
        #expect(past.stderr.hasPrefix("\(h1): error: cannot merge: the counts could add up to more than 9007199254740991"), "\(past)")
        let over = try dir.write("over.json", try shard(traces[0], attempts: 9_007_199_254_740_992))
        let r = try BinaryRunner.run(["stats", "--merge", over])
        #expect(r.status == 65 && r.stderr.contains("must be a whole number from 0 to 9007199254740991"), "\(r)")
    }

    @Test("stats --merge of a hand-edited or other-version file: file:line:column naming the field, exit 65")
    func mergeBadFile() throws {
        let dir = try TemporaryFolder()
        let good = try BinaryRunner.run(["stats", "-f", "json", "Traces/double-tap.json"]).stdout
        let v2 = try dir.write("v2.json", good.replacing("\"version\": 1", with: "\"version\": 2"))
        let r = try BinaryRunner.run(["stats", "--merge", v2])
        #expect(r.status == 65)
        #expect(r.stderr == "\(v2):3:14: error: stats: field 'version' is 2; this gesturereplay reads version 1\n", "\(r)")
        let edited = try dir.write("e.json", good.replacing("\"failed\": 1", with: "\"failed\": -1"))
        let e = try BinaryRunner.run(["stats", "--merge", edited])
        #expect(e.status == 65)
        #expect(
            e.stderr.contains("error: stats: field 'recognizers[1].failed' must be a whole number from 0 to 9007199254740991, not -1"),
            "\(e)")
        let usage = try BinaryRunner.run(["stats", "--merge", "--scene", "x.json", v2])
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("gesturereplay: error: stats --merge takes only --format"), "\(usage)")
    }

    @Test("--set on replay, check, test and stats: usage errors list the valid properties; in NAME.args at file:line:column")
    func setErrors() throws {
        for command in [[], ["check"], ["test"], ["stats"]] {
            let r = try BinaryRunner.run(command + ["--set", "doubleTap.bogus=1", "Traces/double-tap.json"])
            let message =
                "invalid value 'doubleTap.bogus=1' for --set: unknown parameter 'bogus' for a tap recognizer; expected one of: numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumTapInterval, maximumTapDuration, isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded\n"
            if command == ["test"] {
                // test reports each trace's failure (as for a --recognizers name a scene lacks).
                #expect(r.status == 1, "\(r)")
                #expect(r.stdout.contains("FAIL Traces/double-tap.json: gesturereplay: error: " + message), "\(r)")
            } else {
                #expect(r.status == 2, "\(command) \(r)")
                #expect(r.stderr.hasPrefix("gesturereplay: error: " + message), "\(command) \(r)")
            }
        }
        let dir = try TemporaryFolder()
        let trace = try dir.write("t.json", try BinaryRunner.packageFile("Traces/double-tap.json"))
        try dir.write("t.args", "# what if\n--summary --set single.numberOfTapsRequired=0\n")
        let check = try BinaryRunner.run(["check", trace])
        #expect(check.status == 65, "\(check)")
        #expect(
            check.stderr.hasPrefix(
                "\(dir.path)/t.args:2:17: error: numberOfTapsRequired must be a whole number from 1 to 1000000, not 0\n"),
            "\(check)")
        try dir.write("t.args", "--set=nope.x=1\n")
        let stats = try BinaryRunner.run(["stats", trace])
        #expect(stats.status == 65, "\(stats)")
        #expect(
            stats.stdout.contains(
                "\(dir.path)/t.args:1:7: error: unknown recognizer or kind 'nope'; recognizers: single, doubleTap; kinds: tap, "),
            "\(stats)")
        let shape = try BinaryRunner.run(["--set", "tap", "Traces/double-tap.json"])
        #expect(shape.status == 2)
        #expect(shape.stderr.hasPrefix("gesturereplay: error: invalid value 'tap' for --set: expected NAME.PROPERTY=VALUE"), "\(shape)")
    }

    @Test("stats/compare --set NAME: a trace whose scene lacks NAME is replayed without it; NAME in no scene (and no kind): exit 2")
    func setNameInSomeScenes() throws {
        // docs/scale.md's what-if over the corpus: doubleTap is in a few scenes only.
        let stats = try BinaryRunner.run([
            "stats", "Traces", "--exclude", "errors/*", "--exclude", "recorded/*", "--set", "doubleTap.maximumTapInterval=0.1",
        ])
        #expect(stats.status == 0, "\(stats)")
        #expect(stats.stdout.hasPrefix("34 traces counted, 0 broken\n"), "\(stats)")
        // Without it: 6 attempts, 3 recognized, 3 failed.
        #expect(
            stats.stdout.contains("\ndoubleTap                  tap                         9           0       9          0\n"), "\(stats)"
        )
        let compare = try BinaryRunner.run([
            "compare", "Traces", "--exclude", "errors/*", "--exclude", "recorded/*", "--b-set", "doubleTap.maximumTapInterval=0.1",
        ])
        #expect(compare.status == 1, "\(compare)")
        #expect(compare.stdout.contains("34 traces, 3 changed outcome\n"), "\(compare)")
        let goldens = try BinaryRunner.run([
            "compare", "Traces", "--exclude", "errors/*", "--exclude", "recorded/*", "--goldens", "--a-set",
            "doubleTap.maximumTapInterval=0.1",
        ])
        #expect(goldens.status == 1, "\(goldens)")
        #expect(goldens.stdout.contains("34 traces, 3 changed outcome\n"), "\(goldens)")

        // A name no scene has: a usage error naming it and listing the names seen.
        let seen = "recognizers: back, buttonTap, cardTap, doubleTap, drag, hold, labelTap, list.delayedTouchesBegan, list.pan, longPress, "
        for (command, option) in [
            (["stats", "--set"], "--set"), (["compare", "--a-set"], "--a-set"), (["compare", "--goldens", "--a-set"], "--a-set"),
        ] {
            let r = try BinaryRunner.run(
                command + ["nope.maximumTapInterval=0.1", "Traces", "--exclude", "errors/*", "--exclude", "recorded/*"])
            #expect(r.status == 2, "\(r)")
            #expect(
                r.stderr.hasPrefix(
                    "gesturereplay: error: invalid value 'nope.maximumTapInterval=0.1' for \(option): no trace's scene has a recognizer 'nope' and no kind is named so; \(seen)"
                ), "\(r)")
            #expect(r.stdout.isEmpty, "\(r)")
        }
        // A kind in no scene is still checked (on a new recognizer of the kind), and passes when valid.
        let kind = try BinaryRunner.run(["stats", "Traces/double-tap.json", "--set", "pinch.isEnabled=false"])
        #expect(kind.status == 0, "\(kind)")
    }

    @Test("--set changes the replay: every tap needs two taps, so single fails too")
    func setChangesReplay() throws {
        let r = try BinaryRunner.run([
            "--set", "tap.numberOfTapsRequired=2", "--set", "doubleTap.numberOfTapsRequired=3", "Traces/double-tap.json",
        ])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("doubleTap  tap  possible -> failed"), "\(r)")
        #expect(r.stdout.contains("single     tap  possible -> ended"), "\(r)")
    }

    @Test("compare: the traces that flipped between two --set configurations, exit 1; the same configuration: exit 0")
    func compare() throws {
        let changed = try BinaryRunner.run([
            "compare", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*", "--b-set", "tap.allowableMovement=2",
        ])
        #expect(changed.status == 1, "\(changed)")
        #expect(changed.stdout.contains("34 traces, 3 changed outcome\n"), "\(changed)")
        #expect(
            changed.stdout.contains(
                "  Traces/double-tap.json\n    A: doubleTap: ended; single: failed\n    B: doubleTap: failed; single: ended\n"),
            "\(changed)")
        #expect(changed.stdout.contains("doubleTap                  tap                             3  0         3  6"), "\(changed)")
        let same = try BinaryRunner.run(
            [
                "compare", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*", "--a-set", "tap.allowableMovement=10", "--b-set",
                "tap.allowableMovement=10",
            ])
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.contains("34 traces, 0 changed outcome\n"), "\(same)")
        let json = try BinaryRunner.run(["compare", "Traces/double-tap.json", "--b-set", "tap.allowableMovement=2", "-f", "json"])
        #expect(json.status == 1)
        #expect(
            json.stdout.contains(
                #""flipped":[{"path":"Traces/double-tap.json","a":"doubleTap: ended; single: failed","b":"doubleTap: failed; single: ended"}]"#
            ), "\(json)")
    }

    @Test("compare --a-scene/--b-scene: two scenes; a bad --b-set is a usage error (exit 2), not broken traces")
    func compareScenes() throws {
        let r = try BinaryRunner.run([
            "compare", "Traces/double-tap.json", "Traces/pinch.json", "--b-scene", "docs/examples/short-interval.scene.json",
        ])
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.hasPrefix("A: the common options\nB: --scene docs/examples/short-interval.scene.json\n2 traces, 2 changed outcome\n"),
            "\(r)")
        #expect(
            r.stdout.contains(
                "  Traces/double-tap.json\n    A: doubleTap: ended; single: failed\n    B: doubleTap: failed failed; single: ended ended\n"),
            "\(r)")
        let bad = try BinaryRunner.run(["compare", "Traces/double-tap.json", "--b-set", "tap.nope=1"])
        #expect(bad.status == 2, "\(bad)")
        #expect(
            bad.stderr.hasPrefix(
                "gesturereplay: error: invalid value 'tap.nope=1' for --b-set: unknown parameter 'nope' for a tap recognizer"), "\(bad)")
        #expect(bad.stdout.isEmpty)
        let shape = try BinaryRunner.run(["compare", "Traces/double-tap.json", "--a-set", "tap"])
        #expect(shape.status == 2, "\(shape)")
        #expect(shape.stderr.hasPrefix("gesturereplay: error: invalid value 'tap' for --a-set: expected NAME.PROPERTY=VALUE"), "\(shape)")
    }

    @Test("compare --goldens: counts per recognizer on both sides (text and JSON), equal to stats' with the goldens current")
    func compareGoldensCounts() throws {
        /// `name/kind -> [recognized, failed, cancelled]` of a JSON array of recognizers (`side`: nil, "a" or "b").
        func counts(_ recognizers: Any?, side: String?) -> [String: [Int]] {
            var result: [String: [Int]] = [:]
            for case let r as [String: Any] in recognizers as? [Any] ?? [] {
                let c = (side.map { r[$0] as? [String: Any] ?? [:] } ?? r)
                result["\(r["name"] ?? "")/\(r["kind"] ?? "")"] = ["recognized", "failed", "cancelled"].map { c[$0] as? Int ?? -1 }
            }
            return result
        }
        let stats = try BinaryRunner.run(["stats", "-f", "json", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*"])
        let compare = try BinaryRunner.run([
            "compare", "-f", "json", "Traces/", "--goldens", "--exclude", "errors/*", "--exclude", "recorded/*",
        ])
        #expect(compare.status == 0, "\(compare)")
        let statsJSON = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        let compareJSON = try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as? [String: Any]
        let expected = counts(statsJSON?["recognizers"], side: nil)
        #expect(expected.count > 20)
        #expect(counts(compareJSON?["recognizers"], side: "a") == expected)
        #expect(counts(compareJSON?["recognizers"], side: "b") == expected)

        // A what-if: the swipes' counts move on side A only (the JSON Lines golden of swipe-up.json counts too).
        let flipped = try BinaryRunner.run([
            "compare", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*", "--goldens", "--a-set",
            "swipe.numberOfTouchesRequired=2",
        ])
        #expect(flipped.status == 1, "\(flipped)")
        #expect(
            flipped.stdout.contains("\nrecognizer                 kind                 recognized A  B  failed A  B  cancelled A  B\n"),
            "\(flipped)")
        #expect(
            flipped.stdout.contains("\nswipeUp                    swipe                           0  2         5  3            0  0\n"),
            "\(flipped)")
        #expect(
            flipped.stdout.contains("\ndoubleTap                  tap                             3  3         3  3            0  0\n"),
            "\(flipped)")
        let swipeUp = "  Traces/swipe-up.json\n    A: swipeDown: failed; swipeLeft: failed; swipeRight: failed; swipeUp: failed\n"
        #expect(flipped.stdout.contains(swipeUp), "\(flipped)")
    }

    @Test("compare --goldens: the goldens as side B; unchanged traces compare equal, a what-if flips the swipes")
    func compareGoldens() throws {
        let same = try BinaryRunner.run(["compare", "Traces/", "--goldens", "--exclude", "errors/*", "--exclude", "recorded/*"])
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.contains("34 traces, 0 changed outcome\n"), "\(same)")
        #expect(!same.stdout.contains("\nchanged:\n"), "\(same)")
        let flipped = try BinaryRunner.run([
            "compare", "Traces/", "--exclude", "errors/*", "--exclude", "recorded/*", "--goldens", "--a-set",
            "swipe.numberOfTouchesRequired=2",
        ])
        #expect(flipped.status == 1, "\(flipped)")
        #expect(flipped.stdout.contains("  Traces/swipe-down.json\n    A: swipeDown: failed;"), "\(flipped)")
        // Broken traces: listed with their positioned errors, exit 65 (not a silent pass).
        let broken = try BinaryRunner.run(["compare", "Traces/", "--goldens"])
        #expect(broken.status == 65, "\(broken)")
        #expect(
            broken.stdout.contains(
                "\nbroken traces (not compared):\n  A: Traces/errors/moved-before-began.json:3:35: error: touch 2 moved but is not down\n"),
            "\(broken)")
        let json = try BinaryRunner.run([
            "compare", "Traces/errors/unknown-phase.csv", "Traces/double-tap.json", "--b-set", "tap.allowableMovement=2", "-f", "json",
        ])
        #expect(json.status == 65)
        #expect(
            json.stdout.contains(
                #""broken":[{"path":"Traces/errors/unknown-phase.csv","side":"A","exit":65,"error":"Traces/errors/unknown-phase.csv:5:12: error: unknown phase"#
            ), "\(json)")
        let usage = try BinaryRunner.run(["compare", "Traces/"])
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("gesturereplay: error: compare needs two configurations"), "\(usage)")
    }

    @Test("compare --goldens: a golden recording an error after some output is that error (unchanged, broken); fixed, it changed")
    func compareGoldensErrorAfterOutput() throws {
        let dir = try TemporaryFolder()
        let rows = "t,id,phase,x,y\n0.000,1,began,100,100\n0.020,1,moved,130,100\n0.040,1,moved,160,100\n0.060,1,ended,160,100\n"
        try dir.write("pan-then-bad.csv", rows + "2.000,2,moved,100,100\n")
        try dir.write("pan-then-bad.args", "--expect-error\n")
        let update = try BinaryRunner.run(["test", "--update", dir.path])
        #expect(update.status == 0, "\(update)")
        let golden = try String(contentsOfFile: dir.path + "/pan-then-bad.expected", encoding: .utf8)
        #expect(golden.contains("  pan             pan             possible -> began "), "\(golden)")
        #expect(golden.contains("\nerror (exit 65): pan-then-bad.csv:6:9: error: touch 2 moved but is not down\nnote: "), "\(golden)")

        let same = try BinaryRunner.run(["compare", dir.path, "--goldens"])
        #expect(same.status == 65, "\(same)")
        #expect(same.stdout.contains("1 trace, 0 changed outcome\n"), "\(same)")
        #expect(!same.stdout.contains("\nchanged:\n"), "\(same)")
        #expect(same.stdout.contains("\nbroken traces (not compared):\n  A: \(dir.path)/pan-then-bad.csv:6:9: error: touch 2"), "\(same)")

        // The bad row gone: the replay now ends where the golden records the error; the error's notes
        // are indented under its first line.
        try dir.write("pan-then-bad.csv", rows)
        let fixed = try BinaryRunner.run(["compare", dir.path, "--goldens"])
        #expect(fixed.status == 1, "\(fixed)")
        #expect(
            fixed.stdout.contains(
                "\n    golden: error: pan-then-bad.csv:6:9: error: touch 2 moved but is not down\n            note: no 'began' for touch 2 before this row\n"
            ), "\(fixed)")
    }
}
