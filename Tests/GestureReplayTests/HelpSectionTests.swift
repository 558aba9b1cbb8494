import Testing

@testable import GestureReplayCLI

/// Issue 37 step 3: the help overview's sections after the replay options are made from the
/// commands (their names, the options they take), not written by hand; the snapshots
/// (`HelpSnapshotTests`) show the text is the same.
@Suite("Help overview sections")
struct HelpSectionTests {
    @Test("a heading is the commands' names, then where their own help is")
    func headingFromNames() {
        #expect(
            HelpSection(commands: [SynthCommand.self, RenderCommand.self, ConvertCommand.self]).heading
                == "SYNTH, RENDER AND CONVERT (gesturereplay help synth, help render, help convert)")
        #expect(HelpSection(commands: [ShrinkCommand.self]).heading == "SHRINK (gesturereplay help shrink)")
        #expect(
            HelpSection(commands: [CheckCommand.self, TestCommand.self], spellsEachPointer: true).heading
                == "CHECK AND TEST (gesturereplay help check, gesturereplay help test)")
        #expect(HelpSection(commands: [StatsCommand.self, RenderCommand.self]).title == "STATS AND RENDER")
    }

    @Test("every command but replay has one section, and every option is listed once: replay's, or one section's")
    func everyOptionListedOnce() {
        let sections = helpSections
        let names = sections.flatMap { $0.commands.map { $0.name } }
        #expect(names.sorted() == commandRegistry.map { $0.name }.filter { $0 != ReplayCommand.name }.sorted())
        let listed =
            (replayOptions + ownOptions(ReplayCommand.self)).map(\.longFlag)
            + sections.indices.flatMap { sectionOptions($0).map(\.longFlag) }
        let taken = allOptions.filter { spec in commandRegistry.contains { $0.takes(spec) } }
        for spec in taken {
            // `--format` and `--to` are two options each (same name): count the declarations.
            let declarations = allOptions.filter { $0.long == spec.long }.count
            #expect(listed.filter { $0 == spec.longFlag }.count == declarations, "\(spec.longFlag)")
        }
        // A section lists only options of its own commands.
        for (i, section) in sections.enumerated() {
            for spec in sectionOptions(i) {
                #expect(section.commands.contains { $0.takes(spec) }, "\(spec.longFlag) in \(section.title)")
            }
        }
    }
}
