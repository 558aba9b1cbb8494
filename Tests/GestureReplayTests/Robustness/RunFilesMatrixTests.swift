import Foundation
import TestSupport
import Testing
import TraceReplay

@testable import GestureReplayCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 44, item 1: what a run reads, it never writes. Every command × every role of file it reads
/// × every role of file it writes (and every two outputs): the output made the same file as the
/// input by name, by `./`, by a symbolic link and by a hard link is a usage error naming both
/// roles, decided by the command's declared files (``RunFiles``) before anything runs; through the
/// binary, exit 2 with the folder unchanged. The table must name every command of
/// ``commandRegistry``, every path option, and every ``FileRole``, and each command must declare
/// exactly the roles its rows list: a new command, option or role cannot skip the rule.
@Suite("What a run reads, it never writes (issue 44)")
struct RunFilesMatrixTests {
    // MARK: The table

    /// One command line, built in a folder: names are relative to it.
    struct Case {
        /// Where the names are (`""`: the working directory, for the binary; else an absolute
        /// folder ending in `/`, in process).
        var folder: String
        var trace = "t.json"
        var options: [String] = []
        var files: [String: String] = [:]
        var links: [(name: String, target: String, hard: Bool)] = []

        /// `name` as the command line gives it.
        func p(_ name: String) -> String { folder + name }
    }

    /// How a command gets one of its files in one role.
    struct RoleUse: Sendable {
        /// The file's name when the command decides it (a golden file, NAME.args, DEVICE.desc);
        /// nil: the test picks it.
        var fixed: (@Sendable (Case) -> String)?
        /// Makes the case use the file `name` (maybe `./NAME`) in this role.
        var use: @Sendable (inout Case, String) -> Void
    }

    /// One command, in one mode, and the roles of the files it reads and writes.
    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var command: String
        var inputs: [FileRole]
        var outputs: [FileRole]
        var script = "tap 10,10\n"
        var uses: [FileRole: RoleUse] = [:]
        var arguments: @Sendable (Case) -> [String]
        var testDescription: String { name }

