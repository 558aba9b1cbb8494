import TraceReplay

/// What a golden diff adds to the plain unified diff, so that a small change reads as one:
///
/// - the **fields** of a changed line: where a run of removed lines is followed by as many added
///   lines, each pair is compared field by field (text output: the columns separated by two
///   spaces; JSON Lines: the top-level `"key":value` members), and a `?` line under the added line
///   marks the changed fields with `^` (as Python's `difflib` does);
/// - a **summary** line before the diff: how many lines changed, were added and removed, which
///   fields changed, and the largest numeric change;
/// - **colour** (`colorize`): removed lines red, added green, the changed fields in reverse video,
///   the `?` lines dropped (the highlight replaces them).
enum DiffHighlight {
    /// A field of a line: its label (`time`, `state`, `velocity`, a JSON key), its text, and where
    /// it is in the line (character offsets).
    struct Field: Equatable {
        var label: String
        var text: String
        var start: Int
        var end: Int
    }

    /// The fields of a line of text output (runs separated by two or more spaces) or of JSON Lines
    /// output (top-level members).
    static func fields(_ line: String) -> [Field] {
        let chars = Array(line)
        if chars.first == "{" { return jsonFields(chars) }
        var result: [Field] = []
        var i = 0
        while i < chars.count {
            while i < chars.count && chars[i] == " " { i += 1 }
            if i >= chars.count { break }
            let start = i
            while i < chars.count && !(chars[i] == " " && i + 1 < chars.count && chars[i + 1] == " ") { i += 1 }
            var end = i
            while end > start && chars[end - 1] == " " { end -= 1 }
            let text = String(chars[start..<end])
            // `reason: ...` runs to the end of the line (a reason may hold two spaces).
            if text.hasPrefix("reason:") {
                let rest = String(chars[start...]).trimmingTrailingSpaces
                result.append(Field(label: "reason", text: rest, start: start, end: start + rest.count))
                break
            }
            result.append(Field(label: label(text, index: result.count), text: text, start: start, end: end))
        }
        return result
    }

    private static func label(_ text: String, index: Int) -> String {
        if text.contains(" -> ") { return "state" }
        if let space = text.firstIndex(of: " ") {
            let word = String(text[..<space])
            switch word {
            case "at": return "location"
            case "note:": return "note"
            case "error": return "error"
            default: return word.hasSuffix(":") ? String(word.dropLast()) : word
            }
        }
        if index == 0 && Double(text) != nil { return "time" }
        switch index {
        case 1: return "recognizer"
        case 2: return "kind"
        default: return text
        }
    }

    /// Top-level members of a JSON object written on one line (the renderers' output: no spaces).
    private static func jsonFields(_ chars: [Character]) -> [Field] {
        var result: [Field] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 1
        var i = 0
        func close(_ end: Int) {
            guard end > start else { return }
            let text = String(chars[start..<end])
            var key = text
            if text.hasPrefix("\""), let quote = text.dropFirst().firstIndex(of: "\"") {
                key = String(text[text.index(after: text.startIndex)..<quote])
            }
            result.append(Field(label: key, text: text, start: start, end: end))
        }
        while i < chars.count {
            let c = chars[i]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "{" || c == "[" {
                depth += 1
            } else if c == "}" || c == "]" {
                depth -= 1
                if depth == 0 { close(i); start = i + 1 }
            } else if c == "," && depth == 1 {
                close(i)
                start = i + 1
            }
            i += 1
        }
        return result
    }

