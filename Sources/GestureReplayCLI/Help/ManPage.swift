/// `gesturereplay man`: the manual page (roff, section 1), from the declarations help is made from
/// (``HelpGenerator``): the same summaries, options, sections and exit codes.
enum ManPage {
    static func text() -> String {
        var s = ".TH GESTUREREPLAY 1 \"\" \"\(ProgramHelp.versionLine)\" \"User Commands\"\n"
        s += ".SH NAME\ngesturereplay \\- \(roff(ProgramHelp.description))\n"
        s += ".SH SYNOPSIS\n"
        for (i, (usage, _)) in HelpGenerator.commandSummaries.enumerated() {
            if i > 0 { s += ".br\n" }
            s += roff(usage) + "\n"
        }
        s += ".SH DESCRIPTION\n"
        for (usage, meaning) in HelpGenerator.commandSummaries {
            s += ".TP\n.B \(roff(usage))\n" + roffParagraph(meaning)
        }
        s += ".PP\n" + roffParagraph(ReplayCommand.discussion)
        func optionSection(_ title: String, _ specs: [OptionSpec], mark: (OptionSpec) -> String = { _ in "" }) {
            s += ".SH \(title)\n"
            for spec in specs {
                var label = spec.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
                label += "\\fB\(roff(spec.longFlag))\\fR"
                if let v = spec.valueName {
                    label += " \\fI" + roff(spec.choices.isEmpty ? v : spec.choices.joined(separator: "|")) + "\\fR"
                }
                s += ".TP\n" + label + "\n" + roffParagraph(mark(spec) + spec.help)
            }
        }
        optionSection("OPTIONS", HelpGenerator.listedOptions(ReplayCommand.self))
        s += ".PP\n" + roffParagraph(ProgramHelp.valuesNote)
        for (i, section) in HelpSection.all.enumerated() {
            optionSection(section.title, HelpGenerator.sectionOptions(i), mark: { HelpGenerator.commandMark($0, in: section) })
            for paragraph in section.manParagraphs { s += ".PP\n" + roffParagraph(paragraph) }
        }
        s += ".SH EXAMPLES\n"
        for line in ProgramHelp.examples.split(separator: "\n") { s += ".PP\n" + roff(String(line)) + "\n" }
        s += ".SH EXIT STATUS\n"
        for (code, meaning) in ProgramHelp.exitCodes { s += ".TP\n.B \(code)\n" + roffParagraph(meaning) }
        s += ".SH SEE ALSO\nREADME.md, docs/ci.md, docs/trace\\-format.md, docs/output\\-format.md, docs/synth.md and\n"
        s += "docs/pictures.md in the gesturereplay sources.\n"
        return s
    }

    /// Text for roff: backslashes and dashes escaped, a leading `.` or `'` protected.
    static func roff(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(c)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// A paragraph's lines joined for roff (each line protected).
    static func roffParagraph(_ text: String) -> String {
        text.split(separator: "\n").map { roff(String($0)) }.joined(separator: "\n") + "\n"
    }
}
