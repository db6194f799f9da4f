@testable import KeyformCommandLine
import Testing

/// Help as a person reads it: the sections, the help column, wrapping, usage lines and errors.
@Suite struct HelpWriterTests {
    static var writer: HelpWriter {
        var writer = HelpWriter(program: Sample.program)
        writer.width = 60
        return writer
    }

    @Test func aCommandsHelp() {
        #expect(Self.writer.help(for: 1) == """
            OVERVIEW: Run events.

            Events, one an argument.

            USAGE: sample replay [--form <FILE>] [--layout <LAYOUT>] [<events> ...]

            ARGUMENTS:
              <events>                Events.

            OPTIONS:
              --form <FILE>           The form file. e.g. --form
                                      form.json
              --layout <LAYOUT>       The xkb layout. (default: us)
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    @Test func titledSectionsComeFirstAndHiddenOptionsStayHidden() {
        let help = Self.writer.help(for: 0)
        #expect(help.contains("""
            LOOKS:
              --theme <THEME>         The colours. (values: light, dark)

            OPTIONS:
              --form <FILE>
            """))
        #expect(help.contains("--tour-dir <DIR>        Where the tour's screenshots go."))
        #expect(!help.contains("secret"))
    }

    @Test func theProgramsHelp() {
        #expect(Self.writer.programHelp() == """
            OVERVIEW: A sample program.

            It has commands.

              sample --form x.json

            USAGE: sample <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              open (default)          Open a form (the default command).
              replay                  Run events.
              render                  Render to a PNG.

              See 'sample help <subcommand>' for detailed help.
            """)
    }

    @Test(arguments: [
        ("one two three four", 10, "one two\nthree four"),
        ("a\n\nb", 10, "a\n\nb"),
        ("averyveryverylongword and more", 10, "averyveryverylongword\nand more"),
        ("one two", 10, "one two"),
    ])
    func wrapping(_ text: String, _ width: Int, _ wrapped: String) {
        #expect(text.wrapped(to: width) == wrapped)
    }

    @Test func aLongLabelPutsItsHelpOnTheNextLine() {
        var writer = Self.writer
        writer.width = 80
        let option = OptionSpec.value("a-very-long-option", "SOME-VALUE", help: "Its help.")
        let program = ProgramSpec(name: "p", version: "1", abstract: "", discussion: "",
                                  commands: [CommandSpec(name: "c", abstract: "", groups: [OptionGroup([option])])], defaultCommand: 0)
        writer = HelpWriter(program: program)
        writer.width = 80
        #expect(writer.help(for: 0).contains("  --a-very-long-option <SOME-VALUE>\n                          Its help.\n"))
    }

    @Test(arguments: [
        (0, "sample open [--form <FILE>] [--size <WxH>] [--rtl] [--field <[ID:]LABEL> ...] [--tour-dir <DIR>] [--theme <THEME>]"),
        (2, "sample render [--form <FILE>] --png <OUT> [<events> ...]"),
    ])
    func usageLines(_ command: Int, _ usage: String) {
        #expect(Self.writer.usage(for: command) == usage)
    }

    @Test func aUsageErrorNamesTheOptionAndTheCommand() {
        let failure = CommandUsageError(command: 2, UsageError("Missing expected argument '--png <OUT>'", option: Sample.png))
        #expect(Self.writer.message(for: failure) == """
            Error: Missing expected argument '--png <OUT>'
            Help:  --png <OUT>  Where to write the PNG.
            Usage: sample render [--form <FILE>] --png <OUT> [<events> ...]
              See 'sample render --help' for more information.
            """)
    }
}
