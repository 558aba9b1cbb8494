import GestureEngine
import TraceReading

/// `--summary`: after the replay, per recognizer, how often it recognized, failed and was
/// cancelled, and its most common failure (and cancel) reasons.
///
/// - recognized: a continuous gesture that began (`possible -> began`) or a discrete one that ended
///   (`possible -> ended`);
/// - reasons are grouped by their words: reasons that differ only in their numbers count together,
///   and a number that differs is shown as its range (`moved 12.1...57.6 pt > allowableMovement 10 pt`).
///   The 3 most common are shown, most common first (ties: the first seen first).
package final class ReplaySummary {
    struct Reason {
        var key: String
        var count: Int
        /// The words between numbers (one more than the numbers).
        var words: [Substring]
        /// Each number's smallest and largest value and how they were written.
        var low: [(Double, Substring)]
        var high: [(Double, Substring)]
    }

    struct Entry {
        var name: String
        var kind: String
        let shown: Bool
        var recognized = 0
        var failed = 0
        var cancelled = 0
        var reasons: [Reason] = []
        /// The last reason added and the group it joined: the same text again (a recognizer often
        /// fails for the same words and numbers) joins it with no split and no key built.
        var lastReason: (text: String, group: Int)?
    }

    static let shownReasons = 3

    /// Control events counted per control, in the order the controls first sent one
    /// (`ControlEvent` order within each); empty without controls.
    private(set) var controls: [(name: String, counts: [Int])] = []

    func record(_ c: ControlEventReport) {
        let name = c.control.name
        let i =
            controls.firstIndex { $0.name == name }
            ?? {
                controls.append((name, Array(repeating: 0, count: ControlEvent.allCases.count)))
                return controls.count - 1
            }()
        if let e = ControlEvent.allCases.firstIndex(of: c.event) { controls[i].counts[e] += 1 }
    }

    /// The events a control sent, `touchDown 1  touchUpInside 1` (only those it sent).
    private static func sent(_ counts: [Int]) -> [(String, Int)] {
        zip(ControlEvent.allCases, counts).filter { $0.1 > 0 }.map { ($0.0.rawValue, $0.1) }
    }

    private var index: [ObjectIdentifier: Int] = [:]
    private(set) var entries: [Entry] = []

    init(scene: Scene, filter: OutputFilter?) {
        for r in scene.recognizers {
            index[ObjectIdentifier(r)] = entries.count
            entries.append(Entry(name: r.name, kind: r.kind, shown: filter?.showsInSummary(r) ?? true))
        }
    }

    /// What a transition counts as (nil: nothing): the one rule `--summary` and `gesturereplay stats`
    /// count by.
    package enum Outcome {
        case recognized, failed, cancelled
    }

    static func outcome(of t: Transition) -> Outcome? {
        outcome(previous: t.previous, state: t.state)
    }

    /// The same rule on a transition's two states (as printed text and JSON Lines show them:
    /// `compare --goldens` counts golden files by it).
    package static func outcome(previous: GestureRecognizerState, state: GestureRecognizerState) -> Outcome? {
        switch state {
        case .began: .recognized
        case .ended where previous == .possible: .recognized
        case .failed: .failed
        case .cancelled: .cancelled
        default: nil
        }
    }

    func record(_ t: Transition) {
        guard let i = index[ObjectIdentifier(t.recognizer)] else { return }
        switch Self.outcome(of: t) {
        case .recognized: entries[i].recognized += 1
        case .failed: entries[i].failed += 1
        case .cancelled: entries[i].cancelled += 1
        case nil: return
        }
        if let reason = t.reason, t.state == .failed || t.state == .cancelled { add(reason, to: i) }
    }

    /// A reason with each number written `N` (`moved N pt > allowableMovement N pt`): the groups of
    /// `--summary` (`split`), as `gesturereplay stats` names them.
    package static func template(_ reason: String) -> String {
        var reason = reason
        return reason.withUTF8 { bytes in
            guard let numbers = asciiNumbers(bytes) else {
                return split(String(decoding: bytes, as: UTF8.self)).0.joined(separator: "N")
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var wordStart = 0
            for number in numbers {
                out.append(contentsOf: bytes[wordStart..<number.lowerBound])
                out.append(0x4e)  // N
                wordStart = number.upperBound
            }
            out.append(contentsOf: bytes[wordStart...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Where the numbers of an ASCII reason are, as byte offsets, by `splitCharacters`'s rule read
    /// byte by byte (all the engine's reasons are ASCII); nil for a reason that is not ASCII.
    /// ReplaySummaryTemplateTests checks that the two agree.
    static func asciiNumbers(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a }
        var numbers: [Range<Int>] = []
        var i = 0
        let n = bytes.count
        while i < n {
            var j = i
            if bytes[i] == 0x2d, i + 1 < n, isDigit(bytes[i + 1]), i == 0 || !(isLetter(bytes[i - 1]) || isDigit(bytes[i - 1])) {
                j = i + 1
            }
            guard isDigit(bytes[j]), i == 0 || !isLetter(bytes[i - 1]) else {
                i += 1
                continue
            }
            var end = j
            while end < n && isDigit(bytes[end]) { end += 1 }
            if end < n, bytes[end] == 0x2e, end + 1 < n, isDigit(bytes[end + 1]) {
                end += 1
                while end < n && isDigit(bytes[end]) { end += 1 }
            }
            numbers.append(i..<end)
            i = end
        }
        return numbers
    }

    private func add(_ reason: String, to i: Int) {
        // Its numbers are within the group's range already (they were added with it).
        if let last = entries[i].lastReason, last.text == reason {
            entries[i].reasons[last.group].count += 1
            return
        }
        let (words, numbers) = Self.split(reason)
        let key = words.joined(separator: "#")
        if let r = entries[i].reasons.firstIndex(where: { $0.key == key }) {
            entries[i].reasons[r].count += 1
            for (n, number) in numbers.enumerated() {
                if number.0 < entries[i].reasons[r].low[n].0 { entries[i].reasons[r].low[n] = number }
                if number.0 > entries[i].reasons[r].high[n].0 { entries[i].reasons[r].high[n] = number }
            }
            entries[i].lastReason = (reason, r)
        } else {
            entries[i].reasons.append(Reason(key: key, count: 1, words: words, low: numbers, high: numbers))
            entries[i].lastReason = (reason, entries[i].reasons.count - 1)
        }
    }

    /// The text between numbers, and the numbers (value and spelling). A number is digits with an
    /// optional fraction, and a `-` when it does not follow a letter or digit. An ASCII reason is
    /// scanned byte by byte (`asciiNumbers`): reading it `Character` by `Character` cost ~80,000
    /// instructions per reason, four times a whole replay's per event with `--summary`.
    static func split(_ s: String) -> ([Substring], [(Double, Substring)]) {
        var copy = s
        guard let ranges = copy.withUTF8({ asciiNumbers($0) }) else { return splitCharacters(s) }
        let utf8 = s.utf8
        // UTF-8 offsets of an ASCII string are `Character` boundaries.
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var words: [Substring] = []
        var numbers: [(Double, Substring)] = []
        var wordStart = s.startIndex
        for range in ranges {
            let start = index(range.lowerBound), end = index(range.upperBound)
            let text = s[start..<end]
            words.append(s[wordStart..<start])
            numbers.append((Double(text) ?? 0, text))
            wordStart = end
        }
        words.append(s[wordStart...])
        return (words, numbers)
    }

    /// `split` read `Character` by `Character`: the rule itself, for any text.
    static func splitCharacters(_ s: String) -> ([Substring], [(Double, Substring)]) {
        var words: [Substring] = []
        var numbers: [(Double, Substring)] = []
        var wordStart = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            var j = i
            let c = s[i]
            if c == "-", s.index(after: i) < s.endIndex, s[s.index(after: i)].isASCIIDigit,
                i == s.startIndex || !(s[s.index(before: i)].isLetter || s[s.index(before: i)].isASCIIDigit)
            {
                j = s.index(after: i)
            }
            guard s[j].isASCIIDigit, i == s.startIndex || !s[s.index(before: i)].isLetter else {
                i = s.index(after: i)
                continue
            }
            var end = j
            while end < s.endIndex && s[end].isASCIIDigit { end = s.index(after: end) }
            if end < s.endIndex, s[end] == ".", s.index(after: end) < s.endIndex, s[s.index(after: end)].isASCIIDigit {
                end = s.index(after: end)
                while end < s.endIndex && s[end].isASCIIDigit { end = s.index(after: end) }
            }
            let text = s[i..<end]
            words.append(s[wordStart..<i])
            numbers.append((Double(String(text)) ?? 0, text))
            wordStart = end
            i = end
        }
        words.append(s[wordStart...])
        return (words, numbers)
    }

    /// A reason group as shown: numbers that differ as `low...high`.
    static func text(_ r: Reason) -> String {
        var out = ""
        for (n, word) in r.words.enumerated() {
            out += word
            guard n < r.low.count else { break }
            out += r.low[n].1
            if r.low[n].1 != r.high[n].1 { out += "..." + r.high[n].1 }
        }
        return out
    }

    /// The most common reasons first (ties: first seen first), at most `shownReasons`.
    static func common(_ reasons: [Reason]) -> ArraySlice<Reason> {
        reasons.enumerated().sorted { a, b in
            a.element.count != b.element.count ? a.element.count > b.element.count : a.offset < b.offset
        }.map(\.element).prefix(shownReasons)
    }

    /// Text: a blank line, `summary:`, then one aligned line per recognizer.
    ///
    /// ```
    ///
    /// summary:
    ///   doubleTap  tap  recognized 1  failed 0  cancelled 0
    ///   single     tap  recognized 0  failed 1  cancelled 0  reasons: required recognizer 'doubleTap' recognized (1)
    /// ```
    func renderText(into out: inout OutputBuffer) {
        // Names, kinds and reasons come from the scene: control characters escaped (`TerminalSafe`).
        let shown = entries.filter(\.shown).map { e in
            var e = e
            e.name = TerminalSafe.escaped(e.name)
            e.kind = TerminalSafe.escaped(e.kind)
            return e
        }
        let nameWidth = shown.map(\.name.count).max() ?? 0
        let kindWidth = shown.map(\.kind.count).max() ?? 0
        out.append("\nsummary:\n" as StaticString)
        for e in shown {
            var line = "  " + e.name + String(repeating: " ", count: nameWidth - e.name.count + 2)
            line += e.kind + String(repeating: " ", count: kindWidth - e.kind.count + 2)
            line += "recognized \(e.recognized)  failed \(e.failed)  cancelled \(e.cancelled)"
            let common = Self.common(e.reasons)
            if !common.isEmpty {
                line += "  reasons: " + common.map { TerminalSafe.escaped(Self.text($0)) + " (\($0.count))" }.joined(separator: "; ")
                if e.reasons.count > common.count {
                    line += "; \(e.reasons.count - common.count) other\(e.reasons.count - common.count == 1 ? "" : "s")"
                }
            }
            out.append(line)
            out.append(UInt8(ascii: "\n"))
        }
        // Controls (only when one sent an event): `  control button  touchDown 1  touchUpInside 1`.
        for c in controls {
            out.append("  control " as StaticString)
            out.appendTerminalSafe(c.name)
            for (event, n) in Self.sent(c.counts) {
                out.append("  " as StaticString)
                out.append(event)
                out.append(UInt8(ascii: " "))
                out.append(n)
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// JSON Lines: one `summary` event per recognizer (`docs/output-format.md`).
    func renderJSONLines(into out: inout OutputBuffer) {
        for e in entries where e.shown {
            out.append("{\"event\":\"summary\",\"recognizer\":" as StaticString)
            out.appendJSONString(e.name)
            out.append(",\"kind\":" as StaticString)
            out.appendJSONString(e.kind)
            out.append(",\"recognized\":" as StaticString)
            out.append(e.recognized)
            out.append(",\"failed\":" as StaticString)
            out.append(e.failed)
            out.append(",\"cancelled\":" as StaticString)
            out.append(e.cancelled)
            out.append(",\"reasons\":[" as StaticString)
            for (n, r) in Self.common(e.reasons).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out.append("{\"reason\":" as StaticString)
                out.appendJSONString(Self.text(r))
                out.append(",\"count\":" as StaticString)
                out.append(r.count)
                out.append(UInt8(ascii: "}"))
            }
            out.append("]}\n" as StaticString)
        }
        // `{"event":"summary","control":"button","events":{"touchDown":1,"touchUpInside":1}}`
        for c in controls {
            out.append("{\"event\":\"summary\",\"control\":" as StaticString)
            out.appendJSONString(c.name)
            out.append(",\"events\":{" as StaticString)
            for (n, (event, count)) in Self.sent(c.counts).enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out.appendJSONString(event)
                out.append(UInt8(ascii: ":"))
                out.append(count)
            }
            out.append("}}\n" as StaticString)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
