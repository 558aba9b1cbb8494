/// A touch identifier as written in a trace, without per-row allocation.
///
/// - Integer ids (`3`, `-1`, and strings in canonical decimal form such as
///   `"3"`: optional `-`, no leading zeros, fits in `Int64`) are stored as
///   ``integer(_:)``, so `3` in JSON, `"3"` in JSON and `3` in CSV are the same touch.
/// - Any other string is interned by a ``TouchNameTable`` and stored as
///   ``name(_:)``, a small index into that table; the table maps it back to
///   the text for output.
public enum TouchID: Hashable, Sendable {
    /// An integer identifier.
    case integer(Int64)
    /// An interned string identifier: an index into the reader's ``TouchNameTable``.
    case name(UInt32)
}

/// Interns string touch identifiers: each distinct byte string gets a small
/// index, stored once. Lookup hashes the raw bytes (no `String` is created per
/// row); the `String` for a name is built once, when it is first seen.
///
/// A table is shared by everything that reads one trace (the reader creates
/// one unless given one), so ids from the same table can be compared.
///
/// Only the reader that owns the table adds names (internal `makeID`/`intern`, one thread);
/// everything public only reads. Hand the table to another thread once reading is done.
public final class TouchNameTable: @unchecked Sendable {
    // Invariant: only mutated through `intern`, called by the one reader filling the table.
    private var arena: [UInt8] = []
    private var spans: [(offset: Int, count: Int)] = []
    private var strings: [String] = []
    private var slots: [UInt32]  // 0 = empty, else index + 1
    private var mask: Int

    /// An empty table.
    public init() {
        slots = Array(repeating: 0, count: 16)
        mask = 15
    }

    /// Number of distinct names.
    public var count: Int { strings.count }

    /// The text of the name at `index`.
    public func name(at index: UInt32) -> String { strings[Int(index)] }

    /// The text of `id`: the decimal integer or the interned name.
    public func text(of id: TouchID) -> String {
        switch id {
        case .integer(let v): String(v)
        case .name(let i): strings[Int(i)]
        }
    }

    /// The id for `text`: an integer if `text` is a canonical decimal integer,
    /// otherwise the interned name (added if new). Internal: it mutates the table, which is not
    /// synchronised (see the type's comment).
    func id(for text: String) -> TouchID {
        var copy = text
        return copy.withUTF8 { buf in
            makeID(buf.baseAddress ?? UnsafePointer(bitPattern: 1)!, buf.count)
        }
    }

    /// The existing id for `text`, or `nil` if `text` is not an integer and was never interned.
    public func existingID(for text: String) -> TouchID? {
        var copy = text
        return copy.withUTF8 { buf -> TouchID? in
            let p = buf.baseAddress ?? UnsafePointer(bitPattern: 1)!
            if let v = parseCanonicalInt64(p, buf.count) { return .integer(v) }
            return lookup(p, buf.count).map { .name($0) }
        }
    }

    /// The id for the bytes `p[0..<n]` (see ``TouchID``).
    @inline(__always)
    func makeID(_ p: UnsafePointer<UInt8>, _ n: Int) -> TouchID {
        if let v = parseCanonicalInt64(p, n) { return .integer(v) }
        return .name(intern(p, n))
    }

    /// Whether `p[0..<n]` is already interned (for callers that validate new names first).
    func contains(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool { lookup(p, n) != nil }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<n {
            h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32? {
        var slot = Self.hash(p, n) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let index = Int(entry - 1)
            if equalsArena(index, p, n) { return UInt32(index) }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func equalsArena(_ index: Int, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let span = spans[index]
        guard span.count == n else { return false }
        return arena.withUnsafeBufferPointer { a in
            for k in 0..<n where a[span.offset + k] != p[k] { return false }
            return true
        }
    }

    /// The index of `p[0..<n]`, adding it if new.
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32 {
        var slot = Self.hash(p, n) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let index = Int(entry - 1)
            if equalsArena(index, p, n) { return UInt32(index) }
            slot = (slot + 1) & mask
        }
        let index = strings.count
        precondition(index < Int(UInt32.max - 1), "too many distinct touch names")
        spans.append((arena.count, n))
        arena.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        strings.append(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
        slots[slot] = UInt32(index + 1)
        if strings.count * 2 > slots.count { grow() }
        return UInt32(index)
    }

    private func grow() {
        let newCount = slots.count * 2
        var newSlots = [UInt32](repeating: 0, count: newCount)
        let newMask = newCount - 1
        arena.withUnsafeBufferPointer { a in
            for (index, span) in spans.enumerated() {
                var slot = Self.hash(a.baseAddress! + span.offset, span.count) & newMask
                while newSlots[slot] != 0 { slot = (slot + 1) & newMask }
                newSlots[slot] = UInt32(index + 1)
            }
        }
        slots = newSlots
        mask = newMask
    }
}

/// `p[0..<n]` as an `Int64` if it is a canonical decimal integer:
/// `-?(0|[1-9][0-9]*)`, not `-0`, in range.
@inline(__always)
func parseCanonicalInt64(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int64? {
    guard n > 0, n <= 20 else { return nil }
    var i = 0
    let negative = p[0] == UInt8(ascii: "-")
    if negative { i = 1 }
    guard i < n else { return nil }
    if p[i] == UInt8(ascii: "0") {
        return (n == i + 1 && !negative) ? 0 : nil
    }
    if n &- i <= 18 {
        // Up to 18 digits cannot overflow: no checks per digit.
        var v: Int64 = 0
        while i < n {
            let d = p[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            v = v &* 10 &+ Int64(d)
            i &+= 1
        }
        return negative ? -v : v
    }
    var v: UInt64 = 0
    while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        guard d < 10 else { return nil }
        let (m, o1) = v.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(UInt64(d))
        if o1 || o2 { return nil }
        v = s
        i += 1
    }
    if negative {
        if v <= UInt64(Int64.max) { return -Int64(v) }
        if v == UInt64(Int64.max) + 1 { return Int64.min }
        return nil
    }
    return v <= UInt64(Int64.max) ? Int64(v) : nil
}
