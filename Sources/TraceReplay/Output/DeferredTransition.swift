import GestureEngine

/// A transition line's fields, copied into the output buffer while a formatting thread runs
/// (``FormattingThread``) and written as a line by that thread: this header, then the values that
/// are set, 8 bytes each, in `GestureValues`' order (the location always), then the reason's UTF-8
/// bytes. A pan's `changed` line takes 88 bytes, a third of a whole `GestureValues` copied.
///
/// No reference is counted on the way: the label points into the renderer's cache, which outlives
/// the thread, and a line with extra values (a custom recognizer's) is not deferred, so the values
/// copied are plain numbers.
struct DeferredTransition {
    var time: Double
    var label: UnsafeBufferPointer<UInt8>
    var numberOfTouches: Int
    /// The reason's length in bytes; -1 without a reason.
    var reasonCount: Int32
    var previous: GestureRecognizerState
    var state: GestureRecognizerState
    /// Which optional values follow.
    var fields: Fields

    /// The optional values of `GestureValues`, one bit each, in the order they follow the header.
    struct Fields: OptionSet {
        let rawValue: UInt16
        static let taps = Fields(rawValue: 1 << 0)
        static let translation = Fields(rawValue: 1 << 1)
        static let velocity = Fields(rawValue: 1 << 2)
        static let scalarVelocity = Fields(rawValue: 1 << 3)
        static let scale = Fields(rawValue: 1 << 4)
        static let rotation = Fields(rawValue: 1 << 5)
        static let direction = Fields(rawValue: 1 << 6)
        static let selectionRect = Fields(rawValue: 1 << 7)
    }

    /// The most bytes `store` writes: the header and 15 values.
    static let maximumSize = MemoryLayout<DeferredTransition>.stride + 15 * 8

    /// Writes the record of a line at `p` (8-byte aligned, room for ``maximumSize``); its size in
    /// bytes (without the reason).
    @inline(__always)
    static func store(
        _ time: Double, _ previous: GestureRecognizerState, _ state: GestureRecognizerState, _ v: UnsafePointer<GestureValues>,
        _ label: UnsafeBufferPointer<UInt8>, _ reasonCount: Int, at p: UnsafeMutableRawPointer
    ) -> Int {
        var q = p + MemoryLayout<DeferredTransition>.stride
        @inline(__always) func put(_ d: Double) {
            q.storeBytes(of: d, as: Double.self)
            q += 8
        }
        var fields: Fields = []
        put(v.pointee.location.x)
        put(v.pointee.location.y)
        if let taps = v.pointee.taps {
            fields.insert(.taps)
            q.storeBytes(of: taps, as: Int.self)
            q += 8
        }
        if let t = v.pointee.translation {
            fields.insert(.translation)
            put(t.dx)
            put(t.dy)
        }
        if let t = v.pointee.velocity {
            fields.insert(.velocity)
            put(t.dx)
            put(t.dy)
        }
        if let d = v.pointee.scalarVelocity {
            fields.insert(.scalarVelocity)
            put(d)
        }
        if let d = v.pointee.scale {
            fields.insert(.scale)
            put(d)
        }
        if let d = v.pointee.rotation {
            fields.insert(.rotation)
            put(d)
        }
        if let d = v.pointee.direction {
            fields.insert(.direction)
            q.storeBytes(of: UInt64(d.rawValue), as: UInt64.self)
            q += 8
        }
        if let r = v.pointee.selectionRect {
            fields.insert(.selectionRect)
            put(r.origin.x)
            put(r.origin.y)
            put(r.size.width)
            put(r.size.height)
        }
        p.storeBytes(
            of: DeferredTransition(
                time: time, label: label, numberOfTouches: v.pointee.numberOfTouches, reasonCount: Int32(truncatingIfNeeded: reasonCount),
                previous: previous, state: state, fields: fields),
            as: DeferredTransition.self)
        return q - p
    }

    /// Reads the record at `p` into `values` (every field `store` writes; `extra` is left as it
    /// is); its size in bytes (without the reason).
    @inline(__always)
    static func load(_ p: UnsafeRawPointer, into values: inout GestureValues) -> Int {
        let header = p.load(as: DeferredTransition.self)
        var q = p + MemoryLayout<DeferredTransition>.stride
        @inline(__always) func get() -> Double {
            defer { q += 8 }
            return q.load(as: Double.self)
        }
        let fields = header.fields
        values.location = Point(x: get(), y: get())
        values.numberOfTouches = header.numberOfTouches
        if fields.contains(.taps) {
            values.taps = q.load(as: Int.self)
            q += 8
        } else {
            values.taps = nil
        }
        values.translation = fields.contains(.translation) ? Vector(dx: get(), dy: get()) : nil
        values.velocity = fields.contains(.velocity) ? Vector(dx: get(), dy: get()) : nil
        values.scalarVelocity = fields.contains(.scalarVelocity) ? get() : nil
        values.scale = fields.contains(.scale) ? get() : nil
        values.rotation = fields.contains(.rotation) ? get() : nil
        if fields.contains(.direction) {
            values.direction = SwipeDirection(rawValue: UInt8(truncatingIfNeeded: q.load(as: UInt64.self)))
            q += 8
        } else {
            values.direction = nil
        }
        if fields.contains(.selectionRect) {
            values.selectionRect = Rect(origin: Point(x: get(), y: get()), size: Size(width: get(), height: get()))
        } else {
            values.selectionRect = nil
        }
        return q - p
    }
}
