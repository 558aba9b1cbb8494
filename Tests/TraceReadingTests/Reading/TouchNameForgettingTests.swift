import TestSupport
import Testing
@testable import TraceReading

/// `TouchNameTable` forgets a name once its touch ended and nothing keeps it (issue 30 #16): its
/// index and arena bytes are reused, and every other name is still found (linear probing with
/// backward-shift deletion), against a dictionary as the model.
@Suite("Touch names forgotten after their touch ends")
struct TouchNameForgettingTests {
    @Test("random touches under a pool of names: the table finds exactly what the model holds", arguments: 0..<4)
    func matchesTheModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491 &+ 3)
        let table = TouchNameTable()
        var model: [String: UInt32] = [:]
        var forgotten = 0
        var highestIndex: UInt32 = 0
        let steps = TestScale.count(40_000, multipleOf: 100)
        for step in 0..<steps {
            // Names of several lengths from a small pool, so probes collide and runs form.
            let name = "id-" + String(repeating: "x", count: Int(random.next() % 4)) + String(random.next() % 300)
            if random.next() % 3 == 0, let index = model[name] {
                // The touch under it ends, every row consumed: the name goes.
                table.release(index)
                #expect(table.existingID(for: name) == nil, "step \(step): \(name) kept")
                model[name] = nil
                forgotten += 1
            } else {
                // A row produced and consumed, the replay holding a touch under the name.
                guard case .name(let index) = table.id(for: name) else {
                    Issue.record("\(name) is not a name")
                    return
                }
                table.consume(index)
                table.hold(index)
                if let known = model[name] { #expect(known == index, "step \(step): \(name) moved") }
                model[name] = index
                highestIndex = max(highestIndex, index)
            }
            if step % 500 == 0 {
                for (name, index) in model {
                    #expect(table.existingID(for: name) == .name(index))
                    #expect(table.text(of: .name(index)) == name)
                }
            }
        }
        // About one step in five ends a touch (a third of the steps, when the name is held).
        #expect(forgotten > steps / 10)
        #expect(table.count == model.count)
        for (name, index) in model { #expect(table.existingID(for: name) == .name(index)) }
        // Forgotten indices are reused: they stay below the most names held at once (4 x 300).
        #expect(highestIndex < 1_200)
    }

    @Test("a name is kept while a row with it is on its way, a touch holds it, or an end note remembers it")
    func keptWhileSomethingNeedsIt() {
        let table = TouchNameTable()
        guard case .name(let a) = table.id(for: "a") else { return }
        table.consume(a)
        table.hold(a)
        _ = table.id(for: "a")  // produced, not yet consumed
        table.release(a)
        #expect(table.existingID(for: "a") == .name(a))
        table.consume(a)
        table.hold(a)
        table.noteEnd(of: a)  // the sequence check remembers its end
        table.release(a)
        #expect(table.existingID(for: "a") == .name(a))
        table.forgetEndNotes()
        #expect(table.existingID(for: "a") == nil)
        #expect(table.count == 0)
        // The next new name takes the index back.
        #expect(table.id(for: "b") == .name(a))
        #expect(table.text(of: .name(a)) == "b")
    }

    @Test("a table shared with a reading thread forgets nothing")
    func sharedTableKeepsNames() {
        let table = TouchNameTable()
        guard case .name(let a) = table.id(for: "a") else { return }
        table.beginSharing()
        table.consume(a)
        table.release(a)
        #expect(table.existingID(for: "a") == .name(a))
    }
}
