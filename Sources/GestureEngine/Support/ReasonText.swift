/// The bytes of a failure reason, from `FailureReason.StringInterpolation` to the output: held in
/// the value itself up to ``inlineCapacity`` bytes, so a reason allocates nothing; a `String` is
/// made only when one is asked for (`FailureReason.string`, `TransitionReport.reason`). A longer
/// reason continues in an array.
///
/// Reasons are built at almost every gesture; the array this replaced cost an allocation, its
/// release and a uniqueness check per append, and the `String` each reason was held in an
/// allocation, its release and its UTF-8 check (docs/performance.md).
struct ReasonText: Sendable {
    /// Bytes held without allocation. The engine's reasons are 20 to 120 bytes; a recognizer's
    /// long name can take one past this.
    static let inlineCapacity = 192

    private var inline = InlineArray<192, UInt8>(repeating: 0)
    /// Every byte, once the text outgrew `inline` (nil until then).
    private var spilled: [UInt8]?
    /// The number of bytes.
    private(set) var count = 0

    init() {}

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }

    /// Calls `body` with the bytes, in place.
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let spilled { return try spilled.withUnsafeBufferPointer(body) }
        let n = count
        return try inline.span.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0.prefix(n))) }
    }

    /// The text as a `String` (the bytes are UTF-8: literals, numbers and strings' own bytes).
    var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes, as an array.
    var bytes: [UInt8] {
        if let spilled { return spilled }
        let n = count
        return inline.span.withUnsafeBufferPointer { Array($0.prefix(n)) }
    }

    /// Whether the bytes in `a` and in `b` are the same.
    func bytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        if let spilled { return spilled[a].elementsEqual(spilled[b]) }
        for i in 0..<a.count where inline[a.lowerBound + i] != inline[b.lowerBound + i] { return false }
        return true
    }

    /// Whether the bytes in `range` hold a `>` or a `<` (a comparison between two numbers).
    func comparesBetween(_ range: Range<Int>) -> Bool {
        withUTF8 { bytes in bytes[range].contains { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") } }
    }

    mutating func append(_ b: UnsafeBufferPointer<UInt8>) {
        guard let source = b.baseAddress, !b.isEmpty else { return }
        let n = count
        if spilled == nil && n + b.count <= Self.inlineCapacity {
            var span = inline.mutableSpan
            span.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: n).update(from: source, count: b.count) }
        } else {
            spill()
            spilled!.append(contentsOf: b)
        }
        count = n + b.count
    }

    /// `value` with at most `decimals` decimals (0 to 9), trailing zeros trimmed, as `formatShort`
    /// writes it (`nan`, `inf`, `-inf` when not finite).
    mutating func appendFixed(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            var s = formatShort(value, decimals: decimals)
            s.withUTF8 { append($0) }
            return
        }
        let decimals = max(0, min(decimals, 9))
        write(upTo: DecimalWriter.maximumNumberLength(decimals: 9)) { p in
            var w = DecimalWriter(p)
            w.number(value, decimals: decimals, trim: true)
            return w.p - p
        }
    }

    /// The decimal digits of `value` (with a `-` when negative), as `value.description`.
    mutating func appendInteger(_ value: Int) {
        write(upTo: 20) { p in
            var w = DecimalWriter(p)
            w.int(value)
            return w.p - p
        }
    }

    /// Lets `body` write at most `maximum` bytes at the end (it returns how many it wrote).
    /// Inlined into its two callers, numbers and integers: called, it cost a call and a closure per
    /// number of a reason (-5 instructions per event on the heavy mix, -28 on taps alone, callgrind;
    /// inlining `appendFixed` as well gave those back).
    @inline(__always)
    private mutating func write(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let n = count
        if spilled == nil && n + maximum <= Self.inlineCapacity {
            var span = inline.mutableSpan
            count = n + span.withUnsafeMutableBufferPointer { body($0.baseAddress!.advanced(by: n)) }
        } else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
                let written = body(buffer.baseAddress!)
                append(UnsafeBufferPointer(start: buffer.baseAddress!, count: written))
            }
        }
    }

    /// Moves the bytes into `spilled`, for text longer than `inlineCapacity`.
    private mutating func spill() {
        guard spilled == nil else { return }
        spilled = bytes
    }
}
