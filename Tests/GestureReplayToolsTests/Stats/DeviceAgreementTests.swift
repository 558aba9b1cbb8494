import GestureEngine
import TestSupport
import Testing

@testable import GestureReplayTools
@testable import TraceReplay
@testable import TraceReading

/// `stats` over traces a truth recorder wrote (Traces/recorded/): how many of each kind's recorded
/// expectations the replay met, summed exactly, written and read back (issue 46).
@Suite("Stats: agreement with the device")
struct DeviceAgreementTests {
    static func stats(set: [String] = []) throws -> CorpusStats {
        let traces = try TraceSuite.discover([PackageFiles.root + "/Traces/recorded"], shard: nil)
        let overrides = try set.map { text throws(TraceError) in try SceneOverride(parsing: text) }
        let outcomes = CorpusRun.run(traces, jobs: 2) { _ throws(TraceError) in
            var o = ReplayOptions()
            o.scene.overrides = overrides
            return o
        }
        return CorpusRun.stats(outcomes, configuration: [.init("tool", "test")]) { DiagnosticFormatter().format($0) }
    }

    @Test func theRecordingsAgreeWithTheReplay() throws {
        let stats = try Self.stats()
        #expect(stats.counted.count == 4)
        #expect(
            stats.device.map(\.kind) == ["longPress", "pan", "pinch", "rotation", "screenEdgePan", "scrollViewPan", "swipe", "tap"])
        #expect(stats.device.allSatisfy { $0.expectations > 0 && $0.agreed == $0.expectations }, "\(stats.device)")
        #expect(stats.text().contains("agreement with the device (recorded expectations the replay met), per kind:"))
    }

    @Test func aChangedSettingLowersItsKindsAgreementOnly() throws {
        let stats = try Self.stats(set: ["hold.minimumPressDuration=0.8"])
        let press = try #require(stats.device.first { $0.kind == "longPress" })
        // hold's two transitions and its began and ended counts disagree.
        #expect(press.expectations - press.agreed == 4, "\(press)")
        #expect(stats.device.filter { $0.kind != "longPress" }.allSatisfy { $0.agreed == $0.expectations })
        #expect(stats.text().contains("  longPress                18      14  77.8\n"), "\(stats.text())")
    }

    @Test func theJSONReadsBackAndMergesBySum() throws {
        let stats = try Self.stats(set: ["hold.minimumPressDuration=0.8"])
        let json = stats.json()
        #expect(json.contains(#"  "device": ["#))
        let read = try CorpusStats.read(try JSONParser().parse(json, path: "s.json"))
        #expect(read.device == stats.device)
        var other = read
        other.counted = other.counted.map { $0 + ".copy" }
        let merged = CorpusStats.merged([read, other])
        #expect(merged.device.map(\.expectations) == stats.device.map { $0.expectations * 2 })
        #expect(merged.device.map(\.agreed) == stats.device.map { $0.agreed * 2 })
        // A hand-edited file that claims more agreements than expectations: an error at the value.
        let bad = json.replacingOccurrences(of: #""expectations": 18, "agreed": 14"#, with: #""expectations": 18, "agreed": 19"#)
        #expect(bad != json)
        #expect(throws: TraceError.self) { try CorpusStats.read(try JSONParser().parse(bad, path: "s.json")) }
    }

    @Test func statsWithoutRecordingsHaveNoDeviceSection() throws {
        var stats = try Self.stats()
        stats.device = []
        #expect(!stats.json().contains("device"))
        #expect(!stats.text().contains("agreement with the device"))
    }
}
