/// One option or argument of a command, as declared beside the code that reads it. Parsing,
/// help, usage errors, the shells' completions and the man page are all written from these.
///
/// A class: the tables hold each option in several places (its group, each command that takes
/// it), and copying a reference is one retain where a struct of strings is a dozen.
public final class OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `--rtl`: present or not.
        case flag
        /// `--form FILE`: one value; given twice, the last counts.
        case value
        /// `--field LABEL`, any number of times, each value kept in order.
        case repeated
        /// The arguments that are not options (replay's events), in order.
        case positional
    }

    /// What a shell offers as the value.
    public enum Completion: Sendable, Equatable {
        case none, file, directory
        /// `LABEL:TYPE` (yad's `--field`): after the value's last colon, one of these.
        case afterColon([String])
    }

    /// Without the dashes: `form` for `--form`; a positional argument's name (`events`).
    public let name: String
    public let kind: Kind
    /// `FILE` in `--form <FILE>`.
    public let valueName: String
    public let help: String
    /// The value is the next argument even when it starts with `-` (`--size -5x5` is a bad size
    /// to explain, not an unknown option).
    public let valueMayStartWithDash: Bool
    /// The values the option accepts, for help (`(values: …)`), its error and completions.
    public let choices: [String]
    /// What the program uses when the option is not given, shown in help.
    public let defaultValue: String?
    public let completion: Completion
    /// Parsed but left out of help, completions and the man page (for translated command lines).
    public let hidden: Bool
    /// The command cannot run without it.
    public let required: Bool

    public init(name: String, kind: Kind, valueName: String = "", help: String, valueMayStartWithDash: Bool = false, choices: [String] = [],
                defaultValue: String? = nil, completion: Completion = .none, hidden: Bool = false, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.valueMayStartWithDash = valueMayStartWithDash
        self.choices = choices
        self.defaultValue = defaultValue
        self.completion = completion
        self.hidden = hidden
        self.required = required
    }

    public static func flag(_ name: String, help: String, hidden: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, hidden: hidden)
    }

    public static func value(_ name: String, _ valueName: String, help: String, default defaultValue: String? = nil,
                             choices: [String] = [], completion: Completion = .none, valueMayStartWithDash: Bool = false,
                             required: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .value, valueName: valueName, help: help, valueMayStartWithDash: valueMayStartWithDash, choices: choices,
                   defaultValue: defaultValue, completion: completion, required: required)
    }

    public static func repeated(_ name: String, _ valueName: String, help: String, completion: Completion = .none) -> OptionSpec {
        OptionSpec(name: name, kind: .repeated, valueName: valueName, help: help, completion: completion)
    }

    public static func positional(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .positional, valueName: name, help: help)
    }

    /// The same option: a command takes each name once.
    public static func == (left: OptionSpec, right: OptionSpec) -> Bool {
        left.name == right.name && left.kind == right.kind
    }

    /// `--form`, or `<events>` for a positional argument.
    public var spelling: String { kind == .positional ? "<\(name)>" : "--" + name }

    /// `--form <FILE>`, `--rtl`, `<events>`: as help and error messages name it.
    public var synopsis: String {
        switch kind {
        case .flag: "--" + name
        case .value, .repeated: "--\(name) <\(valueName)>"
        case .positional: "<\(name)>"
        }
    }

    public var takesValue: Bool { kind == .value || kind == .repeated }
}

/// Options shown together in help under one title (`WINDOW:`); untitled ones go under `OPTIONS:`.
public struct OptionGroup: Sendable {
    public let title: String?
    public let options: [OptionSpec]

    public init(_ title: String, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }

    public init(_ options: [OptionSpec]) {
        self.title = nil
        self.options = options
    }
}

/// A subcommand: its name, what help says of it, and its options.
public struct CommandSpec: Sendable {
    public let name: String
    public let abstract: String
    public let discussion: String
    public let groups: [OptionGroup]

    public init(name: String, abstract: String, discussion: String = "", groups: [OptionGroup]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.groups = groups
    }

    /// Every option and argument, in the order declared.
    public var options: [OptionSpec] { groups.flatMap(\.options) }
}

/// The program: its subcommands, the one that runs when none is named, and its own help.
public struct ProgramSpec: Sendable {
    public let name: String
    public let version: String
    public let abstract: String
    public let discussion: String
    public let commands: [CommandSpec]
    /// The index in `commands` of the command that runs when the first argument names none.
    public let defaultCommand: Int
    /// Other programs' command lines the program also takes, completed with their own options.
    public let dialects: [Dialect]

    public init(name: String, version: String, abstract: String, discussion: String, commands: [CommandSpec], defaultCommand: Int,
                dialects: [Dialect] = []) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.commands = commands
        self.defaultCommand = defaultCommand
        self.dialects = dialects
    }

    /// The options every command takes, handled by the command line itself.
    static let help = OptionSpec.flag("help", help: "Show help information.")
    static let version = OptionSpec.flag("version", help: "Show the version.")
    /// The program's own hidden options, only as the first argument: for `make install`.
    static let completionScript = OptionSpec.value("generate-completion-script", "SHELL", help: "Print the completion script for SHELL.",
                                                   choices: ["bash", "zsh", "fish"])
    static let manual = OptionSpec.value("generate-manual", "YYYY-MM-DD", help: "Print the man page (mdoc), dated YYYY-MM-DD.")

    /// Whether an option of a command or dialect completes `LABEL:TYPE`: the shells then need
    /// their helper for it.
    var completesAfterColon: Bool {
        (commands.flatMap(\.options) + dialects.flatMap(\.options)).contains { if case .afterColon = $0.completion { true } else { false } }
    }
}

/// Another program's command line that the program takes as it is (`zenity --forms …`), known by
/// one option in it: its options are offered instead of the program's own.
public struct Dialect: Sendable {
    /// Names the completion functions: `zenity`, `yad`.
    public let name: String
    /// `--forms`: the line is this dialect's when it holds the option.
    public let trigger: String
    /// The trigger counts only when another option follows it (yad's `--form --field …`, where
    /// the program's own `--form FILE` takes a file).
    public let triggerNeedsOption: Bool
    public let options: [OptionSpec]

    public init(name: String, trigger: String, triggerNeedsOption: Bool = false, options: [OptionSpec]) {
        self.name = name
        self.trigger = trigger
        self.triggerNeedsOption = triggerNeedsOption
        self.options = options
    }

    /// The command its completions are written as.
    var command: CommandSpec { CommandSpec(name: name, abstract: "", groups: [OptionGroup(options)]) }
}
