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
        let label: UnsafeBufferPointer<UInt8>
    }

    /// Owns the label bytes. Labels are never moved or freed while the table lives, so the buffer
    /// a lookup returns stays valid.
    private final class Arena {
        var blocks: [UnsafeMutablePointer<UInt8>] = []
        deinit { for b in blocks { b.deallocate() } }

        func store(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            block.initialize(from: bytes, count: bytes.count)
            blocks.append(block)
            return UnsafeBufferPointer(start: block, count: bytes.count)
        }
    }

    private var slots: [Entry?] = []
    private var used = 0
    private let arena = Arena()

    /// The label bytes of `r`, made with `make(name, kind, &bytes)` the first time (and again after a
    /// rename). The buffer stays valid as long as this table.
    @inline(__always)
    mutating func label(_ r: GestureRecognizer, make: (String, String, inout [UInt8]) -> Void) -> UnsafeBufferPointer<UInt8> {
        let name = r.name
        let kind = r.kind
        var slot = 0
        if !slots.isEmpty {
            let mask = slots.count - 1
            slot = Self.hash(r) & mask
            while let e = slots[slot] {
                if e.recognizer === r {
                    if e.name == name && e.kind == kind { return e.label }
                    // Renamed: replace the entry in place.
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return insert(r, name, kind, make, at: slots.isEmpty ? nil : slot)
    }

    private static func hash(_ r: GestureRecognizer) -> Int {
        let bits = UInt(bitPattern: ObjectIdentifier(r))
        return Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 12))
    }

    @inline(never)
    private mutating func insert(_ r: GestureRecognizer, _ name: String, _ kind: String,
                                 _ make: (String, String, inout [UInt8]) -> Void, at slot: Int?) -> UnsafeBufferPointer<UInt8> {
        var bytes: [UInt8] = []
        make(name, kind, &bytes)
        let entry = Entry(recognizer: r, name: name, kind: kind, label: arena.store(bytes))
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
        return entry.label
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
