import GestureEngine

/// The bytes a renderer prints for a recognizer's name and kind, rendered once per recognizer and
/// found again by the recognizer's identity (a small open-addressing table: no hashing, no
/// allocation per lookup).
///
/// An entry keeps its recognizer alive, so an address is never reused for another recognizer
/// while cached, and it remembers the name and kind it was made from: a recognizer renamed later
/// gets a fresh entry.
struct RecognizerLabels {
    private struct Entry {
        let recognizer: GestureRecognizer
        let name: String
        let kind: String
        let offset: Int
        let count: Int
    }

    private var slots: [Entry?] = []
    private var used = 0
    private var arena: [UInt8] = []

    /// Calls `body` with the label bytes of `r`, made with `make(name, kind, &bytes)` the first time.
    @inline(__always)
    mutating func withLabel<R>(_ r: GestureRecognizer, make: (String, String, inout [UInt8]) -> Void,
                               _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let name = r.name
        let kind = r.kind
        var slot = 0
        if !slots.isEmpty {
            let mask = slots.count - 1
            slot = Self.hash(r) & mask
            while let e = slots[slot] {
                if e.recognizer === r {
                    if e.name == name && e.kind == kind {
                        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[e.offset..<(e.offset + e.count)])) }
                    }
                    // Renamed: replace the entry in place.
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return insert(r, name, kind, make, at: slots.isEmpty ? nil : slot, body)
    }

    private static func hash(_ r: GestureRecognizer) -> Int {
        let bits = UInt(bitPattern: ObjectIdentifier(r))
        return Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 12))
    }

    @inline(never)
    private mutating func insert<R>(_ r: GestureRecognizer, _ name: String, _ kind: String,
                                    _ make: (String, String, inout [UInt8]) -> Void, at slot: Int?,
                                    _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let offset = arena.count
        make(name, kind, &arena)
        let entry = Entry(recognizer: r, name: name, kind: kind, offset: offset, count: arena.count - offset)
        if let slot, let existing = slots[slot], existing.recognizer === r {
            slots[slot] = entry
        } else {
            if (used + 1) * 2 > slots.count { rehash(capacity: max(64, slots.count * 2)) }
            let mask = slots.count - 1
            var s = Self.hash(r) & mask
            while slots[s] != nil { s = (s + 1) & mask }
            slots[s] = entry
            used += 1
        }
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset..<(offset + entry.count)])) }
    }

    private mutating func rehash(capacity: Int) {
        let old = slots
        slots = Array(repeating: nil, count: capacity)
        let mask = capacity - 1
        for case let e? in old {
            var s = Self.hash(e.recognizer) & mask
            while slots[s] != nil { s = (s + 1) & mask }
            slots[s] = e
        }
    }
}