    /// The fields of `new` that are not in `old` (by text, aligned by a longest common subsequence),
    /// and the pairs of fields with the same label that changed, for the summary.
    static func changedFields(old: String, new: String) -> (changed: [Field], pairs: [(Field, Field)]) {
        let a = fields(old), b = fields(new)
        let n = a.count, m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i].text == b[j].text ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var changed: [Field] = []
        var removed: [Field] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && a[i].text == b[j].text {
                i += 1; j += 1
            } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
                removed.append(a[i]); i += 1
            } else {
                changed.append(b[j]); j += 1
            }
        }
        var pairs: [(Field, Field)] = []
        for f in changed {
            if let r = removed.firstIndex(where: { $0.label == f.label }) {
                pairs.append((removed[r], f))
                removed.remove(at: r)
            }
        }
        return (changed, pairs)
    }

    /// The marker line under `new`: `?`, then `^` under each changed field (nil when no field changed).
    static func markerLine(old: String, new: String) -> String? {
        let changed = changedFields(old: old, new: new).changed
        // Nothing to point at when no field, or every field, changed.
        if changed.isEmpty || changed.count == fields(new).count { return nil }
        var marks = [Character](repeating: " ", count: (changed.map(\.end).max() ?? 0))
        for f in changed { for k in f.start..<f.end { marks[k] = "^" } }
        // `?` takes the place of the diff's one-character prefix.
        return "?" + String(marks)
    }

    /// The numbers in a field's text, in order.
    static func numbers(_ text: String) -> [Double] {
        var result: [Double] = []
        var current = ""
        func flush() {
            if let v = Double(current), current != "-", current != "." { result.append(v) }
            current = ""
        }
        for c in text {
            if c.isASCII && (c.isNumber || c == "." || (c == "-" && current.isEmpty)) {
                current.append(c)
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    /// What a diff's changes amount to, in one line:
    /// `1 line changed (taps), 2 added, 0 removed; largest numeric change 1 (taps)`.
    struct Summary {
        var changedLines = 0
        var added = 0
        var removed = 0
        /// Changed field labels with how many lines they changed in, in first-seen order.
        var fields: [(String, Int)] = []
        var largest: (Double, String)?

        mutating func addPair(old: String, new: String) {
            changedLines += 1
            let (changed, pairs) = DiffHighlight.changedFields(old: old, new: new)
            var seen: Set<String> = []
            for f in changed where seen.insert(f.label).inserted {
                if let k = fields.firstIndex(where: { $0.0 == f.label }) { fields[k].1 += 1 } else { fields.append((f.label, 1)) }
            }
            for (o, n) in pairs {
                let a = DiffHighlight.numbers(o.text), b = DiffHighlight.numbers(n.text)
                guard a.count == b.count else { continue }
                for (x, y) in zip(a, b) where abs(y - x) > (largest?.0 ?? 0) { largest = (abs(y - x), n.label) }
            }
        }

        var text: String {
            func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
            var parts: [String] = []
            if changedLines > 0 {
                var s = "\(lines(changedLines)) changed"
                if !fields.isEmpty {
                    s +=
                        " ("
                        + fields.map { $0.1 == changedLines || changedLines == 1 ? $0.0 : "\($0.0) in \($0.1)" }.joined(separator: ", ")
                        + ")"
                }
                parts.append(s)
            }
            if added > 0 { parts.append("\(lines(added)) added") }
            if removed > 0 { parts.append("\(lines(removed)) removed") }
            var s = "differs: " + parts.joined(separator: ", ")
            if let (d, label) = largest { s += "; largest numeric change \(formatShort(d, decimals: 6)) (\(label))" }
            return s
        }
    }

    // MARK: Colour

    static let red = "\u{1B}[31m", green = "\u{1B}[32m", cyan = "\u{1B}[36m", bold = "\u{1B}[1m"
    static let reverse = "\u{1B}[7m", noReverse = "\u{1B}[27m", reset = "\u{1B}[0m"

    /// The diff text with ANSI colours: headers bold, hunk headers cyan, removed lines red, added
    /// green, the changed fields of paired lines in reverse video; `?` marker lines dropped. Text
    /// that is not a diff line (the summary) is kept as it is.
    static func colorize(_ diff: String) -> String {
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        lines.removeAll { $0.hasPrefix("?") }
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
                out.append(bold + line + reset)
                i += 1
            } else if line.hasPrefix("@@") {
                out.append(cyan + line + reset)
                i += 1
            } else if line.hasPrefix("-") {
                // A run of removed lines, then of added ones: pair them when the counts match.
                var j = i
                while j < lines.count && lines[j].hasPrefix("-") && !lines[j].hasPrefix("--- ") { j += 1 }
                var k = j
                while k < lines.count && lines[k].hasPrefix("+") && !lines[k].hasPrefix("+++ ") { k += 1 }
                let removed = Array(lines[i..<j]), added = Array(lines[j..<k])
                if removed.count == added.count {
                    for (o, n) in zip(removed, added) {
                        let old = String(o.dropFirst()), new = String(n.dropFirst())
                        out.append(highlight("-", old, changedFields(old: new, new: old).changed, red))
                    }
                    for (o, n) in zip(removed, added) {
                        let old = String(o.dropFirst()), new = String(n.dropFirst())
                        out.append(highlight("+", new, changedFields(old: old, new: new).changed, green))
                    }
                } else {
                    out += removed.map { red + $0 + reset }
                    out += added.map { green + $0 + reset }
                }
                i = k
            } else if line.hasPrefix("+") {
                out.append(green + line + reset)
                i += 1
            } else {
                out.append(line)
                i += 1
            }
        }
        return out.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    private static func highlight(_ prefix: String, _ line: String, _ changed: [Field], _ colour: String) -> String {
        let chars = Array(line)
        var out = colour + prefix
        var k = 0
        for f in changed.sorted(by: { $0.start < $1.start }) where f.start >= k {
            out += String(chars[k..<f.start]) + reverse + String(chars[f.start..<f.end]) + noReverse
            k = f.end
        }
        out += String(chars[k...]) + reset
        return out
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension TraceCheck.Result {
    /// `details`, with the golden diff coloured when `color` is true (`DiffHighlight.colorize`).
    public func details(color: Bool) -> String {
        guard color, let g = golden, !g.passed, g.expected != nil else { return details }
        var text = DiffHighlight.colorize(g.diff)
        if let e = expectations, !e.passed { text += e.text }
        return text
    }
}
