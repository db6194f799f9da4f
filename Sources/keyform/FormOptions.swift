import Glibc
import KeyformCommandLine
import KeyformCore
import KeyformEnvironment
import KeyformX11

/// The options every command that loads a form shares: where the form comes from (a file, or
/// flags for a quick form), its size and direction.
struct FormOptions {
    static let form = OptionSpec.value("form", "FILE", help: "The form file (JSON); - reads standard input. Default: the demo form. e.g. --form form.json. "
                                                             + "Followed by another option or by nothing, it is yad's --form (see below).",
                                       completion: .file)
    // Its value may start with a dash: "-5x5" is a bad size to explain, not a flag.
    static let size = OptionSpec.value("size", "WxH", help: "The window size; default: the size of the content, up to most of the screen. e.g. --size 520x420",
                                       valueMayStartWithDash: true)
    static let rtl = OptionSpec.flag("rtl", help: "Lay the form out right to left (also the default when LC_ALL, LC_MESSAGES or LANG is an RTL language).")
    static let value = OptionSpec.repeated("value", "ID=TEXT", help: "Start a field with a value; repeatable; tokens as A|B. e.g. --value name=Ada --value skills='C|Swift'")
    static let timeout = OptionSpec.value("timeout", "SECONDS", help: "Cancel (exit 5, as zenity) after SECONDS, counting down in the window. e.g. --timeout 60",
                                          valueMayStartWithDash: true)
    static let today = OptionSpec.value("today", "YYYY-MM-DD", help: "The date that date fields take as today (Up on an empty one, its calendar); default: the system's. For replay and tests. e.g. --today 2026-11-23")

    /// In help's order: the file, the quick form's flags, then the rest.
    static let options = [form] + QuickFormOptions.options + [size, rtl, value, timeout, today]

