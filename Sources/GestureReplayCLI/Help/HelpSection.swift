/// One section of `gesturereplay --help` and of the man page after the replay options: the
/// commands that declare it (``Command/helpSection``), and the options they take that `replay`
/// does not (nor a command of an earlier section), under a heading made of the commands' names
/// (`SYNTH, RENDER AND CONVERT (gesturereplay help synth, help render, help convert)`).
struct HelpSection {
    /// The sections, in the order the overview lists them.
    enum Kind: CaseIterable {
        /// check and test: the shared paragraph (``checkAndTestParagraph``), each pointer spelled in full.
        case checking
        /// synth, render and convert: commands that write a file.
        case writing
        /// stats and compare: a corpus replayed and counted; the man page adds their discussions.
        case corpus
        /// shrink; the man page adds its discussion.
        case shrinking
    }

    var kind: Kind
    /// The commands, in the registry's order.
    var commands: [any Command.Type]

    /// The registered commands' sections that have commands, in order.
    static var all: [HelpSection] {
        Kind.allCases.compactMap { kind in
            let commands = commandRegistry.filter { $0.helpSection == kind }
            return commands.isEmpty ? nil : HelpSection(kind: kind, commands: commands)
        }
    }

    /// The heading points to each command's help in full (`gesturereplay help check, gesturereplay
    /// help test`) instead of `gesturereplay help A, help B`.
    var spellsEachPointer: Bool { kind == .checking }

    /// Whether an option every command of the section takes is marked with the commands that take
    /// it too (`(stats, compare) `): not in check and test's, whose paragraph is about both.
    var marksSharedOptions: Bool { kind != .checking }

    /// Help's paragraph after the heading, before the options.
    var paragraph: String? { kind == .checking ? checkAndTestParagraph : nil }

    /// The man page's paragraphs after the options.
    var manParagraphs: [String] {
        switch kind {
        case .checking: [checkAndTestParagraph]
        case .writing: []
        case .corpus, .shrinking: commands.map { $0.discussion }
        }
    }

    /// `SYNTH, RENDER AND CONVERT`.
    var title: String {
        let names = commands.map { $0.name.uppercased() }
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " AND " + last
    }

    /// The title, then where each command's own help is.
    var heading: String {
        let pointers = commands.enumerated().map { i, command in
            (i == 0 || spellsEachPointer ? "gesturereplay help " : "help ") + command.name
        }
        return title + " (" + pointers.joined(separator: ", ") + ")"
    }
}
