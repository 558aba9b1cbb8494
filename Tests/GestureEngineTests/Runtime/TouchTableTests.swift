@testable import GestureEngine
import Testing

@Suite("Touch table (touches down by id)")
struct TouchTableTests {
    @Test("finds, inserts and removes like a dictionary, through growth and backward-shift deletion")
    func matchesDictionary() {
        var table = TouchTable()
        var reference: [Int: Touch] = [:]
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        // Small ids (probes collide in runs), huge ids (engine ids from 2^62) and negative ones.
        let pools: [[Int]] = [Array(0..<64), (0..<64).map { (1 << 62) + $0 * 7 }, (0..<64).map { -$0 * 1_000_003 }]
        for step in 0..<50_000 {
            let pool = pools[step % 3]
            let id = pool[Int(next() % UInt64(pool.count))]
            if reference[id] == nil && next() % 3 != 0 {
                let t = Touch(id: id, location: .zero, timestamp: 0, view: nil)
                table.insert(t)
                reference[id] = t
            } else if reference[id] != nil {
                table.remove(id)
                reference[id] = nil
            }
            #expect(table.count == reference.count)
            if step % 97 == 0 {
                for p in pools { for k in p { #expect(table.find(k) === reference[k]) } }
            }
        }
        for (id, t) in reference { #expect(table.find(id) === t) }
        table.remove(123_456_789)
        #expect(table.count == reference.count)
    }
}
