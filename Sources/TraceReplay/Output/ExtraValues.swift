import GestureEngine

/// Whether a transition's `extra` values are the empty array every `GestureValues` starts with,
/// read without retaining it. (`values.pointee.extra.isEmpty` copies the array to look: a retain
/// and a release of the one shared empty array per line, from both threads while one formats.)
/// False for any other array, empty or not, so a caller then looks the plain way.
enum ExtraValues {
    private static let emptyBits = unsafeBitCast([(name: String, value: GestureValue)](), to: UInt.self)
    private static let offset = MemoryLayout<GestureValues>.offset(of: \.extra)!

    @inline(__always) static func areUnset(_ values: UnsafePointer<GestureValues>) -> Bool {
        UnsafeRawPointer(values).load(fromByteOffset: offset, as: UInt.self) == emptyBits
    }

    /// Whether `values` has no extra values (the plain look only when they are not unset).
    @inline(__always) static func areEmpty(_ values: UnsafePointer<GestureValues>) -> Bool {
        areUnset(values) || values.pointee.extra.isEmpty
    }
}
