#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A touch identifier as written in a trace, without per-row allocation.
///
/// - Integer ids (`3`, `-1`, and strings in canonical decimal form such as
///   `"3"`: optional `-`, no leading zeros, fits in `Int64`) are stored as
///   ``integer(_:)``, so `3` in JSON, `"3"` in JSON and `3` in CSV are the same touch.
/// - Any other string is interned by a ``TouchNameTable`` and stored as
///   ``name(_:)``, a small index into that table; the table maps it back to
///   the text for output.
public enum TouchID: Hashable, Sendable {
    /// An integer identifier.
    case integer(Int64)
    /// An interned string identifier: an index into the reader's ``TouchNameTable``.
    case name(UInt32)
}

/// Interns string touch identifiers: each distinct byte string gets a small
/// index, stored once. Lookup hashes the raw bytes (no `String` is created per
/// row); the `String` for a name is built once, when it is first seen.
///
/// A table is shared by everything that reads one trace (the reader creates
/// one unless given one), so ids from the same table can be compared.
///
/// Only the reader that owns the table adds names (internal `makeID`/`intern`, one thread);
/// everything public only reads. Hand the table to another thread once reading is done, or call
/// ``beginSharing()`` first (the replay reading a large file on a thread of its own, ``ReaderThreading``):
/// from then on additions and the public reads take a lock, while the reading thread's own lookups
/// (the per-row path) still take none, since only that thread changes the table.
///
/// Names are forgotten once their touch ended, so a long stream of touches with string ids (a live
/// session sending a UUID per touch) keeps memory flat (issue 30 #16). A name goes when all of
/// these hold, each checked by the side that knows it:
/// - every row the reader produced with it was consumed by the replay (`uses` and `consumed`
///   counted per row), so none is on its way;
/// - the replay holds no touch under it (`hold`/`release`, from the replay's id map);
/// - the sequence check no longer remembers where it ended (`noteEnd`, `forgetEndNotes`: it keeps
///   the last 1,024 ends for its "ended here" notes), so no message changes.
/// Its index and arena bytes are then reused. Never while the table is shared with a reading
/// thread (only the reading thread may change it then).
public final class TouchNameTable: @unchecked Sendable {
    // Invariant: only mutated through `intern`, called by the one reader filling the table.
    // Read for every row with a string id (the reader's lookup) and only ever mutated in `intern`
    // and `grow`, which call out to nothing: no run-time exclusivity checks (docs/engine.md, "Cost").
    @exclusivity(unchecked) private var arena: [UInt8] = []
    @exclusivity(unchecked) private var spans: [(offset: Int, count: Int)] = []
    @exclusivity(unchecked) private var strings: [String] = []
    @exclusivity(unchecked) private var slots: [UInt32]  // 0 = empty, else index + 1
    // What decides when each name may be forgotten (see the type's comment).
    @exclusivity(unchecked) private var states: [NameState] = []
    // Names whose touch ended while the sequence check remembered the end: retried when it forgets.
    @exclusivity(unchecked) private var waitingForEndNotes: [UInt32] = []
    @exclusivity(unchecked) private var endNoteEpoch = 1
    // Indices of forgotten names, reused by the next new names; arena bytes they left behind.
    @exclusivity(unchecked) private var freeIndices: [UInt32] = []
    @exclusivity(unchecked) private var arenaGarbage = 0

    private struct NameState {
        /// Rows the reader produced with the name, and rows the replay consumed.
        var uses = 0
        var consumed = 0
        /// The sequence check's epoch when it last noted the name's end (it remembers it while
        /// that is the current `endNoteEpoch`).
        var endNoted = 0
        /// True while the replay has a touch under this name.
        var held = false
    }
    @exclusivity(unchecked) private var mask: Int
    // Set once by `beginSharing()`, before the reading thread starts (so read without the lock).
    @exclusivity(unchecked) private var lock: UnsafeMutablePointer<pthread_mutex_t>?

    /// An empty table.
    public init() {
        slots = Array(repeating: 0, count: 16)
        mask = 15
    }

