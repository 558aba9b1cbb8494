#if canImport(Glibc)
import Glibc
#endif
import GestureEngine
import TestSupport
import Testing
@testable import TraceReplay

/// A transition line written with `ValueMemo` (one buffer: a time or point that repeats the previous
/// line's is copied from the memo) is byte for byte the line written without it (each line into a
/// new buffer, whose storage's memo is empty: every number formatted).
@Suite("Repeated points copied, not formatted again")
struct ValueMemoTests {
    /// Numbers that test the memo: repeats, -0 beside 0, values that print alike but differ, NaN,
    /// infinities, and numbers past the fixed-point range (the longest points).
    static func number(_ rng: inout SplitMix64) -> Double {
        switch rng.next() % 10 {
        case 0: return 0
        case 1: return -0.0
        case 2: return 1 + Double(rng.next() % 3) * 1e-7  // three values that print as 1
        case 3: return [Double.nan, .infinity, -.infinity][Int(rng.next() % 3)]
        case 4: return Double(sign: rng.next() % 2 == 0 ? .plus : .minus, exponent: 60 + Int(rng.next() % 900), significand: 1.234567)
        default: return (Double(rng.next() % 2_000_000) - 1_000_000) / 997
        }
    }

    /// Lines whose location, translation and velocity each repeat the previous line's (both
    /// numbers, only x, only y) or change.
    static func lines(seed: UInt64, count: Int) -> [GestureValues] {
        var rng = SplitMix64(seed: seed)
        var values = GestureValues()
        var result: [GestureValues] = []
        func next(_ x: Double, _ y: Double) -> (Double, Double) {
            switch rng.next() % 5 {
            case 0, 1: return (x, y)
            case 2: return (x, number(&rng))
            case 3: return (number(&rng), y)
            default: return (number(&rng), number(&rng))
            }
        }
        for _ in 0..<count {
            let l = next(values.location.x, values.location.y)
            values.location = Point(x: l.0, y: l.1)
            let t = next(values.translation?.dx ?? 0, values.translation?.dy ?? 0)
            values.translation = rng.next() % 4 == 0 ? nil : Vector(dx: t.0, dy: t.1)
            let v = next(values.velocity?.dx ?? 0, values.velocity?.dy ?? 0)
            values.velocity = rng.next() % 4 == 0 ? nil : Vector(dx: v.0, dy: v.1)
            values.numberOfTouches = Int(rng.next() % 3)
            result.append(values)
        }
        return result
    }

    static func write<R: TransitionLineRenderer>(_: R.Type, _ lines: [GestureValues], memoized: Bool) -> [UInt8] {
        let label = Array(",\"recognizer\":\"r\",\"kind\":\"pan\",\"state\":\"".utf8) + [UInt8](repeating: 0, count: 8)
        var shared = OutputBuffer(fileDescriptor: nil)
        var all: [UInt8] = []
        label.withUnsafeBufferPointer { padded in
            let label = UnsafeBufferPointer(rebasing: padded[..<(padded.count - 8)])
            for (i, values) in lines.enumerated() {
                withUnsafePointer(to: values) { v in
                    if memoized {
                        R.writeTransition(Double(i / 3) * 0.01, .began, .changed, v, label: label, reason: nil, into: &shared)
                    } else {
                        var fresh = OutputBuffer(fileDescriptor: nil)
                        R.writeTransition(Double(i / 3) * 0.01, .began, .changed, v, label: label, reason: nil, into: &fresh)
                        all += fresh.bytes
                    }
                }
            }
        }
        return memoized ? shared.bytes : all
    }