    let form: String?
    let quick: QuickFormOptions
    let size: String?
    let rtl: Bool
    let values: [String]
    let timeout: Double?
    let givenToday: CalendarDate?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        form = arguments.value(Self.form)
        quick = try QuickFormOptions(arguments)
        size = arguments.value(Self.size)
        rtl = arguments.flag(Self.rtl)
        values = arguments.values(Self.value)
        timeout = try arguments.value(Self.timeout, checking: Self.seconds)
        // ISO, as a date field is typed.
        givenToday = try arguments.value(Self.today) { text in
            guard case .success(let date) = CalendarDate.parse(text) else { return nil }
            return date
        }
    }

    /// The person's date: `--today`, else the system's.
    var today: CalendarDate { givenToday ?? .systemToday }

    /// `--timeout`'s value: more than 0 seconds, and under a billion (31 years; the clock's
    /// milliseconds stay exact far beyond).
    static func seconds(_ text: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), !seconds.isNaN else {
            throw UsageError("--timeout takes a number of seconds, like 60, not \"\(text)\"")
        }
        guard seconds > 0 else { throw UsageError("--timeout must be more than 0 seconds, not \(text)") }
        guard seconds < 1e9 else { throw UsageError("--timeout must be under 1000000000 seconds (31 years), not \(text)") }
        return seconds
    }

    /// Loads and validates the form, or exits 2 with a message that names the place.
    func load() throws -> Form {
        let direction = rtl ? .rtl : Self.localeDirection
        var form: Form
        if let dialog = ScriptDialogs.current {
            form = dialog.form
        } else if quick.isEmpty {
            form = try loadFile(direction: direction)
        } else {
            guard self.form == nil else { throw UsageError("use either --form or the quick-form flags (--field, --picker, …)") }
            form = try quick.form(arguments: QuickFormArguments.all, direction: direction)
        }
        if let title = quick.title { form.title = title }
        for value in values { try prefill(&form, value) }
        // Flags hold texts as a form file does, with the same limits.
        if let problem = form.limitProblem { throw UsageError(problem) }
        if rtl { form.direction = .rtl }  // even over a file's own "direction"
        if let size {
            let parts = size.split(separator: "x").compactMap { Double($0) }
            let sides = InputLimits.windowSides
            guard parts.count == 2, sides.contains(parts[0]), sides.contains(parts[1]) else {
                throw UsageError("--size takes WIDTHxHEIGHT, each from 1 to \(Int(sides.upperBound)), e.g. 520x420, not \"\(size)\"")
            }
            form.size = Size(width: parts[0], height: parts[1])
        }
        return form
    }

    /// `--value ID=TEXT`: a value that does not fit its field is a usage error.
    private func prefill(_ form: inout Form, _ assignment: String) throws {
        guard let equals = assignment.firstIndex(of: "=") else { throw UsageError("--value takes ID=TEXT, not \"\(assignment)\"") }
        do {
            try form.prefill(String(assignment[..<equals]), with: .string(String(assignment[assignment.index(after: equals)...])))
        } catch {
            throw UsageError("--value \(assignment): \(error)")
        }
    }

    /// Starts `--timeout`'s countdown from the session's current time, and sets a zenity or yad
    /// dialog up (yad's `--focus-field`).
    func start(_ session: FormSession) {
        if let timeout { session.startCountdown(seconds: timeout) }
        ScriptDialogs.current?.start(session)
    }

    /// Whether this is the demo: no form file, no quick form, no zenity or yad form.
    var isDemo: Bool { form == nil && quick.isEmpty && ScriptDialogs.current == nil }

    /// The direction of the locale's language, as the C library picks the messages' locale.
    static var localeDirection: Direction {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(Environment.value).first { !$0.isEmpty }
        return Direction(locale: locale ?? "")
    }

    private func loadFile(direction: Direction) throws -> Form {
        let (bytes, name) = try readSource()
        do {
            return try FormFile.parse(bytes, fileName: name, direction: direction)
        } catch {
            standardError(error.description)
            throw ExitCode(ExitStatus.badInput)
        }
    }

    /// The form file's bytes and the name messages give it; at most `InputLimits.formFileBytes`.
    private func readSource() throws -> ([UInt8], String) {
        let limit = InputLimits.formFileBytes
        let (name, contents): (String, FileIO.Contents)
        if form == "-" {
            (name, contents) = ("<stdin>", FileIO.read(from: STDIN_FILENO, limit: limit))
        } else if let path = form ?? DemoForm.path {
            (name, contents) = (path, FileIO.contents(atPath: path, limit: limit))
        } else {
            standardError("keyform: cannot find the demo form (../share/keyform/demo-form.json from the program, or assets/demo-form.json in the checkout); pass --form FILE")
            throw ExitCode(ExitStatus.badInput)
        }
        switch contents {
        case .bytes(let bytes): return (bytes, name)
        case .tooLarge: standardError("keyform: \(name) is larger than \(InputLimits.describe(bytes: limit)), the most a form file may be")
        case .unreadable: standardError("keyform: cannot read \(name): no such file or not readable")
        }
        throw ExitCode(ExitStatus.badInput)
    }
}

/// Where the demo form is: `$KEYFORM_DEMO_FORM`, else the installed copy beside the executable
/// (`make install` puts it in `PREFIX/share/keyform/` and the program in `PREFIX/bin/`, so it is
/// found under any `PREFIX` or `DESTDIR`), else `assets/demo-form.json` in a folder above the
/// executable (a build inside the checkout).
enum DemoForm {
    static var path: String? {
        if let path = Environment.value("KEYFORM_DEMO_FORM") { return path }
        var folder = CommandLine.executablePath
        if let slash = folder.lastIndex(of: "/"), let installed = existing(folder[..<slash] + "/../share/keyform/demo-form.json") {
            return installed
        }
        while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            folder = String(folder[..<slash])
            let candidate = folder + "/assets/demo-form.json"
            if access(candidate, F_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The path with `..` and links resolved (messages name it), if there is such a file.
    private static func existing(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension CommandLine {
    /// This executable, symbolic links resolved.
    static var executablePath: String {
        guard let path = realpath("/proc/self/exe", nil) ?? realpath(arguments[0], nil) else { return arguments[0] }
        defer { free(path) }
        return String(cString: path)
    }
}

func standardError(_ message: String, terminator: String = "\n") {
    _ = FileIO.writeAll(Array((message + terminator).utf8), to: STDERR_FILENO)
}
