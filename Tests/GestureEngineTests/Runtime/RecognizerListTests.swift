@testable import GestureEngine
import Testing

@Suite("Recognizer list (the dispatch loop's unretained list)")
struct RecognizerListTests {
    @Test("truncate(to:) keeps the first recognizers and forgets the rest; later appends follow them, through growth")
    func truncateKeepsPrefix() {
        let recognizers = (0..<40).map { GestureRecognizer(name: "r\($0)") }
        var list = RecognizerList()
        func names(_ list: borrowing RecognizerList) -> [String] {
            (0..<list.count).map { list[$0].takeUnretainedValue().name }
        }
        for r in recognizers[0..<20] { list.append(Unmanaged.passUnretained(r)) }
        #expect(list.count == 20)
        // A nested step appends after the outer step's recognizers and cuts back to them.
        list.truncate(to: 12)
        #expect(names(list) == (0..<12).map { "r\($0)" })
        for r in recognizers[30..<40] { list.append(Unmanaged.passUnretained(r)) }
        #expect(names(list) == (0..<12).map { "r\($0)" } + (30..<40).map { "r\($0)" })
        list.truncate(to: list.count)
        #expect(list.count == 22)
        list.truncate(to: 0)
        #expect(list.count == 0)
        list.append(Unmanaged.passUnretained(recognizers[5]))
        #expect(names(list) == ["r5"])
    }
}
