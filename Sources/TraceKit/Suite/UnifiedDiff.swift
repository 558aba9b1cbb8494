/// A unified diff of two texts, line by line (`---`/`+++` headers, `@@` hunks with 3 lines of
/// context), from a longest-common-subsequence alignment.
public enum UnifiedDiff {
    /// The diff from `old` (expected) to `new` (actual); empty when they are equal.
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = lines(old), b = lines(new)
        let ops = align(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
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
            for op in hunk {
                switch op.kind {
                case .same: out += " " + a[op.oldIndex] + "\n"
                case .delete: out += "-" + a[op.oldIndex] + "\n"
                case .insert: out += "+" + b[op.newIndex] + "\n"
                }
            }
            i = end
        }
        if !old.isEmpty && !old.hasSuffix("\n") { out += "\\ No newline at end of expected\n" }
        if !new.isEmpty && !new.hasSuffix("\n") { out += "\\ No newline at end of actual\n" }
        return out
    }

    struct Op {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
    }

    static func lines(_ s: String) -> [String] {
        var result = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
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
                    table[i * (m + 1) + j] = am[i] == bm[j]
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
