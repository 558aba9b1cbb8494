import Foundation
import Testing

/// Keeps the folders of the trace modules (`Sources/TraceReading`, `Sources/TraceReplay`,
/// `Sources/GestureReplayTools`) layered: a file may use the top-level names (types, functions, constants)
/// declared in its own folder or in a LOWER layer of `FolderLayering.order`, never a higher one, inside a
/// module and across them (the compiler keeps the modules' own order; this keeps the folders' order, and
/// every folder in the module the table gives it). The table and the reasoning are in docs/architecture.md.
/// Names are found by a plain scan of the sources (declarations at column 0, identifiers outside `//`
/// comments and string literals), so the check needs no compiler.
@Suite struct FolderLayeringTests {
    @Test func everyUseGoesDownTheLayerTableOrIsAllowListed() throws {
        let graph = try FolderGraph.load()
        let known = Set(FolderLayering.order)
        for folder in graph.folders where folder != "." {
            #expect(known.contains(folder), "folder \(folder) is not in FolderLayering.order (add it to the table)")
        }
        for path in graph.files.keys.sorted() {
            let folder = FolderGraph.folder(of: path)
            guard folder != ".", let module = FolderLayering.module[folder] else { continue }
            #expect(
                path.hasPrefix(module + "/"), "\(path): the folder \(folder) belongs to \(module) (FolderLayering.modules)")
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
        #expect(graph.uses(from: "TraceReplay/Replay/Replayer.swift").contains("TraceError"))
        #expect(graph.owner["TraceSuite"] == "Suite")
        #expect(Set(graph.files.keys.map { String($0.prefix { $0 != "/" }) }) == Set(FolderLayering.modules.map(\.name)))
    }

    @Test func theModulesFollowTheLayers() {
        // The modules' order (TraceReading <- TraceReplay <- GestureReplayTools) is the table's: every folder
        // of a lower module is below every folder of a higher one.
        #expect(
            FolderLayering.order.map { FolderLayering.module[$0]! } == FolderLayering.modules.flatMap { m in m.folders.map { _ in m.name } }
        )
    }

    @Test func anUpwardUseIsReported() {
        let graph = FolderGraph(files: [
            "TraceReading/Reading/Low.swift": "struct Low {}\nfunc readIt() -> High? { nil }\n",
            "TraceReplay/Replay/High.swift": "public struct High { let low: Low }\n",
        ])
        let uses = graph.upwardUses()
        #expect(
            uses.map { "\($0.file) \($0.name) \($0.fromFolder)->\($0.toFolder)" } == [
                "TraceReading/Reading/Low.swift High Reading->Replay"
            ])
    }
}

extension FolderLayeringTests {
    @Test func aNameInAStringOrACommentIsNotAUse() {
        let graph = FolderGraph(files: [
            "TraceReading/Reading/Low.swift": #"""
            struct Low {}
            let message = "use High instead" // High
            let quoted = "a \"High\" here", after = Low()
            """#,
            "TraceReplay/Replay/High.swift": "public struct High { let low: Low }\n",
        ])
        #expect(graph.upwardUses().isEmpty)
        #expect(graph.uses(from: "TraceReading/Reading/Low.swift").isSuperset(of: ["message", "quoted", "after", "Low"]))
    }
}

/// The trace modules, lowest first, and the layer order of their folders, lowest first.
enum FolderLayering {
    static let modules: [(name: String, folders: [String])] = [
        ("TraceReading", ["Diagnostics", "Support", "Reading", "Import", "Input"]),
        ("TraceReplay", ["Output", "Scene", "Expectations", "Replay", "Synth", "Reduction"]),
        ("GestureReplayTools", ["Live", "Convert", "Picture", "Suite", "Stats", "Shrink"]),
    ]

    static let order = modules.flatMap(\.folders)

    /// Folder -> the module holding it.
    static let module = Dictionary(uniqueKeysWithValues: modules.flatMap { m in m.folders.map { ($0, m.name) } })

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

/// The top-level names of each folder of the trace modules and the names each file uses.
struct FolderGraph {
    /// Path relative to Sources (`TraceReplay/Replay/Replayer.swift`) -> contents.
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
        var files: [String: String] = [:]
        for module in FolderLayering.modules.map(\.name) {
            let sources = root.appendingPathComponent("Sources/" + module)
            let walker = FileManager.default.enumerator(atPath: sources.path)
            while let relative = walker?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                files[module + "/" + relative] = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            }
        }
        return FolderGraph(files: files)
    }

    /// The folder of `Module/Folder/.../File.swift`; "." for a file at a module's top.
    static func folder(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 2 ? String(parts[1]) : "."
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
