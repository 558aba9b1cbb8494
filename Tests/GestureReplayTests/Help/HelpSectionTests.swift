import Testing
import TraceReading

@testable import GestureReplayCLI

/// The help overview is made from the commands' declarations (issue 37 step 3, issue 47): its
/// sections from each command's ``Command/helpSection``, their headings from the commands' names,
/// the usage column from each command's first usage line; the snapshots (`HelpSnapshotTests`)
/// show the text is the same.
@Suite("Help overview sections")
struct HelpSectionTests {
    @Test("a heading is the commands' names, then where their own help is")
    func headingFromNames() {
        #expect(
            HelpSection(kind: .writing, commands: [SynthCommand.self, RenderCommand.self, ConvertCommand.self]).heading
                == "SYNTH, RENDER AND CONVERT (gesturereplay help synth, help render, help convert)")
        #expect(HelpSection(kind: .shrinking, commands: [ShrinkCommand.self]).heading == "SHRINK (gesturereplay help shrink)")
        #expect(
            HelpSection(kind: .checking, commands: [CheckCommand.self, TestCommand.self]).heading
                == "CHECK AND TEST (gesturereplay help check, gesturereplay help test)")
        #expect(HelpSection(kind: .corpus, commands: [StatsCommand.self, RenderCommand.self]).title == "STATS AND RENDER")
    }

    @Test("every command but replay has one section, and every option is listed once: replay's, or one section's")
    func everyOptionListedOnce() {
        let sections = HelpSection.all
        let names = sections.flatMap { $0.commands.map { $0.name } }
        #expect(names.sorted() == commandRegistry.map { $0.name }.filter { $0 != ReplayCommand.name }.sorted())
        let listed =
            HelpGenerator.optionsTaken(by: ReplayCommand.self).map(\.longFlag)
            + sections.indices.flatMap { HelpGenerator.sectionOptions($0).map(\.longFlag) }
        let taken = commandRegistry.flatMap { HelpGenerator.optionsTaken(by: $0) }
        for spec in taken {
            // `--format` and `--to` are two options each (same name): count the declarations.
            let declarations = taken.filter { $0.long == spec.long }.reduce(into: [OptionSpec]()) { list, s in
                if !list.containsOption(s) { list.append(s) }
            }.count
            #expect(listed.filter { $0 == spec.longFlag }.count == declarations, "\(spec.longFlag)")
        }
        // A section lists only options of its own commands.
        for (i, section) in sections.enumerated() {
            for spec in HelpGenerator.sectionOptions(i) {
                #expect(section.commands.contains { $0.takes(spec) }, "\(spec.longFlag) in \(section.title)")
            }
        }
    }

    @Test("the overview lists a usage wider than its column without its optional parts, from the end")
    func synopsisShortened() {
        #expect(HelpGenerator.synopsis(of: RenderCommand.self) == "gesturereplay render [options] TRACE")
        #expect(HelpGenerator.synopsis(of: ConvertCommand.self) == "gesturereplay convert [options] INPUT")
        #expect(HelpGenerator.synopsis(of: SynthCommand.self) == "gesturereplay synth SCRIPT [-o FILE]")
        #expect(HelpGenerator.synopsis(of: ShrinkCommand.self) == "gesturereplay shrink [options] TRACE")
        #expect(HelpGenerator.synopsis(of: CompareCommand.self) == "gesturereplay compare [options] [PATH...]")
        for command in commandRegistry {
            #expect(HelpGenerator.synopsis(of: command).count < HelpGenerator.usageColumn, "\(command.name)")
        }
    }

    @Test("--input-format's help names every format, family by family, and every sniffed extension, from the table")
    func inputFormatHelpFromTheTable() {
        let help = ReadingOptions.inputFormatHelp
        let text = help.replacingNewlines
        for format in TraceFormat.allCases { #expect(text.contains(" " + format.name), "\(format.name)") }
        for ext in TraceFormat.sniffedPathExtensions { #expect(text.contains("." + ext + "/") || text.contains("." + ext + " "), "\(ext)") }
        // A family's formats together, families apart.
        #expect(text.contains("json, jsonl, csv; getevent"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 66 })
    }
}