        func use(_ role: FileRole) -> RoleUse { uses[role] ?? RunFilesMatrixTests.standardUses[role]! }
    }

    static func content(_ relative: String) -> String {
        (try? String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent(relative), encoding: .utf8)) ?? ""
    }
    static let traceText = content("Traces/double-tap.json")
    static let sceneText = content("Traces/taps.scene.json")
    static let descText = content("Tests/Fixtures/recordings/quanta-optical.desc")
    static let eventsText = content("Tests/Fixtures/recordings/quanta-optical.touch-on-left.events")

    static func plain(_ name: String) -> String { name.hasPrefix("./") ? String(name.dropFirst(2)) : name }

    /// How each role is given, unless a scenario says otherwise.
    static let standardUses: [FileRole: RoleUse] = [
        .trace: RoleUse { c, name in
            c.trace = name
            c.files[plain(name)] = traceText
        },
        .golden: RoleUse(fixed: { TracePath($0.trace).golden }) { c, name in c.files[plain(name)] = "golden\n" },
        .argsFile: RoleUse(fixed: { TracePath($0.trace).argsFile }) { c, name in c.files[plain(name)] = "--screen 390x844\n" },
        .expectFile: RoleUse(fixed: { TracePath($0.trace).expectFile }) { c, name in c.files[plain(name)] = "[]\n" },
        .scene: RoleUse { c, name in
            c.options += ["--scene", c.p(name)]
            c.files[plain(name)] = sceneText
        },
        .aScene: RoleUse { c, name in
            c.options += ["--a-scene", c.p(name), "--b-set", "doubleTap.numberOfTapsRequired=3"]
            c.files[plain(name)] = sceneText
        },
        .bScene: RoleUse { c, name in
            c.options += ["--b-scene", c.p(name), "--a-set", "doubleTap.numberOfTapsRequired=3"]
            c.files[plain(name)] = sceneText
        },
        .argsScene: RoleUse { c, name in
            c.files[TracePath(c.trace).argsFile] = "--scene \(name)\n"
            c.files[plain(name)] = sceneText
        },
        // DEVICE.desc found beside DEVICE.GESTURE.events.
        .deviceDescription: RoleUse(fixed: { _ in "dev.desc" }) { c, name in
            c.trace = "dev.g.events"
            c.files["dev.g.events"] = eventsText
            c.files[plain(name)] = descText
        },
        .script: RoleUse { c, name in c.trace = name },
        .statsFile: RoleUse { c, name in
            c.trace = name
            c.files[plain(name)] = "{}\n"
        },
        .output: RoleUse { c, name in c.options += ["-o", c.p(name)] },
        .sweepOutput: RoleUse(fixed: { _ in "o-1.csv" }) { c, _ in c.options += ["-o", c.p("o.csv")] },
        .updatedGolden: RoleUse(fixed: { TracePath($0.trace).golden }) { _, _ in },
        .junitReport: RoleUse { c, name in c.options += ["--junit", c.p(name)] },
        .htmlReport: RoleUse { c, name in c.options += ["--html", c.p(name)] },
    ]

    /// `--desc FILE` (the commands that do not read a recording's folder for it).
    static let givenDescription = RoleUse { c, name in
        c.options += ["--desc", c.p(name)]
        c.files[plain(name)] = descText
    }

    static let suiteInputs: [FileRole] = [.trace, .golden, .argsFile, .expectFile, .scene, .argsScene, .deviceDescription]
    static let updateInputs: [FileRole] = [.trace, .argsFile, .expectFile, .scene, .argsScene, .deviceDescription]

    static let scenarios: [Scenario] = [
        Scenario(name: "replay", command: "replay", inputs: [.trace, .scene, .deviceDescription], outputs: []) { c in
            c.options + [c.p(c.trace)]
        },
        Scenario(name: "check", command: "check", inputs: suiteInputs, outputs: [.htmlReport]) { c in
            ["check"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "check --update", command: "check", inputs: updateInputs, outputs: [.updatedGolden, .htmlReport]) { c in
            ["check", "--update"] + c.options + [c.p(c.trace)]
        },
        Scenario(
            name: "check --update --expect", command: "check", inputs: updateInputs, outputs: [.updatedGolden],
            uses: [.updatedGolden: RoleUse { c, name in c.options += ["--expect", c.p(name)] }]
        ) { c in
            ["check", "--update"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "test", command: "test", inputs: suiteInputs, outputs: [.junitReport, .htmlReport]) { c in
            ["test"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "test --update", command: "test", inputs: updateInputs, outputs: [.updatedGolden, .junitReport, .htmlReport]) { c in
            ["test", "--update"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "synth", command: "synth", inputs: [.script], outputs: [.output]) { c in
            ["synth", c.p(c.trace)] + c.options
        },
        Scenario(
            name: "synth sweep", command: "synth", inputs: [.script], outputs: [.sweepOutput], script: "tap {1..2},5\n"
        ) { c in
            ["synth", c.p(c.trace)] + c.options
        },
        Scenario(name: "render", command: "render", inputs: [.trace, .scene, .deviceDescription], outputs: [.output]) { c in
            ["render"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "convert", command: "convert", inputs: [.trace, .deviceDescription], outputs: [.output]) { c in
            ["convert"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "shrink --until", command: "shrink", inputs: suiteInputs, outputs: [.output]) { c in
            ["shrink", "--until", "doubleTap ended"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "shrink (two sides)", command: "shrink", inputs: suiteInputs + [.aScene, .bScene], outputs: [.output]) { c in
            ["shrink", "--b-set", "doubleTap.numberOfTapsRequired=3"] + c.options + [c.p(c.trace)]
        },
        Scenario(
            name: "stats", command: "stats", inputs: [.scene, .deviceDescription], outputs: [],
            uses: [.deviceDescription: givenDescription]
        ) { c in
            ["stats"] + c.options + [c.p(c.trace)]
        },
        Scenario(name: "stats --merge", command: "stats", inputs: [.statsFile], outputs: []) { c in
            ["stats", "--merge", c.p(c.trace)]
        },
        Scenario(
            name: "compare", command: "compare", inputs: [.scene, .aScene, .bScene, .deviceDescription], outputs: [],
            uses: [.deviceDescription: givenDescription]
        ) { c in
            ["compare", "--a-set", "doubleTap.numberOfTapsRequired=3"] + c.options + [c.p(c.trace)]
        },
    ]

    /// What each path option is to a run: every option that names a file must be here.
    static let pathOptionRoles: [String: [FileRole]] = [
        "scene": [.scene], "a-scene": [.aScene], "b-scene": [.bScene], "desc": [.deviceDescription],
        "expect": [.golden, .updatedGolden], "output": [.output, .sweepOutput], "junit": [.junitReport], "html": [.htmlReport],
    ]

    // MARK: Building the cases

    enum Spelling: String, CaseIterable, Sendable {
        case name, dotSlash = "./", symlink, hardLink = "hard link"
    }

    /// One row of the matrix: `first` (an input, or an output) and `second` (an output) on one file.
    struct Row: Sendable, CustomTestStringConvertible {
        var scenario: Scenario
        var first: FileRole
        var second: FileRole
        var testDescription: String { "\(scenario.name): \(first) / \(second)" }
    }

    static var rows: [Row] {
        scenarios.flatMap { s in
            var rows = s.inputs.flatMap { input in s.outputs.map { Row(scenario: s, first: input, second: $0) } }
            for (i, a) in s.outputs.enumerated() {
                for b in s.outputs[(i + 1)...] { rows.append(Row(scenario: s, first: a, second: b)) }
            }
            return rows
        }
    }

    /// The case for `row` spelled `spelling` in `folder`, and the text its error must hold; nil when
    /// the spelling cannot be made (both names decided by the command: only links can join them).
    static func makeCase(_ row: Row, _ spelling: Spelling, folder: String, options: OptionSpelling = .library) -> (Case, [String])? {
        let first = row.scenario.use(row.first)
        let second = row.scenario.use(row.second)
        var c = Case(folder: folder)
        if row.scenario.command == "synth" {
            c.trace = "s.synth"
            c.files["s.synth"] = row.scenario.script
        } else {
            c.files[c.trace] = traceText
        }
        // The first file's name.
        var firstName: String
        if let fixed = first.fixed {
            firstName = fixed(c)
        } else if let fixedSecond = second.fixed, spelling == .name || spelling == .dotSlash {
            var probe = c
            first.use(&probe, "probe")
            firstName = (spelling == .dotSlash ? "./" : "") + fixedSecond(probe)
            // A trace's golden file is named after the trace: `t.expected` is its own.
            probe = c
            first.use(&probe, firstName)
            firstName = (spelling == .dotSlash ? "./" : "") + fixedSecond(probe)
        } else {
            firstName = "first-\(row.first)" + (row.scenario.command == "synth" ? ".synth" : ".json")
        }
        first.use(&c, firstName)
        if row.scenario.command == "synth" && row.first == .script { c.files[plain(firstName)] = row.scenario.script }
        // An output as the first file exists already (an old report), so a hard link can reach it.
        if row.first.isOutput { c.files[plain(firstName)] = "old\n" }
        // The second file's name.
        var secondName: String
        if let fixed = second.fixed {
            secondName = fixed(c)
            switch spelling {
            case .name, .dotSlash:
                if first.fixed != nil { return nil }
                guard plain(secondName) == plain(firstName) else { return nil }
            case .symlink, .hardLink:
                if plain(secondName) == plain(firstName) { return nil }
                c.files[secondName] = nil
                c.links.append((secondName, plain(firstName), spelling == .hardLink))
            }
        } else {
            switch spelling {
            case .name: secondName = firstName
            case .dotSlash: secondName = "./" + plain(firstName)
            case .symlink:
                secondName = "out-link"
                c.links.append((secondName, plain(firstName), false))
            case .hardLink:
                secondName = "out-hard"
                c.links.append((secondName, plain(firstName), true))
            }
        }
        second.use(&c, secondName)
        let firstLabel = row.first.label.spelled(options), secondLabel = row.second.label.spelled(options)
        let expected =
            row.first.isOutput
            ? ["two outputs are one file", "(\(firstLabel))", "(\(secondLabel))"]
            : ["(\(secondLabel)) is one of this run's inputs, \(firstLabel) '"]
        return (c, expected)
    }

    /// Writes the case's files and links into `folder`.
    static func materialize(_ c: Case, in folder: TemporaryFolder) throws {
        for (name, text) in c.files.sorted(by: { $0.key < $1.key }) { try folder.write(name, text) }
        for entry in c.links {
            let at = folder.url.appendingPathComponent(entry.name).path
            if entry.hard {
                #expect(link(folder.url.appendingPathComponent(entry.target).path, at) == 0, "link \(entry)")
            } else {
                #expect(symlink(entry.target, at) == 0, "symlink \(entry)")
            }
        }
    }

    /// The declared files of the command line `arguments` (parsed in process).
    static func files(_ arguments: [String]) throws -> RunFiles {
        guard case .run(let command) = try parseCommandLine(arguments) else {
            throw HarnessError(description: "not a command: \(arguments)")
        }
        return command.files(catalog: .builtIn)
    }

    // MARK: Completeness

    @Test("the table names every command, every path option and every role")
    func tableIsComplete() {
        let commands = Set(commandRegistry.map { $0.name })
        #expect(Set(Self.scenarios.map(\.command)) == commands)
        var rolesUsed = Set<FileRole>()
        for s in Self.scenarios { rolesUsed.formUnion(s.inputs + s.outputs) }
        #expect(rolesUsed == Set(FileRole.allCases), "roles in no row: \(Set(FileRole.allCases).subtracting(rolesUsed))")
        for command in commandRegistry {
            let rows = Self.scenarios.filter { $0.command == command.name }
            let roles = Set(rows.flatMap { $0.inputs + $0.outputs })
            for option in command.optionSpecs where option.isPath || (option.valueName ?? "").contains("FILE") {
                #expect(option.isPath, "--\(option.long) names a file but is not a path option")
                guard let optionRoles = Self.pathOptionRoles[option.long] else {
                    Issue.record("\(command.name) --\(option.long): a path option with no role in this table")
                    continue
                }
                #expect(!roles.isDisjoint(with: optionRoles), "\(command.name) takes --\(option.long) but no row has \(optionRoles)")
            }
        }
    }

    /// Each command declares exactly the roles its rows list: one case per role it reads (with its
    /// outputs at names of their own), whose declared files must include that role, and whose
    /// declared roles together are the rows' roles.
    @Test("each command declares the roles of its rows", arguments: scenarios)
    func declaredRoles(_ scenario: Scenario) throws {
        var declared = Set<FileRole>()
        for input in scenario.inputs {
            let folder = try TemporaryFolder()
            var c = Case(folder: folder.path + "/")
            if scenario.command == "synth" {
                c.trace = "s.synth"
                c.files["s.synth"] = scenario.script
            } else {
                c.files[c.trace] = Self.traceText
            }
            let use = scenario.use(input)
            use.use(&c, use.fixed?(c) ?? "in-\(input).json")
            if input == .script { c.files[c.trace] = scenario.script }
            for output in scenario.outputs {
                let use = scenario.use(output)
                use.use(&c, use.fixed?(c) ?? "out-\(output)")
            }
            try Self.materialize(c, in: folder)
            let files = try Self.files(scenario.arguments(c))
            let roles = Set(files.reads.map(\.role) + files.writes.map(\.role))
            #expect(roles.contains(input), "\(scenario.name): \(input) not declared: \(files)")
            #expect(Set(files.writes.map(\.role)) == Set(scenario.outputs), "\(scenario.name) with \(input): \(files.writes)")
            // Its outputs at names of their own pass the rule.
            #expect(throws: Never.self, "\(scenario.name) with \(input)") { try files.check() }
            declared.formUnion(roles)
        }
        #expect(declared == Set(scenario.inputs + scenario.outputs), "\(scenario.name) declares \(declared)")
    }

    // MARK: The matrix

    @Test("commands × read roles × written roles × spellings: refused, both roles named (in process)", arguments: rows)
    func matrixInProcess(_ row: Row) throws {
        var made = 0
        for spelling in Spelling.allCases {
            let folder = try TemporaryFolder()
            guard let made_ = Self.makeCase(row, spelling, folder: folder.path + "/") else { continue }
            let (c, expected) = made_
            made += 1
            try Self.materialize(c, in: folder)
            let arguments = row.scenario.arguments(c)
            let files = try Self.files(arguments)
            do {
                try files.check()
                Issue.record("\(row.testDescription) by \(spelling.rawValue): not refused\n\(arguments)\n\(files)")
            } catch {
                #expect(error.category == .usage, "\(error)")
                for text in expected {
                    #expect(
                        error.diagnostic.message.contains(text),
                        "\(row.testDescription) by \(spelling.rawValue): \(error.diagnostic.message)")
                }
            }
        }
        // Links join any two files; a name joins them unless both are decided by the command.
        #expect(made >= 2, "\(row.testDescription): \(made) spellings")
    }

    /// Everything in the folder: each entry's type and bytes (a link: its target).
    static func snapshot(_ folder: TemporaryFolder) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.url.appendingPathComponent(name).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[name] = "-> " + target
            } else {
                result[name] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?"
            }
        }
        return result
    }

    @Test("through the binary: exit 2, both roles named, nothing written", arguments: scenarios.filter { !$0.outputs.isEmpty })
    func matrixThroughTheBinary(_ scenario: Scenario) throws {
        let rows = Self.rows.filter { $0.scenario.name == scenario.name }
        for (i, row) in rows.enumerated() {
            // One spelling per row, in turn; links when a name cannot join the two.
            let spellings = Spelling.allCases[(i % 4)...] + Spelling.allCases[..<(i % 4)]
            let folder = try TemporaryFolder()
            guard
                let found = spellings.lazy.compactMap({ s in Self.makeCase(row, s, folder: "", options: .commandLine).map { (s, $0) } })
                    .first
            else {
                Issue.record("\(row.testDescription): no case")
                continue
            }
            let (spelling, (c, expected)) = found
            try Self.materialize(c, in: folder)
            let before = try Self.snapshot(folder)
            let arguments = scenario.arguments(c)
            let (r, timedOut) = try RobustnessCLITests.run(arguments, in: folder.url, seconds: 30)
            #expect(!timedOut)
            let what = "\(row.testDescription) by \(spelling.rawValue): \(arguments)"
            #expect(r.status == 2, "\(what)\n\(r)")
            for text in expected { #expect(r.stderr.contains(text), "\(what)\n\(r.stderr)") }
            #expect(r.stdout.isEmpty, "\(what)\n\(r.stdout)")
            #expect(try Self.snapshot(folder) == before, "\(what) changed the folder")
        }
    }

    @Test("two sweep traces on one file (a link between their names) are refused")
    func sweepOutputsOnOneFile() throws {
        for hard in [false, true] {
            let folder = try TemporaryFolder()
            try folder.write("s.synth", "tap {1..2},5\n")
            if hard {
                try folder.write("o-1.csv", "old\n")
                #expect(link(folder.url.appendingPathComponent("o-1.csv").path, folder.url.appendingPathComponent("o-2.csv").path) == 0)
            } else {
                // Both names free, joined by a dangling link: the place the link names.
                #expect(symlink("o-1.csv", folder.url.appendingPathComponent("o-2.csv").path) == 0)
            }
            let before = try Self.snapshot(folder)
            let (r, _) = try RobustnessCLITests.run(["synth", "s.synth", "-o", "o.csv"], in: folder.url)
            #expect(r.status == 2 && r.stderr.contains("two outputs are one file: 'o-1.csv' (a sweep trace (-o)) and 'o-2.csv'"), "\(r)")
            #expect(try Self.snapshot(folder) == before)
        }
    }
}
