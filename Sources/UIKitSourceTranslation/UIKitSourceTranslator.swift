/// Writes the Linux-ready derivative of an iOS Swift file: the file as it ships, with only what
/// needs the Objective-C runtime or UIKit's module changed (docs/uikit-compat.md, "Objective-C syntax"):
///
/// - import lines: `import UIKit`, `import UIKit.UIGestureRecognizerSubclass`, `import CoreGraphics`,
///   `import QuartzCore` (and their `import class UIKit.UIView` forms) become `import GestureUIKit`;
///   so do `import Foundation` and `import Dispatch`, which GestureUIKit re-exports with its own
///   `Timer`, `RunLoop` and `DispatchQueue` running in trace time (imported beside it, their types
///   would be ambiguous);
/// - the attributes `@objc`, `@objc(name)`, `@objcMembers`, `@nonobjc`, `@IBAction`, `@IBOutlet`,
///   `@IBInspectable`, `@IBDesignable` and the modifier `dynamic` are blanked (an `@objc protocol`
///   without an inheritance clause gains `: AnyObject`, which `@objc` implied);
/// - `#selector(method)` becomes `Selector("objcName", Self.method)`, GestureUIKit's selector bound
///   to the same method (`Type.method` and `object.method` keep their base: `Type.method`,
///   `type(of: object).method`); the Objective-C name is `@objc(name)`'s when the method has one.
///
/// Everything else is left as written, on the same line (a first line, `#sourceLocation`, maps the
/// compiler's messages back to the iOS file's lines). Comments and string literals are never
/// changed. What cannot be translated without the Objective-C runtime (`optional` protocol
/// requirements, `#keyPath`, `#selector(getter:)`, `@NSManaged`, `import ObjectiveC`) is a
/// `TranslationError` at its line and column.
public struct UIKitSourceTranslator {
    /// The module the derivative imports in place of UIKit's.
    public static let replacementModule = "GestureUIKit"
    /// Modules replaced by `replacementModule`.
    public static let replacedModules: Set<String> = ["UIKit", "CoreGraphics", "QuartzCore", "Foundation", "Dispatch"]
    /// Attributes that only mean something to the Objective-C runtime or Interface Builder: blanked.
    public static let blankedAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable", "IBSegueAction",
    ]

    private let path: String
    private let bytes: [UInt8]
    private var out: [UInt8] = []
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// `@objc(name)` names of methods, by their Swift base name (`handleTap` -> `tapped:`).
    private var objcNames: [String: String] = [:]
    /// Argument labels of the methods declared in the file, by base name (for `#selector(name)`).
    private var declaredLabels: [String: [String]] = [:]

    /// The derivative of `text` (the iOS file at `path`), or the first construct it cannot translate.
    public static func translate(_ text: String, path: String) throws(TranslationError) -> String {
        var t = UIKitSourceTranslator(path: path, bytes: Array(text.utf8))
        t.collectDeclarations()
        try t.run()
        return "#sourceLocation(file: \"\(escaped(path))\", line: 1)\n" + String(decoding: t.out, as: UTF8.self)
    }

    private init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    private static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    // MARK: Scanning

    private func peek(_ offset: Int = 0) -> UInt8? {
        let k = i + offset
        return k < bytes.count ? bytes[k] : nil
    }

    private func starts(with s: String, at k: Int) -> Bool {
        let u = Array(s.utf8)
        guard k + u.count <= bytes.count else { return false }
        return Array(bytes[k..<(k + u.count)]) == u
    }

    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80
    }
    private static func isIdentifierByte(_ c: UInt8) -> Bool { isIdentifierStart(c) || (c >= 48 && c <= 57) }
    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    /// Copies one byte, keeping count of lines.
    private mutating func copy() {
        let c = bytes[i]
        out.append(c)
        i += 1
        if c == 10 {
            line += 1
            lineStart = i
        }
    }

    private mutating func copy(count: Int) { for _ in 0..<count where i < bytes.count { copy() } }

    /// Skips `count` bytes, writing spaces for them (newlines kept).
    private mutating func blank(count: Int) {
        for _ in 0..<count where i < bytes.count {
            if bytes[i] == 10 {
                copy()
            } else {
                out.append(32)
                i += 1
            }
        }
    }

    private func error(_ message: String, at k: Int? = nil) -> TranslationError {
        let k = k ?? i
        var l = 1, start = 0
        for (n, c) in bytes[..<k].enumerated() where c == 10 {
            l += 1
            start = n + 1
        }
        return TranslationError(path: path, line: l, column: k - start + 1, message: message)
    }

    /// The identifier at `k`, if any.
    private func identifier(at k: Int) -> String? {
        guard k < bytes.count, Self.isIdentifierStart(bytes[k]) else { return nil }
        var e = k
        while e < bytes.count && Self.isIdentifierByte(bytes[e]) { e += 1 }
        return String(decoding: bytes[k..<e], as: UTF8.self)
    }

    /// The index after spaces, newlines and comments from `k`.
    private func skipTrivia(from k: Int) -> Int {
        var k = k
        while k < bytes.count {
            if Self.isSpace(bytes[k]) {
                k += 1
            } else if starts(with: "//", at: k) {
                while k < bytes.count && bytes[k] != 10 { k += 1 }
            } else if starts(with: "/*", at: k) {
                var depth = 0
                repeat {
                    if starts(with: "/*", at: k) {
                        depth += 1
                        k += 2
                    } else if starts(with: "*/", at: k) {
                        depth -= 1
                        k += 2
                    } else {
                        k += 1
                    }
                } while depth > 0 && k < bytes.count
            } else {
                break
            }
        }
        return k
    }

    /// The index after the balanced parenthesis group starting at `k` (`bytes[k] == "("`), skipping
    /// strings and comments inside.
    private func endOfParentheses(from k: Int) -> Int? {
        var depth = 0
        var k = k
        while k < bytes.count {
            let c = bytes[k]
            if c == 34 || (c == 35 && rawStringHashes(at: k) != nil) {
                guard let e = endOfString(from: k) else { return nil }
                k = e
                continue
            }
            if starts(with: "//", at: k) || starts(with: "/*", at: k) {
                k = skipTrivia(from: k)
                continue
            }
            if c == 40 { depth += 1 }
            if c == 41 {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return nil
    }

    /// The number of `#` of a raw string starting at `k` (`#"`, `##"`), or nil.
    private func rawStringHashes(at k: Int) -> Int? {
        var n = 0
        while k + n < bytes.count && bytes[k + n] == 35 { n += 1 }
        return n > 0 && k + n < bytes.count && bytes[k + n] == 34 ? n : nil
    }

    /// The index after the string literal starting at `k` (plain, multi-line or raw; interpolations
    /// with nested strings included), or nil when it never ends.
    private func endOfString(from k: Int) -> Int? {
        let hashes = rawStringHashes(at: k) ?? 0
        var k = k + hashes
        let multiline = starts(with: "\"\"\"", at: k)
        let quote = multiline ? 3 : 1
        k += quote
        let closing = Array(repeating: UInt8(34), count: quote) + Array(repeating: UInt8(35), count: hashes)
        let interpolation = [UInt8(92)] + Array(repeating: UInt8(35), count: hashes) + [UInt8(40)]
        while k < bytes.count {
            if bytes[k] == 92 {
                if Array(bytes[k..<min(bytes.count, k + interpolation.count)]) == interpolation {
                    guard let e = endOfParentheses(from: k + interpolation.count - 1) else { return nil }
                    k = e
                    continue
                }
                if hashes == 0 {
                    k += 2
                    continue
                }
            }
            if !multiline && bytes[k] == 10 { return nil }
            if Array(bytes[k..<min(bytes.count, k + closing.count)]) == closing { return k + closing.count }
            k += 1
        }
        return nil
    }

    // MARK: Declarations (first pass)

    /// Records each `func name(labels...)` and the `@objc(name)` before it.
    private mutating func collectDeclarations() {
        var k = 0
        var pendingObjCName: String?
        while k < bytes.count {
            let c = bytes[k]
            if c == 34 || (c == 35 && rawStringHashes(at: k) != nil) {
                k = endOfString(from: k) ?? bytes.count
                continue
            }
            if starts(with: "//", at: k) || starts(with: "/*", at: k) {
                k = skipTrivia(from: k)
                continue
            }
            if starts(with: "@objc(", at: k), let e = endOfParentheses(from: k + 5) {
                pendingObjCName = String(decoding: bytes[(k + 6)..<(e - 1)], as: UTF8.self).filter { !$0.isWhitespace }
                k = e
                continue
            }
            if Self.isIdentifierStart(c) && (k == 0 || !Self.isIdentifierByte(bytes[k - 1])) {
                let word = identifier(at: k)!
                k += word.utf8.count
                if word == "func" {
                    let n = skipTrivia(from: k)
                    if let name = identifier(at: n) {
                        var p = skipTrivia(from: n + name.utf8.count)
                        if p < bytes.count && bytes[p] == 60, let close = bytes[p...].firstIndex(of: 62) { p = skipTrivia(from: close + 1) }
                        if p < bytes.count && bytes[p] == 40, let e = endOfParentheses(from: p) {
                            if declaredLabels[name] == nil { declaredLabels[name] = labels(ofParameters: p + 1, e - 1) }
                            if let objc = pendingObjCName { objcNames[name] = objc }
                        }
                    }
                    pendingObjCName = nil
                } else if ["var", "let", "class", "struct", "enum", "protocol", "extension", "init"].contains(word) {
                    pendingObjCName = nil
                }
                continue
            }
            k += 1
        }
    }

    /// The argument labels of a parameter list (`_ sender: UIPanGestureRecognizer, for event: UIEvent`
    /// -> `["_", "for"]`).
    private func labels(ofParameters start: Int, _ end: Int) -> [String] {
        var result: [String] = []
        var depth = 0
        var segmentStart = start
        var k = start
        func label(_ a: Int, _ b: Int) -> String? {
            let text = String(decoding: bytes[a..<b], as: UTF8.self).trimmingCharacters(in: " \n\t\r")
            guard !text.isEmpty, let colon = text.firstIndex(of: ":") else { return nil }
            let names = text[..<colon].split(separator: " ").filter { !$0.isEmpty && !$0.hasPrefix("@") && $0 != "inout" }
            return names.first.map(String.init)
        }
        while k < end {
            let c = bytes[k]
            if c == 40 || c == 91 || c == 60 || c == 123 { depth += 1 }
            if c == 41 || c == 93 || c == 62 || c == 125 { depth -= 1 }
            if c == 44 && depth == 0 {
                if let l = label(segmentStart, k) { result.append(l) }
                segmentStart = k + 1
            }
            k += 1
        }
        if let l = label(segmentStart, end) { result.append(l) }
        return result
    }

    // MARK: Rewriting (second pass)

    private mutating func run() throws(TranslationError) {
        var atLineStart = true
        while i < bytes.count {
            let c = bytes[i]
            if c == 10 {
                copy()
                atLineStart = true
                continue
            }
            if Self.isSpace(c) {
                copy()
                continue
            }
            if c == 34 || (c == 35 && rawStringHashes(at: i) != nil) {
                guard let e = endOfString(from: i) else { throw error("unterminated string literal") }
                copy(count: e - i)
                atLineStart = false
                continue
            }
            if starts(with: "//", at: i) || starts(with: "/*", at: i) {
                copy(count: skipTrivia(from: i) - i)
                continue
            }
            if c == 64 {  // @attribute
                try attribute()
                continue
            }
            if c == 35 {  // #directive
                if starts(with: "#selector", at: i), !Self.isIdentifierByte(peek(9) ?? 0) {
                    try selector()
                } else if starts(with: "#keyPath", at: i) {
                    throw error(
                        "cannot translate '#keyPath': Objective-C key paths need the Objective-C runtime; use a Swift key path (\\Type.property)"
                    )
                } else {
                    copy()
                }
                atLineStart = false
                continue
            }
            if Self.isIdentifierStart(c) {
                let word = identifier(at: i)!
                if atLineStart && word == "import" {
                    try importLine()
                    atLineStart = false
                    continue
                }
                try keyword(word)
                atLineStart = false
                continue
            }
            atLineStart = false
            copy()
        }
    }

    /// Declaration keywords and modifiers that may follow `dynamic` or `optional` used as modifiers.
    private static let declarationWords: Set<String> = [
        "var", "let", "func", "init", "subscript", "public", "private", "fileprivate", "internal", "open", "final", "override",
        "static", "class", "weak", "unowned", "lazy", "required", "convenience", "mutating", "nonmutating", "dynamic", "optional",
    ]

    private mutating func keyword(_ word: String) throws(TranslationError) {
        let after = skipTrivia(from: i + word.utf8.count)
        let next = identifier(at: after)
        let startsDeclaration = next.map(Self.declarationWords.contains) == true || (after < bytes.count && bytes[after] == 64)
        switch word {
        case "dynamic" where startsDeclaration:
            blank(count: word.utf8.count)
        case "optional" where startsDeclaration:
            throw error(
                "cannot translate an 'optional' protocol requirement: it needs the Objective-C runtime (callers use 'delegate?.method?()'); "
                    + "give the requirement a default implementation in a protocol extension, in the shipped file")
        default:
            copy(count: word.utf8.count)
        }
    }

    /// An attribute: blanked when it is one of `blankedAttributes`; `@objc protocol P` gains `: AnyObject`.
    private mutating func attribute() throws(TranslationError) {
        guard let name = identifier(at: i + 1) else { return copy() }
        if name == "NSManaged" {
            throw error("cannot translate '@NSManaged': Core Data's managed properties need the Objective-C runtime")
        }
        guard Self.blankedAttributes.contains(name) else { return copy(count: 1 + name.utf8.count) }
        var length = 1 + name.utf8.count
        if i + length < bytes.count, bytes[i + length] == 40, let e = endOfParentheses(from: i + length) { length = e - i }
        let isObjC = name == "objc"
        blank(count: length)
        guard isObjC else { return }
        // `@objc` on a protocol made it class-bound: keep that.
        var k = skipTrivia(from: i)
        while let word = identifier(at: k), ["public", "internal", "fileprivate", "private"].contains(word) {
            k = skipTrivia(from: k + word.utf8.count)
        }
        guard identifier(at: k) == "protocol" else { return }
        let nameStart = skipTrivia(from: k + 8)
        guard let protocolName = identifier(at: nameStart) else { return }
        let after = skipTrivia(from: nameStart + protocolName.utf8.count)
        guard after < bytes.count, bytes[after] == 123 else { return }  // an inheritance clause already there
        // Copy up to the name, then insert the bound.
        copy(count: nameStart + protocolName.utf8.count - i)
        out.append(contentsOf: Array(": AnyObject".utf8))
    }

    /// `#selector(...)` -> `Selector("objcName", reference)`.
    private mutating func selector() throws(TranslationError) {
        let start = i
        let open = skipTrivia(from: i + 9)
        guard open < bytes.count, bytes[open] == 40, let end = endOfParentheses(from: open) else {
            throw error("cannot translate '#selector' without its parenthesized method")
        }
        let argument = String(decoding: bytes[(open + 1)..<(end - 1)], as: UTF8.self).trimmingCharacters(in: " \n\t\r")
        if argument.hasPrefix("getter:") || argument.hasPrefix("setter:") {
            throw error(
                "cannot translate '#selector(\(argument.prefix(7)) ...)': property selectors need the Objective-C runtime", at: start)
        }
        guard let (base, method, labels) = Self.parseMethodReference(argument) else {
            throw error(
                "cannot translate '#selector(\(argument))': expected a method reference (name, name(_:), self.name, Type.name or object.name)",
                at: start)
        }
        let resolvedLabels = labels ?? declaredLabels[method]
        let objcName = objcNames[method] ?? Self.objectiveCName(method, resolvedLabels ?? [])
        let labelSuffix = labels.map { "(" + $0.map { $0 + ":" }.joined() + ")" } ?? ""
        let reference: String
        switch base {
        case nil, "self"?, "Self"?: reference = "Self." + method + labelSuffix
        case let b? where b.first?.isUppercase == true: reference = b + "." + method + labelSuffix
        case let b?: reference = "type(of: " + b + ")." + method + labelSuffix
        }
        i = end
        out.append(contentsOf: Array("Selector(\"\(objcName)\", \(reference))".utf8))
    }

    /// `a.b.name(x:y:)` -> (`a.b`, `name`, [`x`, `y`]); nil when it is not a plain method reference.
    public static func parseMethodReference(_ text: String) -> (base: String?, method: String, labels: [String]?)? {
        var path = text
        var labels: [String]?
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            path = String(text[..<open]).trimmingCharacters(in: " ")
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].filter { !$0.isWhitespace }
            guard inside.isEmpty || inside.hasSuffix(":") else { return nil }
            labels = inside.isEmpty ? [] : inside.dropLast().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard labels!.allSatisfy({ $0 == "_" || isIdentifier($0) }) else { return nil }
        }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: " ") }
        guard let method = parts.last, parts.allSatisfy(isIdentifier) else { return nil }
        let base = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
        return (base, method, labels)
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let f = s.utf8.first, isIdentifierStart(f) else { return false }
        return s.utf8.allSatisfy(isIdentifierByte)
    }

    /// The Objective-C name Swift gives a method: `name` for none, `name:` for an unlabeled first
    /// argument, `nameWithLabel:` (or `nameLabel:` after a preposition) for a labeled one, then
    /// `label:` per further argument.
    public static func objectiveCName(_ method: String, _ labels: [String]) -> String {
        guard let first = labels.first else { return method }
        var name = method
        if first != "_" {
            let capitalized = first.prefix(1).uppercased() + first.dropFirst()
            name += prepositions.contains(first) ? capitalized : "With" + capitalized
        }
        name += ":"
        for l in labels.dropFirst() { name += (l == "_" ? "" : l) + ":" }
        return name
    }

    private static let prepositions: Set<String> = [
        "with", "for", "to", "from", "in", "at", "by", "on", "of", "into", "onto", "using", "as", "after", "before", "under", "over",
        "through", "via", "within", "without", "about", "against", "along", "around", "between", "during", "toward", "towards",
    ]

    /// An import line: UIKit's modules become GestureUIKit's; `import ObjectiveC` cannot be translated.
    private mutating func importLine() throws(TranslationError) {
        var k = skipTrivia(from: i + 6)
        if let kind = identifier(at: k), ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(kind) {
            k = skipTrivia(from: k + kind.utf8.count)
        }
        guard let module = identifier(at: k) else { return copy(count: 6) }
        var e = k + module.utf8.count
        while e < bytes.count, bytes[e] == 46, let sub = identifier(at: e + 1) { e += 1 + sub.utf8.count }
        if module == "ObjectiveC" {
            throw error("cannot translate 'import ObjectiveC': the Objective-C runtime does not exist on this platform")
        }
        guard Self.replacedModules.contains(module) else { return copy(count: e - i) }
        i = e
        out.append(contentsOf: Array("import \(Self.replacementModule)".utf8))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }

    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            result += rest[..<r.lowerBound]
            result += replacement
            rest = rest[r.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) { return start..<index(start, offsetBy: target.count) }
            start = index(after: start)
        }
        return nil
    }
}
