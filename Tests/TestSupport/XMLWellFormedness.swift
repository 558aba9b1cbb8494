/// A small strict XML 1.0 well-formedness checker for the pictures' tests (no DTDs): one root
/// element, every tag closed in order, attributes quoted and unique per element, `<` never in text
/// or values, `&` only in the five predefined entities or a character reference, no control
/// characters. Returns the first problem with its byte offset, or nil when well-formed; also counts
/// elements by name, for tests that look for parts. An HTML page written as XHTML-compatible
/// HTML (`<!DOCTYPE html>` first, every element closed) is checked the same way.
public struct XMLWellFormedness {
    public var elements: [String: Int] = [:]

    public init() {}

    public static func problem(in text: String) -> String? {
        var checker = XMLWellFormedness()
        return checker.check(text)
    }

    public mutating func check(_ text: String) -> String? {
        let b = Array(text.utf8)
        var i = 0
        var stack: [String] = []
        var sawRoot = false
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c == 0x3A
                || c == 0x2E || c >= 0x80
        }
        func starts(_ s: String, at j: Int) -> Bool {
            let u = Array(s.utf8)
            return j + u.count <= b.count && Array(b[j..<j + u.count]) == u
        }
        /// Checks character data (text or an attribute value) between `from` and `to`.
        func checkData(_ from: Int, _ to: Int) -> String? {
            var j = from
            while j < to {
                let c = b[j]
                if c == UInt8(ascii: "<") { return "'<' in character data at byte \(j)" }
                if c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D { return "control character \(c) at byte \(j)" }
                if c == UInt8(ascii: "&") {
                    guard let semi = b[j..<to].firstIndex(of: UInt8(ascii: ";")) else { return "unterminated entity at byte \(j)" }
                    let name = String(decoding: b[(j + 1)..<semi], as: UTF8.self)
                    let ok =
                        ["amp", "lt", "gt", "quot", "apos"].contains(name)
                        || (name.hasPrefix("#x") && name.count > 2 && name.dropFirst(2).allSatisfy(\.isHexDigit))
                        || (name.hasPrefix("#") && !name.hasPrefix("#x") && name.count > 1 && name.dropFirst().allSatisfy(\.isNumber))
                    if !ok { return "bad entity '&\(name);' at byte \(j)" }
                    j = semi
                }
                j += 1
            }
            return nil
        }
        if starts("<!DOCTYPE html>", at: 0) {
            i = 15
        } else if starts("<?xml", at: 0) {
            guard let end = text.range(of: "?>") else { return "unterminated XML declaration" }
            i = text.utf8.distance(from: text.startIndex, to: end.upperBound)
        }
        while i < b.count {
            if b[i] != UInt8(ascii: "<") {
                let next = b[i...].firstIndex(of: UInt8(ascii: "<")) ?? b.count
                if stack.isEmpty {
                    // Only white space outside the root element.
                    if b[i..<next].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) {
                        return "text outside the root at byte \(i)"
                    }
                } else if let p = checkData(i, next) {
                    return p
                }
                i = next
                continue
            }
            if starts("<!--", at: i) {
                guard let end = findSequence(b, "-->", from: i + 4) else { return "unterminated comment at byte \(i)" }
                i = end + 3
                continue
            }
            if starts("</", at: i) {
                var j = i + 2
                while j < b.count && isNameByte(b[j]) { j += 1 }
                let name = String(decoding: b[(i + 2)..<j], as: UTF8.self)
                while j < b.count && (b[j] == 0x20 || b[j] == 0x0A) { j += 1 }
                guard j < b.count, b[j] == UInt8(ascii: ">") else { return "bad end tag at byte \(i)" }
                guard let open = stack.popLast(), open == name else { return "end tag </\(name)> does not match at byte \(i)" }
                i = j + 1
                continue
            }
            // A start tag.
            var j = i + 1
            while j < b.count && isNameByte(b[j]) { j += 1 }
            guard j > i + 1 else { return "bad tag at byte \(i)" }
            let name = String(decoding: b[(i + 1)..<j], as: UTF8.self)
            if stack.isEmpty {
                if sawRoot { return "a second root element at byte \(i)" }
                sawRoot = true
            }
            var attributes: Set<String> = []
            while true {
                let beforeSpace = j
                while j < b.count && (b[j] == 0x20 || b[j] == 0x0A || b[j] == 0x09) { j += 1 }
                guard j < b.count else { return "unterminated tag <\(name)> at byte \(i)" }
                if b[j] == UInt8(ascii: ">") {
                    stack.append(name)
                    j += 1
                    break
                }
                if b[j] == UInt8(ascii: "/") {
                    guard j + 1 < b.count, b[j + 1] == UInt8(ascii: ">") else { return "bad empty tag at byte \(j)" }
                    j += 2
                    break
                }
                guard j > beforeSpace else { return "no space before an attribute at byte \(j)" }
                let a0 = j
                while j < b.count && isNameByte(b[j]) { j += 1 }
                guard j > a0, j < b.count, b[j] == UInt8(ascii: "=") else { return "bad attribute at byte \(a0)" }
                let attribute = String(decoding: b[a0..<j], as: UTF8.self)
                guard attributes.insert(attribute).inserted else { return "attribute \(attribute) twice at byte \(a0)" }
                j += 1
                guard j < b.count, b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") else { return "unquoted value at byte \(j)" }
                let quote = b[j]
                guard let close = b[(j + 1)...].firstIndex(of: quote) else { return "unterminated value at byte \(j)" }
                if let p = checkData(j + 1, close) { return p }
                j = close + 1
            }
            elements[name, default: 0] += 1
            i = j
            if stack.isEmpty && sawRoot && i <= b.count {
                // A self-closed root: nothing but space may follow (checked by the loop).
            }
        }
        if !stack.isEmpty { return "unclosed element <\(stack.last!)>" }
        if !sawRoot { return "no root element" }
        return nil
    }

    private func findSequence(_ b: [UInt8], _ s: String, from: Int) -> Int? {
        let u = Array(s.utf8)
        var j = from
        while j + u.count <= b.count {
            if Array(b[j..<j + u.count]) == u { return j }
            j += 1
        }
        return nil
    }
}
