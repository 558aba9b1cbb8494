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
    /// Which optional values follow (``Field``).
    var fields: UInt16

    /// The optional values of `GestureValues`, one bit each, in the order they follow the header.
    enum Field {
        static let taps: UInt16 = 1
        static let translation: UInt16 = 2
        static let velocity: UInt16 = 4
        static let scalarVelocity: UInt16 = 8
        static let scale: UInt16 = 16
        static let rotation: UInt16 = 32
        static let direction: UInt16 = 64
        static let selectionRect: UInt16 = 128
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
        var fields: UInt16 = 0
        put(v.pointee.location.x)
        put(v.pointee.location.y)
        if let taps = v.pointee.taps {
            fields |= Field.taps
            q.storeBytes(of: taps, as: Int.self)
            q += 8
        }
        if let t = v.pointee.translation {
            fields |= Field.translation
            put(t.dx)
            put(t.dy)
        }
        if let t = v.pointee.velocity {
            fields |= Field.velocity
            put(t.dx)
            put(t.dy)
        }
        if let d = v.pointee.scalarVelocity {
            fields |= Field.scalarVelocity
            put(d)
        }
        if let d = v.pointee.scale {
            fields |= Field.scale
            put(d)
        }
        if let d = v.pointee.rotation {
            fields |= Field.rotation
            put(d)
        }
        if let d = v.pointee.direction {
            fields |= Field.direction
            q.storeBytes(of: UInt64(d.rawValue), as: UInt64.self)
            q += 8
        }
        if let r = v.pointee.selectionRect {
            fields |= Field.selectionRect
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
        if fields & Field.taps != 0 {
            values.taps = q.load(as: Int.self)
            q += 8
        } else {
            values.taps = nil
        }
        values.translation = fields & Field.translation != 0 ? Vector(dx: get(), dy: get()) : nil
        values.velocity = fields & Field.velocity != 0 ? Vector(dx: get(), dy: get()) : nil
        values.scalarVelocity = fields & Field.scalarVelocity != 0 ? get() : nil
        values.scale = fields & Field.scale != 0 ? get() : nil
        values.rotation = fields & Field.rotation != 0 ? get() : nil
        if fields & Field.direction != 0 {
            values.direction = SwipeDirection(rawValue: UInt8(truncatingIfNeeded: q.load(as: UInt64.self)))
            q += 8
        } else {
            values.direction = nil
        }
        if fields & Field.selectionRect != 0 {
            values.selectionRect = Rect(origin: Point(x: get(), y: get()), size: Size(width: get(), height: get()))
        } else {
            values.selectionRect = nil
        }
        return q - p
    }
}
