/// The touches that are down, by id: an open-addressing table (linear probing, Fibonacci hashing,
/// backward-shift deletion) that costs a multiply and a compare or two per lookup, where a
/// `Dictionary<Int, Touch>` runs SipHash (about 90 instructions) at every trace row.
///
/// At most half full, so lookups stay O(1) however many touches are down or have been seen.
struct TouchTable {
    private var slots: [Touch?]
    private var shift: Int
    private(set) var count = 0

    init() {
        slots = Array(repeating: nil, count: 16)
        shift = 64 - 4
    }

    @inline(__always) private func home(_ id: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The touch with `id`, if it is down.
    func find(_ id: Int) -> Touch? {
        findUnretained(id)?.takeUnretainedValue()
    }

    /// The touch with `id`, if it is down, unretained: valid while the table holds it.
    @inline(__always) func findUnretained(_ id: Int) -> Unmanaged<Touch>? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = home(id)
            while let slot = slots[i] {
                let u = Unmanaged.passUnretained(slot)
                if u._withUnsafeGuaranteedRef({ $0.id }) == id { return u }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Adds `touch` (its id must not be in the table).
    mutating func insert(_ touch: Touch) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var i = home(touch.id)
        while slots[i] != nil { i = (i + 1) & mask }
        slots[i] = touch
        count += 1
    }

    /// Removes the touch with `id`, if any.
    mutating func remove(_ id: Int) {
        let mask = slots.count - 1
        var i = home(id)
        while true {
            guard let t = slots[i] else { return }
            if t.id == id { break }
            i = (i + 1) & mask
        }
        // Backward shift: move later entries of the probe run into the hole when their home slot
        // does not lie (cyclically) between the hole and where they are.
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            guard let t = slots[j] else { break }
            let h = home(t.id)
            let between = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
            if !between {
                slots[hole] = t
                hole = j
            }
        }
        slots[hole] = nil
        count -= 1
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        shift -= 1
        count = 0
        for case let t? in old { insert(t) }
    }
}
