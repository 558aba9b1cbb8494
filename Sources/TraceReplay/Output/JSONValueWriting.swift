import TraceReading

extension JSONValue {
    /// Writes the value as JSON text: an object or array that holds another one over several
    /// lines, indented by two spaces per level (`indent` levels for the lines after the first),
    /// anything else on one line; whole numbers without a fraction (`3`, not `3.0`), others in
    /// Swift's shortest round-trip form. Reading the text back gives the same values (and, for an
    /// object, its members in the same order, duplicates included).
    public func write(into out: inout OutputBuffer, indent: Int = 0) {
        switch kind {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let v):
            if v == v.rounded(), abs(v) < 1e15 { out.append(Int(v)) } else { out.append(v.description) }
        case .string(let s): out.appendJSONString(s)
        case .array(let elements):
            let nested = elements.contains { $0.isContainer }
            out.append("[")
            for (i, e) in elements.enumerated() {
                if i > 0 { out.append(",") }
                if nested { Self.newline(&out, indent + 1) } else if i > 0 { out.append(" ") }
                e.write(into: &out, indent: indent + 1)
            }
            if nested && !elements.isEmpty { Self.newline(&out, indent) }
            out.append("]")
        case .object(let members):
            let nested = members.contains { $0.value.isContainer }
            out.append("{")
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(",") }
                if nested { Self.newline(&out, indent + 1) } else if i > 0 { out.append(" ") }
                out.appendJSONString(m.key)
                out.append(": ")
                m.value.write(into: &out, indent: indent + 1)
            }
            if nested && !members.isEmpty { Self.newline(&out, indent) }
            out.append("}")
        }
    }

    /// The value as JSON text (``write(into:indent:)``).
    public var jsonText: String {
        var out = OutputBuffer(fileDescriptor: nil)
        write(into: &out)
        return out.text
    }

    private var isContainer: Bool {
        switch kind {
        case .array(let a): !a.isEmpty
        case .object(let o): !o.isEmpty
        default: false
        }
    }

    private static func newline(_ out: inout OutputBuffer, _ level: Int) {
        out.append("\n")
        for _ in 0..<level { out.append("  ") }
    }
}
