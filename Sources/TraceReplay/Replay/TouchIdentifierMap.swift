import GestureEngine
import TraceReading

/// Maps trace touch ids (`TouchID`) to the engine's integer ids and back, for output.
///
/// Non-negative integer ids below 2^62 map to themselves (no work per row); other ids (negative
/// integers, strings) get engine ids from 2^62 up, assigned on first sight, and given back when
/// their touch ends (`release(_:keepsLabel:)`), so a long stream of string ids keeps memory flat.
package struct TouchIdentifierMap {
    static let base = 1 << 62
    // Integer ids outside 0..<2^62, hashed.
    private var others: [Int64: Int] = [:]
    // String ids by their dense table index (0 = not seen yet): an array load instead of hashing
    // the name at every row.
    private var byName: [Int] = []
    // The label of each engine id from `base` up. A name's text is read from the table once, when
    // first seen (the table may be filled by a reader on another thread: see
    // `TouchNameTable.beginSharing`).
    private var labels: [TouchLabel] = []
    // The name index behind each label (-1 for an integer label).
    private var labelNames: [Int] = []
    // Label slots given back (their engine ids are reused).
    private var freeLabels: [Int] = []
    let names: TouchNameTable

    init(names: TouchNameTable) {
        self.names = names
    }

    @inline(__always)
    mutating func engineID(_ id: TouchID) -> Int {
        if case .integer(let v) = id, v >= 0, v < Int64(Self.base) { return Int(v) }
        return otherID(id)
    }

    @inline(__always)
    private mutating func otherID(_ id: TouchID) -> Int {
        switch id {
        case .name(let index):
            let i = Int(index)
            names.consume(index)
            if i < byName.count {
                let known = byName.withUnsafeBufferPointer { $0[i] }
                if known != 0 { return known }
            }
            return newNameID(i)
        case .integer(let v):
            if let known = others[v] { return known }
            let new = newLabel(.integer(v), name: -1)
            others[v] = new
            return new
        }
    }

    @inline(never)
    private mutating func newNameID(_ index: Int) -> Int {
        if index >= byName.count {
            byName.append(contentsOf: repeatElement(0, count: max(index + 1, byName.count * 2) - byName.count))
        }
        names.hold(UInt32(index))
        let new = newLabel(.text(names.name(at: UInt32(index))), name: index)
        byName[index] = new
        return new
    }

    /// An engine id for `label` (a free one if any), remembering the name index behind it.
    private mutating func newLabel(_ label: TouchLabel, name: Int) -> Int {
        if let slot = freeLabels.popLast() {
            labels[slot] = label
            labelNames[slot] = name
            return Self.base + slot
        }
        labels.append(label)
        labelNames.append(name)
        return Self.base + labels.count - 1
    }

    /// The touch with `engineID` ended: a row with its id from now on starts a new engine id, and
    /// its string name is given back to the table, which forgets it when nothing else keeps it
    /// (`TouchNameTable.release(_:)`). The engine id itself is reused unless
    /// `keepsLabel` (something may still print the ended touch: `--views` reports a view's
    /// held-back deliveries after the touch ended).
    mutating func release(_ engineID: Int, keepsLabel: Bool) {
        guard engineID >= Self.base else { return }
        let slot = engineID - Self.base
        guard slot < labels.count else { return }
        let index = labelNames[slot]
        if index >= 0 {
            guard byName[index] == engineID else { return }
            byName[index] = 0
            names.release(UInt32(index))
        } else if case .integer(let v) = labels[slot], others[v] == engineID {
            others[v] = nil
        } else {
            return
        }
        guard !keepsLabel else { return }
        labels[slot] = .integer(0)
        labelNames[slot] = -1
        freeLabels.append(slot)
    }

    /// Tests only: labels held (given-back ones not counted).
    var labelCount: Int { labels.count - freeLabels.count }

    package func label(_ engineID: Int) -> TouchLabel {
        engineID < Self.base ? .integer(Int64(engineID)) : labels[engineID - Self.base]
    }
}
