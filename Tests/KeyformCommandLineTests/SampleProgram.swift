import KeyformCommandLine

/// A small program with every kind of option, for the scanner and the writers.
enum Sample {
    static let form = OptionSpec.value("form", "FILE", help: "The form file. e.g. --form form.json", completion: .file)
    static let size = OptionSpec.value("size", "WxH", help: "The window size.", valueMayStartWithDash: true)
    static let rtl = OptionSpec.flag("rtl", help: "Right to left.")
    static let field = OptionSpec.repeated("field", "[ID:]LABEL", help: "A text field.")
    static let theme = OptionSpec.value("theme", "THEME", help: "The colours.", choices: ["light", "dark"])
    static let secret = OptionSpec.flag("secret", help: "", hidden: true)
    static let layout = OptionSpec.value("layout", "LAYOUT", help: "The xkb layout.", default: "us")
    static let events = OptionSpec.positional("events", help: "Events.")
    static let png = OptionSpec.value("png", "OUT", help: "Where to write the PNG.", completion: .file, required: true)
    static let tourDir = OptionSpec.value("tour-dir", "DIR", help: "Where the tour's screenshots go.", completion: .directory)

    static let program = ProgramSpec(
        name: "sample", version: "1.0.0", abstract: "A sample program.", discussion: "It has commands.\n\n  sample --form x.json",
        commands: [
            CommandSpec(name: "open", abstract: "Open a form (the default command).",
                        groups: [OptionGroup([form, size, rtl, field, secret, tourDir]), OptionGroup("Looks", [theme])]),
            CommandSpec(name: "replay", abstract: "Run events.", discussion: "Events, one an argument.",
                        groups: [OptionGroup([form, layout, events])]),
            CommandSpec(name: "render", abstract: "Render to a PNG.", groups: [OptionGroup([form, png, events])]),
        ],
        defaultCommand: 0)
}