    deinit {
        if let lock {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
    }

    /// From now on names are added by a reader on another thread while this thread reads the
    /// table: additions and the public reads take a lock. Call it before that thread starts.
    public func beginSharing() {
        if lock != nil { return }
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        lock = m
    }

    @inline(__always)
    private func locked<T>(_ body: () -> T) -> T {
        guard let lock else { return body() }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Number of distinct names held (names forgotten after their touch ended are not counted).
    public var count: Int { locked { strings.count - freeIndices.count } }

    /// The text of the name at `index`.
    public func name(at index: UInt32) -> String { locked { strings[Int(index)] } }

    /// The text of `id`: the decimal integer or the interned name.
    public func text(of id: TouchID) -> String {
        switch id {
        case .integer(let v): String(v)
        case .name(let i): locked { strings[Int(i)] }
        }
    }

    /// The id for `text`: an integer if `text` is a canonical decimal integer,
    /// otherwise the interned name (added if new). Internal: it mutates the table, which is not
    /// synchronised (see the type's comment).
    func id(for text: String) -> TouchID {
        var copy = text
        return copy.withUTF8 { buf in
            makeID(buf.baseAddress ?? UnsafePointer(bitPattern: 1)!, buf.count)
        }
    }

    /// The existing id for `text`, or `nil` if `text` is not an integer and was never interned.
    public func existingID(for text: String) -> TouchID? {
        var copy = text
        return copy.withUTF8 { buf -> TouchID? in
            let p = buf.baseAddress ?? UnsafePointer(bitPattern: 1)!
            if let v = parseCanonicalInt64(p, buf.count) { return .integer(v) }
            return locked { lookup(p, buf.count) }.map { .name($0) }
        }
    }

    /// The id for the bytes `p[0..<n]` (see ``TouchID``).
    @inline(__always)
    func makeID(_ p: UnsafePointer<UInt8>, _ n: Int) -> TouchID {
        if let v = parseCanonicalInt64(p, n) { return .integer(v) }
        return .name(intern(p, n))
    }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<n {
            h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The name's index if interned (`found`), else the empty slot where it would go.
    @inline(__always)
    private func probe(_ p: UnsafePointer<UInt8>, _ n: Int) -> (found: UInt32?, slot: Int) {
        let mask = self.mask
        var slot = Self.hash(p, n) & mask
        return slots.withUnsafeBufferPointer { slots in
            spans.withUnsafeBufferPointer { spans in
                arena.withUnsafeBufferPointer { a in
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return (nil, slot) }
                        let index = Int(entry &- 1)
                        let span = spans[index]
                        if span.count == n && (n == 0 || memcmp(a.baseAddress! + span.offset, p, n) == 0) {
                            return (UInt32(index), slot)
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    private func lookup(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32? { probe(p, n).found }

    /// The index of `p[0..<n]`, adding it if new.
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32 {
        let (found, slot) = probe(p, n)
        if let found {
            states[Int(found)].uses &+= 1
            return found
        }
        return insert(p, n, at: slot)
    }

    /// The index of `p[0..<n]` (one probe): an interned name as it is; a new one only if `isValid`
    /// accepts its bytes (the readers check UTF-8 once per distinct name), else `nil`.
    @inline(__always)
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int, ifNew isValid: (UnsafePointer<UInt8>, Int) -> Bool) -> UInt32? {
        let (found, slot) = probe(p, n)
        if let found {
            states[Int(found)].uses &+= 1
            return found
        }
        guard isValid(p, n) else { return nil }
        return insert(p, n, at: slot)
    }

    @inline(never)
    private func insert(_ p: UnsafePointer<UInt8>, _ n: Int, at slot: Int) -> UInt32 {
        locked { insertUnlocked(p, n, at: slot) }
    }

    private func insertUnlocked(_ p: UnsafePointer<UInt8>, _ n: Int, at slot: Int) -> UInt32 {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        let index: Int
        if let reused = freeIndices.popLast() {
            index = Int(reused)
            spans[index] = (arena.count, n)
            strings[index] = text
            states[index] = NameState(uses: 1)
        } else {
            index = strings.count
            precondition(index < Int(UInt32.max - 1), "too many distinct touch names")
            spans.append((arena.count, n))
            strings.append(text)
            states.append(NameState(uses: 1))
        }
        arena.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        slots[slot] = UInt32(index + 1)
        if (strings.count - freeIndices.count) * 2 > slots.count { grow() }
        return UInt32(index)
    }

    // MARK: Forgetting names (see the type's comment)

    /// The replay consumed a row with the name at `index`.
    @inline(__always)
    package func consume(_ index: UInt32) {
        if lock == nil { states[Int(index)].consumed &+= 1 }
    }

    /// The replay has a touch under the name at `index` (until `release`).
    package func hold(_ index: UInt32) {
        if lock == nil { states[Int(index)].held = true }
    }

    /// The replay's touch under the name at `index` ended: the name goes if nothing else keeps it.
    package func release(_ index: UInt32) {
        guard lock == nil else { return }
        states[Int(index)].held = false
        forgetIfUnused(index)
    }

    /// The sequence check remembers where the touch under the name at `index` ended.
    package func noteEnd(of index: UInt32) {
        if lock == nil { states[Int(index)].endNoted = endNoteEpoch }
    }

    /// The sequence check forgot every end it remembered: names kept only for that go now.
    package func forgetEndNotes() {
        guard lock == nil else { return }
        endNoteEpoch &+= 1
        let waiting = waitingForEndNotes
        waitingForEndNotes.removeAll(keepingCapacity: true)
        for index in waiting { forgetIfUnused(index) }
    }

    private func forgetIfUnused(_ index: UInt32) {
        let i = Int(index)
        let state = states[i]
        guard !state.held, state.uses > 0, state.uses == state.consumed else { return }
        guard state.endNoted != endNoteEpoch else {
            waitingForEndNotes.append(index)
            return
        }
        let span = spans[i]
        let found = arena.withUnsafeBufferPointer { a in probe(a.baseAddress! + span.offset, span.count) }
        guard found.found == index else { return }
        removeSlot(found.slot)
        arenaGarbage += span.count
        spans[i] = (0, 0)
        strings[i] = ""
        states[i] = NameState()
        freeIndices.append(index)
        if arenaGarbage > 4096 && arenaGarbage * 2 > arena.count { compactArena() }
    }

    /// Empties `slot` of the linear-probing table, moving later entries of its run back so every
    /// name stays reachable from its home slot (deletion without tombstones).
    private func removeSlot(_ slot: Int) {
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next] != 0 {
            let span = spans[Int(slots[next] &- 1)]
            let home = arena.withUnsafeBufferPointer { Self.hash($0.baseAddress! + span.offset, span.count) } & mask
            // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
            let homeAfterHole = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !homeAfterHole {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
    }

    /// Rewrites the arena with the names still held (their indices unchanged).
    private func compactArena() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(arena.count - arenaGarbage)
        for i in spans.indices where spans[i].count > 0 {
            let span = spans[i]
            spans[i].offset = compacted.count
            compacted.append(contentsOf: arena[span.offset..<(span.offset + span.count)])
        }
        arena = compacted
        arenaGarbage = 0
    }

    private func grow() {
        let newCount = slots.count * 2
        var newSlots = [UInt32](repeating: 0, count: newCount)
        let newMask = newCount - 1
        let free = Set(freeIndices)
        arena.withUnsafeBufferPointer { a in
            for (index, span) in spans.enumerated() where !free.contains(UInt32(index)) {
                var slot = Self.hash(a.baseAddress! + span.offset, span.count) & newMask
                while newSlots[slot] != 0 { slot = (slot + 1) & newMask }
                newSlots[slot] = UInt32(index + 1)
            }
        }
        slots = newSlots
        mask = newMask
    }
}

/// `p[0..<n]` as an `Int64` if it is a canonical decimal integer:
/// `-?(0|[1-9][0-9]*)`, not `-0`, in range.
@inline(__always)
func parseCanonicalInt64(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int64? {
    guard n > 0, n <= 20 else { return nil }
    var i = 0
    let negative = p[0] == UInt8(ascii: "-")
    if negative { i = 1 }
    guard i < n else { return nil }
    if p[i] == UInt8(ascii: "0") {
        return (n == i + 1 && !negative) ? 0 : nil
    }
    if n &- i <= 18 {
        // Up to 18 digits cannot overflow: no checks per digit.
        var v: Int64 = 0
        while i < n {
            let d = p[i] &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            v = v &* 10 &+ Int64(d)
            i &+= 1
        }
        return negative ? -v : v
    }
    var v: UInt64 = 0
    while i < n {
        let d = p[i] &- UInt8(ascii: "0")
        guard d < 10 else { return nil }
        let (m, o1) = v.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(UInt64(d))
        if o1 || o2 { return nil }
        v = s
        i += 1
    }
    if negative {
        if v <= UInt64(Int64.max) { return -Int64(v) }
        if v == UInt64(Int64.max) + 1 { return Int64.min }
        return nil
    }
    return v <= UInt64(Int64.max) ? Int64(v) : nil
}