    /// `lines` written through one buffer on a file's descriptor that is flushed whenever more
    /// than `threshold` bytes are pending (after nearly every line when small): the bytes the memo
    /// points at are written over after each flush, so the memo must forget them.
    static func writeFlushed<R: TransitionLineRenderer>(
        _: R.Type, _ lines: [GestureValues], threshold: Int, in folder: TemporaryFolder
    )
        -> [UInt8]
    {
        let file = folder.path + "/flushed-\(threshold).out"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot create \(file)")
        var out = OutputBuffer(fileDescriptor: fd, flushThreshold: threshold)
        let label = Array(",\"recognizer\":\"r\",\"kind\":\"pan\",\"state\":\"".utf8) + [UInt8](repeating: 0, count: 8)
        label.withUnsafeBufferPointer { padded in
            let label = UnsafeBufferPointer(rebasing: padded[..<(padded.count - 8)])
            for (i, values) in lines.enumerated() {
                withUnsafePointer(to: values) { v in
                    R.writeTransition(Double(i / 3) * 0.01, .began, .changed, v, label: label, reason: nil, into: &out)
                }
                out.flushIfNeeded()
            }
        }
        out.flush()
        close(fd)
        return FormattingThreadTests.contents(file)
    }

    /// The first line that differs, as "line N: A | B"; nil when the bytes are the same.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        guard a != b else { return nil }
        let x = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let y = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let i = (0..<min(x.count, y.count)).first { x[$0] != y[$0] } ?? min(x.count, y.count)
        return "line \(i + 1): \(i < x.count ? x[i] : "(none)") | \(i < y.count ? y[i] : "(none)")"
    }

    @Test("JSON Lines and text lines: the same bytes with and without the memo", arguments: [UInt64(1), 2, 3, 4])
    func sameBytes(seed: UInt64) {
        let lines = Self.lines(seed: seed, count: 3_000)
        let json = Self.write(JSONLinesRenderer.self, lines, memoized: true)
        #expect(Self.difference(json, Self.write(JSONLinesRenderer.self, lines, memoized: false)) == nil)
        let text = Self.write(TextRenderer.self, lines, memoized: true)
        #expect(Self.difference(text, Self.write(TextRenderer.self, lines, memoized: false)) == nil)
        // The lines hold the cases the memo must tell apart.
        let printed = String(decoding: json, as: UTF8.self)
        #expect(printed.contains("null") && printed.contains("\"x\":0,") && printed.contains("e+"))
    }

    @Test("a buffer flushed between lines: the same bytes as lines written one by one", arguments: [1, 150, 4096])
    func flushedBetweenLines(threshold: Int) throws {
        let folder = try TemporaryFolder()
        // A line with a translation; one with a long location and none, written over the first
        // after a flush; the first again, whose translation the memo still has (where the second
        // line now is, if the flush did not make it forget).
        var a = GestureValues()
        a.location = Point(x: 1, y: 1)
        a.translation = Vector(dx: 2.5, dy: -3.25)
        var b = GestureValues()
        b.location = Point(x: 123_456.7891, y: -98_765.4321)
        // Then random lines, each repeated a few times: nearly every value from the memo.
        var lines = [a, b, a] + Self.lines(seed: 7, count: 600)
        for i in lines.indices.dropFirst(3) where i % 4 != 0 { lines[i] = lines[i - 1] }
        let json = Self.writeFlushed(JSONLinesRenderer.self, lines, threshold: threshold, in: folder)
        #expect(Self.difference(json, Self.write(JSONLinesRenderer.self, lines, memoized: false)) == nil)
        let text = Self.writeFlushed(TextRenderer.self, lines, threshold: threshold, in: folder)
        #expect(Self.difference(text, Self.write(TextRenderer.self, lines, memoized: false)) == nil)
    }

    @Test("one buffer's lines in both formats do not share points")
    func formatsApart() {
        var values = GestureValues()
        values.location = Point(x: 12.25, y: -3.5)
        let label = [UInt8](repeating: UInt8(ascii: " "), count: 16)
        var out = OutputBuffer(fileDescriptor: nil)
        label.withUnsafeBufferPointer { label in
            withUnsafePointer(to: values) { v in
                JSONLinesRenderer.writeTransition(0, .possible, .began, v, label: label, reason: nil, into: &out)
                TextRenderer.writeTransition(0, .possible, .began, v, label: label, reason: nil, into: &out)
            }
        }
        let text = out.text
        #expect(text.contains("{\"x\":12.25,\"y\":-3.5}"))
        #expect(text.contains("at (12.3, -3.5)"))
    }
}
