import GestureEngine
import TraceReading

/// The bytes a renderer prints for a recognizer's name and kind, rendered once per recognizer and
/// found again by the recognizer's identity (a small open-addressing table: no hashing, no
/// allocation per lookup).
///
/// An entry keeps its recognizer alive, so an address is never reused for another recognizer
/// while cached, and it remembers the name revision (`GestureRecognizer.nameRevision`) it was made
/// from: a recognizer renamed later gets a fresh entry. The revision is compared instead of the
/// name, so a lookup copies no `String`. The kind is read when an entry is made: it is the
/// recognizer's type's and does not change (`GestureRecognizer.kind`; a UIKit recognizer's
/// registered kind is given with its name, `replayRecognizer(kind:name:)`, which sets the name).
/// Reading it per line cost ~42 instructions (a dynamic call and a `String` comparison).
struct RecognizerLabels {
    private struct Entry {
        let recognizer: GestureRecognizer
        let nameRevision: Int
        let label: UnsafeBufferPointer<UInt8>
    }

    /// Owns the label bytes. Labels are never moved or freed while the table lives, so the buffer
    /// a lookup returns stays valid.
    private final class Arena {
        var blocks: [UnsafeMutablePointer<UInt8>] = []
        deinit { for b in blocks { b.deallocate() } }

        /// Stores `bytes` in a block padded with zeros to a multiple of 8 bytes (see `ByteWriter.labelBytes`).
        func store(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
            let padded = (bytes.count + 8) & ~7
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: padded)
            block.initialize(from: bytes, count: bytes.count)
            (block + bytes.count).initialize(repeating: 0, count: padded - bytes.count)
            blocks.append(block)
            return UnsafeBufferPointer(start: block, count: bytes.count)
        }
    }

    // Open addressing: `keys` holds each slot's recognizer identity (0: empty) and `index` where
    // its entry is in `entries`, so a lookup compares integers and reads the entry in place.
    private var keys: [UInt] = []
    private var index: [Int] = []
    private var entries: [Entry] = []
    private let arena = Arena()
    /// The last two labels returned, compared before the table: consecutive lines are mostly of the
    /// same two recognizers (a pan and a marquee on the same finger take turns). Labels are never
    /// moved or freed while the table lives, and a rename changes the revision, so a hit is current.
    private var recent = (Recent(), Recent())
    /// Which of `recent` was returned last (0 or 1): a miss replaces the other one. Hits move
    /// nothing (swapping the two on every other line, as a pan and its marquee take turns, cost
    /// ~15 instructions per line).
    private var lastReturned = 0
    /// Lookups that missed both recent labels and went to the table (for the tests of the order).
    private(set) var tableLookups = 0

    private struct Recent {
        var key: UInt = 0
        var nameRevision = 0
        var label = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    }

    /// The label bytes of `r`, made with `make(name, kind, &bytes)` the first time and again after a
    /// rename (`kind` is read then only). The buffer stays valid as long as this table, and it can be
    /// read in whole 8-byte words past its end (its block is padded; `ByteWriter.labelBytes`).
    @inline(__always)
    mutating func label(_ r: GestureRecognizer, make: (String, String, inout [UInt8]) -> Void) -> UnsafeBufferPointer<UInt8> {
        let revision = r.nameRevision
        let key = UInt(bitPattern: ObjectIdentifier(r))
        if recent.0.key == key && recent.0.nameRevision == revision {
            lastReturned = 0
            return recent.0.label
        }
        if recent.1.key == key && recent.1.nameRevision == revision {
            lastReturned = 1
            return recent.1.label
        }
        tableLookups &+= 1
        let label = lookUp(r, key, revision, make)
        // The one not returned last goes: the other was used more recently.
        if lastReturned == 0 {
            recent.1 = Recent(key: key, nameRevision: revision, label: label)
            lastReturned = 1
        } else {
            recent.0 = Recent(key: key, nameRevision: revision, label: label)
            lastReturned = 0
        }
        return label
    }

    /// `label(_:make:)` from the table.
    @inline(__always)
    private mutating func lookUp(
        _ r: GestureRecognizer, _ key: UInt, _ revision: Int, _ make: (String, String, inout [UInt8]) -> Void
    ) -> UnsafeBufferPointer<UInt8> {
        if !keys.isEmpty {
            let mask = keys.count - 1
            var slot = Self.hash(key) & mask
            while true {
                let k = keys[slot]
                if k == 0 { break }
                if k == key {
                    let e = index[slot]
                    if entries[e].nameRevision == revision { return entries[e].label }
                    // Renamed: a fresh entry for the new name.
                    return replace(e, r, revision, make)
                }
                slot = (slot + 1) & mask
            }
        }
        return insert(r, key, revision, make)
    }

    private static func hash(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12))
    }

    @inline(never)
    private mutating func replace(
        _ e: Int, _ r: GestureRecognizer, _ revision: Int, _ make: (String, String, inout [UInt8]) -> Void
    ) -> UnsafeBufferPointer<UInt8> {
        var bytes: [UInt8] = []
        make(r.name, r.kind, &bytes)
        entries[e] = Entry(recognizer: r, nameRevision: revision, label: arena.store(bytes))
        return entries[e].label
    }

    @inline(never)
    private mutating func insert(
        _ r: GestureRecognizer, _ key: UInt, _ revision: Int, _ make: (String, String, inout [UInt8]) -> Void
    ) -> UnsafeBufferPointer<UInt8> {
        var bytes: [UInt8] = []
        make(r.name, r.kind, &bytes)
        entries.append(Entry(recognizer: r, nameRevision: revision, label: arena.store(bytes)))
        if entries.count * 2 > keys.count { rehash(capacity: max(64, keys.count * 2)) } else { place(key, entries.count - 1) }
        return entries[entries.count - 1].label
    }

    private mutating func place(_ key: UInt, _ e: Int) {
        let mask = keys.count - 1
        var slot = Self.hash(key) & mask
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        index[slot] = e
    }

    private mutating func rehash(capacity: Int) {
        keys = Array(repeating: 0, count: capacity)
        index = Array(repeating: 0, count: capacity)
        for (e, entry) in entries.enumerated() { place(UInt(bitPattern: ObjectIdentifier(entry.recognizer)), e) }
    }
}
