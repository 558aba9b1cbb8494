import Foundation

/// The public declarations of a Swift source, read from the text (a test inside the package sees
/// `package` declarations, so only the declarations themselves can tell what is public): each
/// `public`/`open` declaration's first line, as written up to its body, under the type or extension
/// it is in; members of a `public extension` or a public protocol without an access modifier, and
/// the cases of a public enum, count as public; `@_spi` ones and members of a type that is not
/// public do not. One implementation for `PublicAPITests` (the allow-list) and
/// `PublicSurfaceTests` (names that must never be public).
public enum PublicDeclarationScanner {
    /// One public declaration.
    public struct Declaration: Equatable, Sendable {
        /// The enclosing types and extensions, dot-separated (empty at file level).
        public var scope: String
        /// The declaration's first line as written, without its body.
        public var text: String
        /// The declared name (nil for `init`, `subscript` and a `case` list's later names).
        public var name: String?
        /// Its line in the file, from 1.
        public var line: Int

        /// `Scope: text` (or `text` at file level), as the allow-lists keep it.
        public var listed: String { scope.isEmpty ? text : "\(scope): \(text)" }
    }

    /// Every public declaration of `text`, in order.
    public static func declarations(in text: String) -> [Declaration] {
        struct Scope {
            var name: String
            /// Brace depth inside the scope's body.
            var depth: Int
            /// Members without an access modifier are public (a public extension or protocol).
            var membersPublic: Bool
            /// A public enum: its cases are public.
            var publicEnum: Bool
            /// Members are not API (the type is not public).
            var hidden: Bool
        }
        var scopes: [Scope] = []
        var depth = 0
        var inBlockComment = false
        var inMultilineString = false
        var found: [Declaration] = []
        let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "extension", "actor"]
        let declKeywords: Set<String> = [
            "func", "var", "let", "class", "struct", "enum", "protocol", "typealias", "init", "init?", "subscript", "actor",
            "associatedtype", "extension", "case", "macro", "operator",
        ]
        let accessWords: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]
        let modifierWords: Set<String> = [
            "final", "static", "override", "required", "convenience", "mutating", "nonmutating", "nonisolated", "indirect", "lazy",
            "weak", "unowned", "dynamic", "prefix", "postfix", "infix", "consuming", "borrowing", "isolated",
        ]
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            // Multi-line string literals and block comments hold no declarations or braces.
            if inMultilineString {
                if line.contains("\"\"\"") { inMultilineString = false }
                continue
            }
            if inBlockComment {
                if let end = line.range(of: "*/") {
                    inBlockComment = false
                    line = String(line[end.upperBound...])
                } else {
                    continue
                }
            }
            // String contents masked (same length), so that comment markers and braces are found in code only.
            var code = Self.maskingStringContents(line)
            if let comment = code.range(of: "//") {
                let offset = code.distance(from: code.startIndex, to: comment.lowerBound)
                code = String(code.prefix(offset))
                line = String(line.prefix(offset))
            }
            if let start = code.range(of: "/*"), !code.contains("*/") {
                inBlockComment = true
                let offset = code.distance(from: code.startIndex, to: start.lowerBound)
                code = String(code.prefix(offset))
                line = String(line.prefix(offset))
            }
            if line.components(separatedBy: "\"\"\"").count == 2 { inMultilineString = true }
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            // Attribute arguments, `private(set)` and `unowned(unsafe)` read as single words.
            let head = trimmed.replacingOccurrences(of: #"@\w+(\([^)]*\))?"#, with: "@attribute", options: .regularExpression)
                .replacingOccurrences(
                    of: #"\b(private|fileprivate|internal|package|public|open)\(set\)"#, with: "setter", options: .regularExpression
                )
                .replacingOccurrences(of: #"\bunowned\((un)?safe\)"#, with: "unowned", options: .regularExpression)
            let words = head.split(whereSeparator: { " (:<{,=".contains($0) }).map(String.init)
            var i = 0
            var isPublic = false
            var hasAccess = false
            while i < words.count {
                let w = words[i]
                if w == "class", i + 1 < words.count, ["func", "var", "let", "subscript"].contains(words[i + 1]) {
                    i += 1
                    continue
                }
                if declKeywords.contains(w) { break }
                if accessWords.contains(w) {
                    hasAccess = true
                    isPublic = isPublic || w == "public" || w == "open"
                } else if !(w.hasPrefix("@") || w == "setter" || modifierWords.contains(w)) {
                    i = words.count
                    break
                }
                i += 1
            }
            let keyword = i < words.count ? words[i] : nil
            let spi = trimmed.contains("@_spi")
            let scope = scopes.last
            let directlyInScope = scope.map { $0.depth == depth } ?? (depth == 0)
            if let keyword, !spi, directlyInScope, !(scope?.hidden ?? false) {
                let inherited = !hasAccess && keyword != "extension" && (scope?.membersPublic ?? false)
                let enumCase = keyword == "case" && (scope?.publicEnum ?? false)
                if (isPublic && keyword != "case") || inherited || enumCase {
                    // As written (string values included), up to the body's brace.
                    var declaration = line
                    if let brace = code.firstIndex(of: "{") {
                        declaration = String(line.prefix(code.distance(from: code.startIndex, to: brace)))
                    }
                    declaration = declaration.trimmingCharacters(in: .whitespaces)
                    declaration = declaration.split(separator: " ").joined(separator: " ")
                    found.append(
                        Declaration(
                            scope: scopes.map(\.name).joined(separator: "."), text: declaration,
                            name: i + 1 < words.count && !["init", "init?", "subscript"].contains(words[i]) ? words[i + 1] : nil,
                            line: number + 1))
                }
            }
            let opens = code.filter { $0 == "{" }.count, closes = code.filter { $0 == "}" }.count
            if let keyword, typeKeywords.contains(keyword), i + 1 < words.count, opens > closes {
                let name = words[i + 1]
                let api = isPublic || (!hasAccess && (scope?.membersPublic ?? false))
                scopes.append(
                    Scope(
                        name: name, depth: depth + 1,
                        membersPublic: (keyword == "extension" || keyword == "protocol") && api,
                        publicEnum: keyword == "enum" && api,
                        // A type that is not public hides its members; an extension may extend a public type declared elsewhere.
                        hidden: (scope?.hidden ?? false) || (keyword != "extension" && !api) || spi))
            }
            depth += opens - closes
            while let last = scopes.last, last.depth > depth { scopes.removeLast() }
        }
        return found
    }

    /// `line` with the contents of its one-line string literals replaced by `_`, one for one (braces
    /// and comment markers in strings do not count).
    public static func maskingStringContents(_ line: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for c in line {
            if inString {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inString = false
                    out.append(c)
                    continue
                }
                out.append("_")
                continue
            }
            if c == "\"" { inString = true }
            out.append(c)
        }
        return out
    }
}
