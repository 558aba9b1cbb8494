/// The last value written in each of the line layouts' slots (a JSON Lines or text line's time,
/// location, translation and velocity): the bits of its numbers and where its bytes are in the
/// buffer, so a line that repeats the previous line's value copies those bytes instead of
/// formatting the numbers again.
///
/// Consecutive lines repeat values all the time: the lines of one update share its time, and
/// recognizers driven by the same touches report the same values (a pan and a marquee built on it:
/// location, translation and velocity on every move; a tap and a double tap: the location). On the
/// heavy mix half of the JSON Lines times and points repeat the previous line's
/// (docs/performance.md). The same bits always give the same bytes, so the output is unchanged
/// (`ValueMemoTests` compares lines written with and without it).
///
/// The memo points at the bytes where they were written, in the buffer, rather than keeping a copy:
/// a copy taken as soon as the value is written reads bytes still on their way to memory, which
/// the processor cannot forward from its store buffer (about a dozen cycles lost per value: a third
/// of the line writer's samples under `perf annotate` before). A line written later reads them long
/// after. The bytes before an output buffer's count do not change until the count goes back, so the
/// buffer forgets its memo whenever it does (``OutputBuffer/startOver()``: a flush, a block handed
/// over, the formatting thread stopped); a new storage starts with an empty memo.
///
/// Held by an output buffer's storage (`OutputBuffer.Storage`), so each thread that writes lines
/// (the replay's, or the formatting thread's own buffer) has its own.
struct ValueMemo {
    /// The slots of a JSON Lines transition line and of a text one: each format its own, as the
    /// same numbers print differently. A time uses its slot's first number only.
    enum Slot: Int, CaseIterable {
        case jsonTime, jsonLocation, jsonTranslation, jsonVelocity
        case textTime, textLocation, textTranslation, textVelocity
    }

    /// The longest value a slot holds: a JSON point, `{"x":X,"y":Y}`, with two numbers of
    /// `ByteWriter.maximumNumberLength(decimals: 4)` bytes (75; a text pair takes at most 68),
    /// rounded up to whole words.
    static let capacity = 80
    /// Words per slot: the bits of its two numbers, the byte count, the bytes' address.
    static let slotWords = 4

    let words: UnsafeMutablePointer<UInt64>

    /// An empty memo (every slot's count 0: nothing matches).
    init() {
        let n = Slot.allCases.count * Self.slotWords
        words = .allocate(capacity: n)
        words.initialize(repeating: 0, count: n)
    }

    func deallocate() {
        words.deallocate()
    }

    /// Empties every slot: the bytes they point at are about to be written over.
    func forget() {
        for slot in Slot.allCases { self.slot(slot)[2] = 0 }
    }

    /// The words of `slot`: `[0]` and `[1]` the bits of its numbers, `[2]` the byte count (0:
    /// empty), `[3]` the address of the bytes.
    @inline(__always) func slot(_ slot: Slot) -> UnsafeMutablePointer<UInt64> {
        words + slot.rawValue &* Self.slotWords
    }
}

extension ByteWriter {
    /// What `write` writes for the numbers whose bits are `a` and `b` (at most
    /// `ValueMemo.capacity` bytes): the bytes it wrote for them last time in `slot`, copied a word
    /// at a time, or `write` run and its bytes noted in `slot`. The caller reserved room for the
    /// value plus 7 bytes (the copy rounds up to whole words).
    @inline(__always) mutating func memoized(
        _ slot: UnsafeMutablePointer<UInt64>, _ a: UInt64, _ b: UInt64, _ write: (inout ByteWriter) -> Void
    ) {
        if copiedFromMemo(slot, a, b) { return }
        let start = p
        write(&self)
        keepInMemo(slot, a, b, since: start)
    }

    /// The first half of `memoized(_:_:_:_:)`, for a writer inlined at the call (a closure would
    /// keep it out of line): true when `slot` held the bytes for `a` and `b`, now copied here.
    @inline(__always) mutating func copiedFromMemo(_ slot: UnsafeMutablePointer<UInt64>, _ a: UInt64, _ b: UInt64) -> Bool {
        guard slot[0] == a && slot[1] == b && slot[2] != 0 else { return false }
        let n = Int(truncatingIfNeeded: slot[2])
        room((n &+ 7) & ~7)
        let from = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: slot[3]))!
        Self.copyWords(from: from, to: UnsafeMutableRawPointer(p), count: n)
        p += n
        return true
    }

    /// The second half: the bytes written since `start`, for `a` and `b`, noted in `slot` (where
    /// they are, not a copy: see ``ValueMemo``).
    @inline(__always) mutating func keepInMemo(
        _ slot: UnsafeMutablePointer<UInt64>, _ a: UInt64, _ b: UInt64, since start: UnsafeMutablePointer<UInt8>
    ) {
        let n = p - start
        assert(n <= ValueMemo.capacity, "a memoized value of \(n) bytes")
        slot[0] = a
        slot[1] = b
        slot[2] = UInt64(truncatingIfNeeded: n)
        slot[3] = UInt64(UInt(bitPattern: start))
    }

    /// Copies `count` bytes (at most `ValueMemo.capacity`) as whole 8-byte words: up to 7 bytes
    /// past `count` are read and written (the bytes read lie before `to`, a line or more earlier in
    /// the same buffer).
    @inline(__always) private static func copyWords(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
        var i = 0
        repeat {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i &+= 8
        } while i < count
    }
}
