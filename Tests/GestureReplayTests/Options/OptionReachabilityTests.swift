import Testing

@testable import GestureReplayCLI

/// Issue 47 item 1: a registered command's options are reachable from its type alone. For every
/// command of ``commandRegistry`` and every option its table (``Command/options``) accepts, the
/// command line with the option parses into a value of that command type that differs from the
/// one without it: an option embedded at a property the command never reads back, or one that
/// `validate` overwrites, fails here, naming the command and option.
@Suite("Every option a command takes reaches the command's value")
struct OptionReachabilityTests {
    /// Values to try for the option, one of which it accepts and is not its default: its choices
    /// from the last (a command may refuse one: convert's `--time-unit auto`), else one written for
    /// its value's name; a flag takes none.
    static func samples(_ spec: OptionSpec) -> [[String]] {
        guard spec.takesValue else { return [[]] }
        if !spec.choices.isEmpty { return spec.choices.reversed().map { [$0] } }
        return [[sample(spec)]]
    }

    static func sample(_ spec: OptionSpec) -> String {
        switch spec.valueName {
        case "'NAME STATE'": return "single failed"
        case "A,B": return "single,doubleTap"
        case "I/N": return "1/2"
        case "NAME.PROP=V": return "single.numberOfTapsRequired=2"
        case "NAME=X,Y,W,H": return "box=1,2,3,4"
        case "WxH": return "100x200"
        case "GLOB": return "*.csv"
        case "PATH|NAME": return "touchscreen"
        case "TEXT": return "some text"
        case "LIST": return "ended"
        case "FILE": return "given.json"
        default: return "3"  // N, D, S, MS, SECONDS: a positive number
        }
    }

    /// The operands and the options `spec` needs to be given at all on `command`'s line (a
    /// comparison needs two configurations, `--reason` goes with `--until`, ...).
    static func base(_ command: any Command.Type, testing spec: OptionSpec) -> [String] {
        switch command.name {
        case "test", "stats": return ["Traces"]
        case "synth": return ["script.txt"]
        case "compare": return ["Traces"] + (spec.long == "a-set" ? ["--b-set", "x.y=1"] : ["--a-set", "x.y=1"])
        case "shrink":
            if spec.long.hasPrefix("a-") { return ["t.json", "--b-set", "x.y=1"] }
            if spec.long.hasPrefix("b-") { return ["t.json", "--a-set", "x.y=1"] }
            if spec.long == "reason" { return ["t.json", "--until", "single failed"] }
            return ["t.json"]
        default: return ["t.json"]
        }
    }

    /// The command `arguments` (after its name) parse into, printed with every stored value.
    static func parsedValue(_ command: any Command.Type, _ arguments: [String]) throws(UsageError) -> String {
        let words = command == ReplayCommand.self ? arguments : [command.name] + arguments
        guard case .run(let parsed) = try parseCommandLine(words) else {
            return "not a command: \(words)"
        }
        #expect(type(of: parsed) == command, "\(words) is a \(command.name) command")
        var text = ""
        dump(parsed, to: &text)
        return text
    }

    @Test("every option of every registered command changes the parsed command's value")
    func everyOptionReachesItsCommand() throws {
        var checked = 0
        for command in commandRegistry {
            for spec in command.optionSpecs where !spec.isSame(as: StandardOptions.help) && !spec.isSame(as: ReplayCommand.version) {
                let base = Self.base(command, testing: spec)
                var errors: [String] = []
                var reached = false
                for value in Self.samples(spec) where !reached {
                    let given = base + [spec.longFlag] + value
                    do throws(UsageError) {
                        let without = try Self.parsedValue(command, base)
                        let with = try Self.parsedValue(command, given)
                        reached = with != without
                        if !reached { errors.append("\(given.joined(separator: " ")): parsed, but the command does not keep it") }
                    } catch {
                        errors.append("\(given.joined(separator: " ")): \(error.message)")
                    }
                }
                #expect(reached, "\(command.name) \(spec.longFlag): \(errors.joined(separator: "; "))")
                if reached { checked += 1 }
            }
        }
        // Every command takes options of its own or of groups: the loop above saw them all.
        #expect(checked >= commandRegistry.count * 2)
    }

    @Test("help, the man page and the completions list every option a command takes, in its declaration order")
    func everyOptionIsListed() {
        let every = CompletionWords.everyOption
        for command in commandRegistry {
            let listed = HelpGenerator.optionsTaken(by: command)
            #expect(
                listed.map { $0.longFlag } == command.optionSpecs.map { $0.longFlag },
                "\(command.name): help's order is not its declaration order")
            for spec in command.optionSpecs {
                #expect(every.containsOption(spec), "\(command.name) \(spec.longFlag) is missing from the completions' options")
            }
            // --help is listed last, after the command's groups and its own options.
            #expect(command.optionSpecs.last.map { $0.isSame(as: StandardOptions.help) } == true, "\(command.name): --help is not last")
        }
    }

    @Test("an option's identity is its group and name, not its help text")
    func identityIsGroupAndName() {
        let distinct = CompletionWords.everyOption
        for spec in commandRegistry.flatMap({ $0.optionSpecs }) {
            let same = distinct.filter { $0.isSame(as: spec) }
            #expect(same.count == 1, "\(spec.longFlag) of \(spec.group): \(same.count) distinct declarations")
        }
        // The two --format and the two --to are told apart by their groups.
        #expect(!OutputOptions.format.spec.isSame(as: CorpusOptions.formatOption.spec))
        #expect(!WritingOptions.traceFormat.spec.isSame(as: RenderCommand.to.spec))
        // Two declarations that happen to share a name and help text stay two options.
        let a = OptionSpec(long: "x", help: "same words", group: "A.swift")
        let b = OptionSpec(long: "x", help: "same words", group: "B.swift")
        #expect(!a.isSame(as: b))
        #expect(a.isSame(as: a))
    }
}
