#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TraceReplay

/// A unified diff of two texts, line by line (`---`/`+++` headers, `@@` hunks with 3 lines of
/// context), from a longest-common-subsequence alignment, with what `DiffHighlight` adds: a
/// one-line summary first (`differs: 2 lines changed (velocity); largest numeric change 1.5
/// (velocity)`), and under each changed line that replaces one line a `?` line marking its
/// changed fields with `^`.
///
/// Every printed line has its control characters escaped (`TerminalSafe`): a golden is the user's
/// file and may hold ESC or NUL. Lines are split at `\n` only; texts that differ only in their line endings (CRLF against LF)
/// give one line saying so instead of a diff.
package enum UnifiedDiff {
    /// The diff from `old` (expected) to `new` (actual); empty when they are equal.
    package static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        // The names are paths, and the golden's lines are the user's file: control characters in
        // both are escaped for the terminal (`TerminalSafe`; the actual lines come escaped already).
        let oldName = TerminalSafe.escaped(oldName), newName = TerminalSafe.escaped(newName)
        if containsCR(old) || containsCR(new), normalizingLineEndings(old) == normalizingLineEndings(new) {
            let which =
                containsCR(old)
                ? "\(oldName) has CRLF (\\r\\n) line endings, \(newName) LF" : "\(newName) has CRLF (\\r\\n) line endings, \(oldName) LF"
            return "line endings differ: \(which); the lines are otherwise equal\n"
        }
        let a = lines(old), b = lines(new)
        let ops = align(a, b)
        var summary = DiffHighlight.Summary()
        var k = 0
        while k < ops.count {
            guard ops[k].kind == .delete else {
                if ops[k].kind == .insert { summary.added += 1 }
                k += 1
                continue
            }
            var j = k
            while j < ops.count && ops[j].kind == .delete { j += 1 }
            var e = j
            while e < ops.count && ops[e].kind == .insert { e += 1 }
            if j - k == e - j {
                for n in 0..<(j - k) { summary.addPair(old: a[ops[k + n].oldIndex], new: b[ops[j + n].newIndex]) }
            } else {
                summary.removed += j - k
                summary.added += e - j
            }
            k = e
        }
        var out = summary.text + "\n--- \(oldName)\n+++ \(newName)\n"
        // Group operations into hunks around changes.
        var i = 0
        while i < ops.count {
            guard let firstChange = ops[i...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(firstChange - context, i)
            if start < 0 { start = 0 }
            var end = firstChange
            var lastChange = firstChange
            while end < ops.count {
                if ops[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(ops.count, lastChange + context + 1)
            let hunk = ops[start..<end]
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
            var h = hunk.startIndex
            while h < hunk.endIndex {
                let op = hunk[h]
                switch op.kind {
                case .same: out += " " + TerminalSafe.escaped(a[op.oldIndex]) + "\n"
                case .insert: out += "+" + TerminalSafe.escaped(b[op.newIndex]) + "\n"
                case .delete:
                    // A run of removed lines replaced by as many added ones: each added line gets a
                    // `?` line marking its changed fields.
                    var j = h
                    while j < hunk.endIndex && hunk[j].kind == .delete { j += 1 }
                    var e = j
                    while e < hunk.endIndex && hunk[e].kind == .insert { e += 1 }
                    for d in h..<j { out += "-" + TerminalSafe.escaped(a[hunk[d].oldIndex]) + "\n" }
                    for i in j..<e {
                        let new = b[hunk[i].newIndex]
                        out += "+" + TerminalSafe.escaped(new) + "\n"
                        if j - h == e - j, let marks = DiffHighlight.markerLine(old: a[hunk[h + (i - j)].oldIndex], new: new) {
                            out += marks + "\n"
                        }
                    }
                    h = e
                    continue
                }
                h += 1
            }
            i = end
        }
        if !old.isEmpty && !old.utf8.hasSuffixNewline { out += "\\ No newline at end of expected\n" }
        if !new.isEmpty && !new.utf8.hasSuffixNewline { out += "\\ No newline at end of actual\n" }
        return out
    }

    struct Op {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    /// The lines of `s`, split at `\n` bytes (a `\r` before it stays in the line: `\r\n` is one
    /// `Character`, so splitting at the `Character` `\n` would make a CRLF file one giant line).
    static func lines(_ s: String) -> [String] {
        var result = s.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if result.last == "" { result.removeLast() }
        return result
    }

    /// `s` with every CRLF made LF.
    package static func normalizingLineEndings(_ s: String) -> String {
        guard containsCR(s) else { return s }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var previousCR = false
        for b in s.utf8 {
            if previousCR && b != UInt8(ascii: "\n") { bytes.append(13) }
            previousCR = b == 13
            if !previousCR { bytes.append(b) }
        }
        if previousCR { bytes.append(13) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `s` has a carriage return: `memchr` over its UTF-8 (`utf8.contains` walks the view's
    /// generic indices, ~25 instructions a byte: a quarter of `test`'s time per small trace).
    package static func containsCR(_ s: String) -> Bool {
        var copy = s
        return copy.withUTF8 { buf in
            guard let base = buf.baseAddress, buf.count > 0 else { return false }
            return memchr(base, 13, buf.count) != nil
        }
    }

    /// Aligns the lines: common prefix and suffix first, then an LCS table over the middle (capped
    /// so that huge, wholly different files fall back to "delete all, insert all").
    static func align(_ a: [String], _ b: [String]) -> [Op] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var ops: [Op] = (0..<prefix).map { Op(kind: .same, oldIndex: $0, newIndex: $0) }
        let am = Array(a[prefix..<(a.count - suffix)]), bm = Array(b[prefix..<(b.count - suffix)])
        if am.count * bm.count > 25_000_000 {
            ops += am.indices.map { Op(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            ops += bm.indices.map { Op(kind: .insert, oldIndex: prefix + am.count, newIndex: prefix + $0) }
        } else {
            let n = am.count, m = bm.count
            var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i * (m + 1) + j] =
                        am[i] == bm[j]
                        ? table[(i + 1) * (m + 1) + j + 1] + 1
                        : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n && j < m && am[i] == bm[j] {
                    ops.append(Op(kind: .same, oldIndex: prefix + i, newIndex: prefix + j)); i += 1; j += 1
                } else if i < n && (j == m || table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1]) {
                    // Deletions before insertions, as diff(1) prints them.
                    ops.append(Op(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j)); i += 1
                } else {
                    ops.append(Op(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j)); j += 1
                }
            }
        }
        for k in 0..<suffix {
            ops.append(Op(kind: .same, oldIndex: a.count - suffix + k, newIndex: b.count - suffix + k))
        }
        return ops
    }
}

extension String.UTF8View {
    var hasSuffixNewline: Bool { last == UInt8(ascii: "\n") }
}
