/// The man page, in mdoc: the program's overview, then each command with its options, from the
/// same declarations as help. `make install` writes it with the last commit's date.
public enum ManualPage {
    /// `date` is `YYYY-MM-DD`; nil if it is not one.
    public static func page(for program: ProgramSpec, date: String) -> String? {
        guard let date = longDate(date) else { return nil }
        var lines = [
            ".Dd \(date)", ".Dt \(program.name.uppercased()) 1", ".Os",
            ".Sh NAME", ".Nm \(program.name)", ".Nd \(text(lowercasedStart(ZshCompletion.summary(program.abstract))))",
            ".Sh SYNOPSIS", ".Nm", ".Op Ar subcommand", ".Op Ar options",
            ".Sh DESCRIPTION",
        ]
        lines += paragraphs(program.discussion)
        lines += [".Bl -tag -width 6n", ".It Fl -version", text(ProgramSpec.version.help),
                  ".It Fl h , Fl -help", text(ProgramSpec.help.help), ".El"]
        lines.append(".Sh COMMANDS")
        for (index, command) in program.commands.enumerated() {
            lines.append(".Ss \(command.name)" + (index == program.defaultCommand ? " (the default)" : ""))
            lines += paragraphs(command.abstract + (command.discussion.isEmpty ? "" : "\n\n" + command.discussion))
            lines.append(".Bl -tag -width 6n")
            for option in command.options where !option.hidden {
                lines.append(".It " + item(option))
                lines += paragraphs(HelpWriter.abstract(of: option))
            }
            lines.append(".El")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Fl -form Ar FILE`, `Fl -rtl`, `Ar events ...`.
    private static func item(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag: "Fl -\(option.name)"
        case .value, .repeated: "Fl -\(option.name) Ar \"\(text(option.valueName))\""
        case .positional: "Ar \(option.name) No ..."
        }
    }

    /// Blank lines part paragraphs (`.Pp`); indented lines are examples, kept as they are
    /// (`.Bd -literal`); other lines are prose, for the formatter to fill.
    static func paragraphs(_ source: String) -> [String] {
        var lines: [String] = []
        var inExample = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let example = line.hasPrefix("  ")
            if example != inExample {
                if example, lines.last == ".Pp" { lines.removeLast() }  // a display sets itself apart
                lines.append(example ? ".Bd -literal -offset indent" : ".Ed")
                inExample = example
            }
            if line.isEmpty {
                if !inExample, lines.last != ".Pp", !(lines.last ?? "").hasPrefix(".Sh"), !(lines.last ?? "").hasPrefix(".Ss") { lines.append(".Pp") }
            } else if example {
                lines.append(text(line.dropFirst(2)))
            } else {
                // The period of "e.g." ends no sentence.
                lines += sentences(line).map { text($0).split(separator: "e.g. ", omittingEmptySubsequences: false).joined(separator: "e.g.\\& ") }
            }
        }
        if inExample { lines.append(".Ed") }
        while lines.last == ".Pp" { lines.removeLast() }
        return lines
    }

    /// One sentence a line, as roff wants prose (it puts the space between sentences).
    static func sentences(_ line: Substring) -> [String] {
        var result: [String] = []
        var sentence = ""
        var rest = line[...]
        while let space = rest.firstIndex(of: " ") {
            let word = rest[..<space]
            rest = rest[rest.index(after: space)...]
            sentence += word
            if let last = word.last, ".?!".contains(last), word.count > 1, !word.hasSuffix("e.g."), !rest.isEmpty {
                result.append(sentence)
                sentence = ""
            } else {
                sentence += " "
            }
        }
        result.append(sentence + rest)
        return result
    }

    /// A text line for roff: backslashes and a leading `.` or `'` escaped, other characters than
    /// ASCII as `\[uXXXX]`, so that no formatter needs to know the encoding.
    static func text<S: StringProtocol>(_ line: S) -> String {
        var result = line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : ""
        for scalar in line.unicodeScalars {
            if scalar == "\\" {
                result += "\\e"
            } else if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    private static func lowercasedStart(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// `2026-11-23` → `November 23, 2026`, as mdoc's `.Dd` takes it.
    static func longDate(_ iso: String) -> String? {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(months[month - 1]) \(day), \(year)"
    }
}
