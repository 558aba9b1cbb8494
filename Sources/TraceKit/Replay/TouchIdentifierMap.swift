import GestureEngine
import TraceReading

/// Maps trace touch ids (`TouchID`) to the engine's integer ids and back, for output.
///
/// Non-negative integer ids below 2^62 map to themselves (no work per row); other ids (negative
/// integers, strings) get engine ids from 2^62 up, assigned on first sight.
package struct TouchIdentifierMap {
    private static let base = 1 << 62
    // Integer ids outside 0..<2^62, hashed.
    private var others: [Int64: Int] = [:]
    // String ids by their dense table index (0 = not seen yet): an array load instead of hashing
    // the name at every row.
    private var byName: [Int] = []
    // The label of each engine id from `base` up. A name's text is read from the table once, when
    // first seen (the table may be filled by a reader on another thread: see
    // `TouchNameTable.beginSharing`).
    private var labels: [TouchLabel] = []
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
            if i < byName.count {
                let known = byName.withUnsafeBufferPointer { $0[i] }
                if known != 0 { return known }
            }
            return newNameID(i)
        case .integer(let v):
            if let known = others[v] { return known }
            let new = Self.base + labels.count
            others[v] = new
            labels.append(.integer(v))
            return new
        }
    }

    @inline(never)
    private mutating func newNameID(_ index: Int) -> Int {
        if index >= byName.count {
            byName.append(contentsOf: repeatElement(0, count: max(index + 1, byName.count * 2) - byName.count))
        }
        let new = Self.base + labels.count
        byName[index] = new
        labels.append(.text(names.name(at: UInt32(index))))
        return new
    }

    package func label(_ engineID: Int) -> TouchLabel {
        engineID < Self.base ? .integer(Int64(engineID)) : labels[engineID - Self.base]
    }
}
