import GestureEngine

/// Maps trace touch ids (`TouchID`) to the engine's integer ids and back, for output.
///
/// Non-negative integer ids below 2^62 map to themselves (no work per row); other ids (negative
/// integers, strings) get engine ids from 2^62 up, assigned on first sight.
struct TouchIdentifierMap {
    private static let base = 1 << 62
    private var others: [TouchID: Int] = [:]
    private var reverse: [TouchID] = []
    let names: TouchNameTable

    init(names: TouchNameTable) {
        self.names = names
    }

    @inline(__always)
    mutating func engineID(_ id: TouchID) -> Int {
        if case .integer(let v) = id, v >= 0, v < Int64(Self.base) { return Int(v) }
        if let known = others[id] { return known }
        let new = Self.base + reverse.count
        others[id] = new
        reverse.append(id)
        return new
    }

    func label(_ engineID: Int) -> TouchLabel {
        let id = engineID < Self.base ? TouchID.integer(Int64(engineID)) : reverse[engineID - Self.base]
        switch id {
        case .integer(let v): return .integer(v)
        case .name: return .text(names.text(of: id))
        }
    }
}
