import GestureEngine

/// Maps trace touch ids (`TouchID`) to the engine's integer ids and back, for output.
///
/// Non-negative integer ids below 2^62 map to themselves (no work per row); other ids (negative
/// integers, strings) get engine ids from 2^62 up, assigned on first sight.
struct TouchIdentifierMap {
    private static let base = 1 << 62
    private var others: [TouchID: Int] = [:]
    private var reverse: [TouchID] = []
    // String ids by their dense table index (0 = not seen yet): an array load instead of hashing
    // the id into `others` at every row.
    private var byName: [Int] = []
    // The text of each id in `reverse` that is a name, read from the table once, when first seen
    // (the table may be filled by a reader on another thread: see `TouchNameTable.beginSharing`).
    // Parallel to `reverse` ("" for an id that is not a name).
    private var nameTexts: [String] = []
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
        if case .name(let index) = id {
            let i = Int(index)
            if i < byName.count {
                let known = byName.withUnsafeBufferPointer { $0[i] }
                if known != 0 { return known }
            }
            return newNameID(id, i)
        }
        if let known = others[id] { return known }
        let new = Self.base + reverse.count
        others[id] = new
        reverse.append(id)
        nameTexts.append("")
        return new
    }

    @inline(never)
    private mutating func newNameID(_ id: TouchID, _ index: Int) -> Int {
        if index >= byName.count {
            byName.append(contentsOf: repeatElement(0, count: max(index + 1, byName.count * 2) - byName.count))
        }
        let new = Self.base + reverse.count
        byName[index] = new
        reverse.append(id)
        nameTexts.append(names.name(at: UInt32(index)))
        return new
    }

    func label(_ engineID: Int) -> TouchLabel {
        let id = engineID < Self.base ? TouchID.integer(Int64(engineID)) : reverse[engineID - Self.base]
        switch id {
        case .integer(let v): return .integer(v)
        case .name: return .text(nameTexts[engineID - Self.base])
        }
    }
}
