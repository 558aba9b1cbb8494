import Foundation
import Testing

/// Keeps the folders of `Sources/TraceKit` layered: a file may use the top-level names (types, functions,
/// constants) declared in its own folder or in a LOWER layer of `FolderLayering.order`, never a higher one.
/// The table and the reasoning are in docs/architecture.md. Names are found by a plain scan of the sources
/// (declarations at column 0, identifiers outside `//` comments), so the check needs no compiler.
@Suite struct FolderLayeringTests {
    @Test func everyUseGoesDownTheLayerTableOrIsAllowListed() throws {
        let graph = try FolderGraph.load()
        let known = Set(FolderLayering.order)
        for folder in graph.folders where folder != "." {
            #expect(known.contains(folder), "folder \(folder) is not in FolderLayering.order (add it to the table)")
        }
        let allowed = Set(FolderLayering.allowed.map { "\($0.file) \($0.name)" })
        var stillUsed = Set<String>()
        for use in graph.upwardUses() {
            let key = "\(use.file) \(use.name)"
            if allowed.contains(key) {
                stillUsed.insert(key)
            } else {
                Issue.record(
                    "\(use.file) (\(use.fromFolder)) uses \(use.name) from \(use.toFolder), a higher layer")
            }
        }
        for entry in FolderLayering.allowed where !stillUsed.contains("\(entry.file) \(entry.name)") {
            Issue.record("allow-list entry \(entry.file) \(entry.name) no longer needed: remove it")
        }
    }

    @Test func theScanSeesTheKnownEdges() throws {
        // Guards the scanner itself: if it found nothing it would pass vacuously.
        let graph = try FolderGraph.load()
        #expect(graph.files.count > 50)
        #expect(graph.owner["TraceError"] == "Diagnostics")
        #expect(graph.owner["Replayer"] == "Replay")
        #expect(graph.uses(from: "Replay/Replayer.swift").contains("TraceError"))
    }

    @Test func anUpwardUseIsReported() {
        let graph = FolderGraph(files: [
            "Reading/Low.swift": "struct Low {}\nfunc readIt() -> High? { nil }\n",
            "Replay/High.swift": "public struct High { let low: Low }\n",
        ])
        let uses = graph.upwardUses()
        #expect(
            uses.map { "\($0.file) \($0.name) \($0.fromFolder)->\($0.toFolder)" } == ["Reading/Low.swift High Reading->Replay"])
    }
}

extension FolderLayeringTests {
    @Test func aNameInAStringOrACommentIsNotAUse() {
        let graph = FolderGraph(files: [
            "Reading/Low.swift": #"""
                struct Low {}
                let message = "use High instead" // High
                let quoted = "a \"High\" here", after = Low()
                """#,
            "Replay/High.swift": "public struct High { let low: Low }\n",
        ])
        #expect(graph.upwardUses().isEmpty)
        #expect(graph.uses(from: "Reading/Low.swift").isSuperset(of: ["message", "quoted", "after", "Low"]))
    }
}

/// The layer order of `Sources/TraceKit`'s folders, lowest first.
enum FolderLayering {
    static let order = [
        "Diagnostics", "Support", "Reading", "Import", "Input", "Output", "Scene", "Expectations", "Replay",
        "Synth", "Shrinker", "Live", "Convert", "Picture", "Suite", "Stats", "Shrink",
    ]

    struct Allowed {
        let file: String
        let name: String
        let reason: String
    }

    /// Upward uses that exist today, each with why; shrink this list, never grow it.
    static let allowed: [Allowed] = []
}

/// One upward use: `file` (in `fromFolder`) names `name`, declared at top level in `toFolder`.
struct FolderUse {
    let file: String
    let name: String
    let fromFolder: String
    let toFolder: String
}

/// The top-level names of each folder of Sources/TraceKit and the names each file uses.
struct FolderGraph {
    /// Path relative to Sources/TraceKit -> contents.
    let files: [String: String]
    /// Top-level name -> the one folder declaring it (names declared in several folders are left out).
    let owner: [String: String]

    var folders: Set<String> { Set(files.keys.map(Self.folder(of:))) }

    init(files: [String: String]) {
        self.files = files
        var declaredIn: [String: Set<String>] = [:]
        for (path, text) in files {
            for name in Self.topLevelNames(in: text) { declaredIn[name, default: []].insert(Self.folder(of: path)) }
        }
        owner = declaredIn.compactMapValues { $0.count == 1 ? $0.first : nil }
    }

    static func load() throws -> FolderGraph {
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let sources = root.appendingPathComponent("Sources/TraceKit")
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files[relative] = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
        }
        return FolderGraph(files: files)
    }

    static func folder(of path: String) -> String {
        path.split(separator: "/").count > 1 ? String(path.split(separator: "/")[0]) : "."
    }

    static let modifiers: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated", "open",
    ]
    static let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias", "func", "let", "var"]

    /// Names declared at column 0: `[attributes] [modifiers] keyword Name`.
    static func topLevelNames(in text: String) -> [String] {
        var names: [String] = []
        for line in text.split(separator: "\n") {
            guard let first = line.first, first.isLetter || first == "@" else { continue }
            var tokens = line.split(separator: " ")[...]
            while let token = tokens.first, token.hasPrefix("@") || modifiers.contains(token) { tokens.removeFirst() }
            guard let keyword = tokens.first, keywords.contains(keyword), tokens.count > 1 else { continue }
            let name = tokens[tokens.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }

    /// Identifiers used in a file, outside `//` comments.
    func uses(from path: String) -> Set<String> {
        var found = Set<String>()
        for line in (files[path] ?? "").split(separator: "\n") {
            let code = Self.withoutStrings(line)
            var word = ""
            for character in code {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    if !word.isEmpty { found.insert(word) }
                    word = ""
                }
            }
            if !word.isEmpty { found.insert(word) }
        }
        return found
    }

    /// `line` up to a `//` comment, with the contents of its string literals left out (a name in a
    /// message, such as a deprecation's `renamed` text, is not a use).
    static func withoutStrings(_ line: Substring) -> String {
        var code = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    code.append(character)
                }
            } else if character == "/" && previous == "/" {
                code.removeLast()
                break
            } else {
                if character == "\"" { inString = true }
                code.append(character)
            }
            previous = inString ? " " : character
        }
        return code
    }

    /// Every use of a name from a higher layer (by `FolderLayering.order`), sorted by file and name.
    func upwardUses() -> [FolderUse] {
        let rank = Dictionary(uniqueKeysWithValues: FolderLayering.order.enumerated().map { ($1, $0) })
        var result: [FolderUse] = []
        for path in files.keys.sorted() {
            let from = Self.folder(of: path)
            for name in uses(from: path).sorted() {
                guard let to = owner[name], to != from, let low = rank[from], let high = rank[to], low < high
                else { continue }
                result.append(FolderUse(file: path, name: name, fromFolder: from, toFolder: to))
            }
        }
        return result
    }
}
