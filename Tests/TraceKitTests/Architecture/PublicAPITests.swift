import Foundation
import Testing
import TestSupport

/// Issue 47 item 5: the public API of every library module is an allow-list kept in
/// `Tests/Fixtures/public-api/<Module>.txt`, so a new, changed or removed public declaration is a
/// deliberate act: the test fails and names it; `PUBLIC_API_RECORD=1 swift test --skip-build
/// --filter PublicAPITests` rewrites the lists (review the diff).
///
/// Read from the sources (a test inside the package sees `package` declarations, so only the
/// declarations themselves can tell): each `public`/`open` declaration's first line, as written,
/// under the type or extension it is in; members of a `public extension` or a public protocol
/// without an access modifier, and the cases of a public enum, count as public; `@_spi` ones do not.
@Suite struct PublicAPITests {
    /// The library modules users import (executables and the generator's own tool are not API).
    static let modules = [
        "GestureEngine", "TraceReading", "TraceKit", "GestureReplayTools", "GestureReplayCLI", "GestureTesting", "GestureUIKit",
        "TraceRecorder", "UIKitSourceTranslation",
    ]
    static let record = ProcessInfo.processInfo.environment["PUBLIC_API_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false

    @Test(arguments: modules)
    func publicDeclarationsAreTheListedOnes(module: String) throws {
        let files = PackageFiles.swiftFiles(under: PackageFiles.path("Sources/" + module))
        #expect(!files.isEmpty, "the sources of \(module) were found")
        var declarations: [String] = []
        for file in files {
            let text = String(decoding: try PackageFiles.bytes(atPath: file), as: UTF8.self)
            declarations += Self.publicDeclarations(in: text)
        }
        let found = Set(declarations).sorted()
        let listPath = PackageFiles.path("Tests/Fixtures/public-api/\(module).txt")
        if Self.record {
            try (found.joined(separator: "\n") + "\n").write(toFile: listPath, atomically: true, encoding: .utf8)
            return
        }
        let listed = String(decoding: try PackageFiles.bytes(atPath: listPath), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let added = found.filter { !listed.contains($0) }
        let removed = listed.filter { !found.contains($0) }
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            \(module)'s public API differs from Tests/Fixtures/public-api/\(module).txt (PUBLIC_API_RECORD=1 re-records):
            new or changed:
            \(added.joined(separator: "\n"))
            gone or changed:
            \(removed.joined(separator: "\n"))
            """)
    }

    /// One line per public declaration of `text`: `Enclosing.Type: declaration as written` (no body).
    static func publicDeclarations(in text: String) -> [String] {
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
        var found: [String] = []
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
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
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
                    let path = scopes.map(\.name).joined(separator: ".")
                    found.append(path.isEmpty ? declaration : "\(path): \(declaration)")
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
    static func maskingStringContents(_ line: String) -> String {
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

    @Test("the scanner finds public declarations, their scope and implicit ones (so the test above can fail)")
    func scannerFindsDeclarations() {
        let text = """
            public struct Box {
                public var width: Double = 0
                var hidden = 0
                public func area() -> Double { width * width }
                @_spi(Formatting) public func spi() {}
                let text = "{ not a brace // nor a comment"
                public let names = ["a", "b"]
                public enum Kind { case a, b }
            }
            public extension Box {
                func doubled() -> Box { self }
                private func secret() {}
            }
            public protocol Shape {
                var sides: Int { get }
            }
            internal struct Hidden { public var x = 0 }
            """
        #expect(
            Self.publicDeclarations(in: text) == [
                "public struct Box", "Box: public var width: Double = 0", "Box: public func area() -> Double",
                "Box: public let names = [\"a\", \"b\"]",
                "Box: public enum Kind", "public extension Box", "Box: func doubled() -> Box", "public protocol Shape",
                "Shape: var sides: Int",
            ])
    }
}
