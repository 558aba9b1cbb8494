/// A growable list of unretained objects for the dispatch loop: appending is a store and an
/// increment, and emptying it (or cutting it back to an earlier length) is an assignment, where an
/// `Array` goes through its general `replaceSubrange` (~70 instructions), a uniqueness check per
/// append and, for references, a retain per append and a release per element removed.
///
/// The elements are not retained: whoever fills the list keeps the objects alive (for recognizers
/// the environment's `adopted` list, for touches the touches down, `GestureEnvironment`).
struct UnretainedList<Element: AnyObject>: ~Copyable {
    private var base: UnsafeMutablePointer<Unmanaged<Element>>
    private var capacity: Int
    /// Number of elements in the list.
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The element at `index` (which must be below `count`).
    @inline(__always)
    subscript(index: Int) -> Unmanaged<Element> {
        precondition(index >= 0 && index < count)
        return base[index]
    }

    @inline(__always)
    mutating func append(_ element: Unmanaged<Element>) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Cuts the list back to its first `newCount` elements, forgetting the rest (`newCount` must
    /// not exceed `count`; 0 empties it).
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Unmanaged<Element>>.allocate(capacity: capacity * 2)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

extension UnsafeBufferPointer where Element: AnyObject {
    /// Element `i`, loaded without a retain: the array this buffer reads holds it for as long as
    /// the buffer is read.
    @inline(__always)
    func unretained(_ i: Int) -> Unmanaged<Element> {
        precondition(i >= 0 && i < count)
        return UnsafeRawPointer(baseAddress!).load(
            fromByteOffset: i &* MemoryLayout<Unmanaged<Element>>.stride, as: Unmanaged<Element>.self)
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, loaded without a retain and release: this array
    /// holds them for the whole walk. Called on a local copy (`let snapshot = list`), it walks a
    /// list that `body` may change (arbitration asks delegates, which may run any code) as a `for`
    /// loop over the array would, with one retain for the copy instead of one per element.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { elements in
            for i in 0..<elements.count { elements.unretained(i)._withUnsafeGuaranteedRef { body($0) } }
        }
    }

    /// The first element for which `predicate` is true, the elements looked at as in
    /// `forEachUnretained(_:)` (only the one returned is retained).
    @inline(__always)
    func firstUnretained(where predicate: (Element) -> Bool) -> Element? {
        withUnsafeBufferPointer { elements in
            for i in 0..<elements.count {
                let u = elements.unretained(i)
                if u._withUnsafeGuaranteedRef({ predicate($0) }) { return u.takeUnretainedValue() }
            }
            return nil
        }
    }
}

/// The recognizers of a dispatch step, unretained (`StepState.stepRecognizers`).
typealias RecognizerList = UnretainedList<GestureRecognizer>
/// The touches of a dispatch step, unretained (`StepState.stepTouches`).
typealias TouchList = UnretainedList<Touch>
