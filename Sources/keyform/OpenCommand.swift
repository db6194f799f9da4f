import enum KeyformLauncher.WindowLauncher
import KeyformCairo
import KeyformCommandLine
import KeyformCore
import KeyformEnvironment
import KeyformKeyboard
import KeyformX11

struct OpenCommand {
    static let draft = OptionSpec.value("draft", "FILE", help: "Save the values (never passwords) to FILE as they are typed, restore them on the next start, remove FILE on submit or cancel. e.g. --draft ~/.cache/report.draft",
                                        completion: .file)
    static let noBlink = OptionSpec.flag("no-blink", help: "Keep the caret solid (for benchmarks and screenshots).")
    static let tourDir = OptionSpec.value("tour-dir", "DIR", help: "Where the demo tour writes its screenshots.", default: "keyform-tour", completion: .directory)

    static let spec = CommandSpec(
        name: "open",
        abstract: "Open a form in a window (the default command).",
        discussion: """
            Examples:
              keyform                        the demo (no $DISPLAY: the demo tour on Xvfb)
              keyform --form form.json       a form file; values as JSON on submit
              keyform --form - --output shell < form.json
                                             the form on standard input; name='…' lines
              keyform --title "New user" --field Name --field "mail:E-mail" \\
                  --password PIN --picker "Years=0|1|2|3" --tokens Skills --textarea Notes
                                             a quick form from flags, in their order
              keyform --form f.json --draft ~/.cache/f.draft --timeout 120 --value name=Ada

            Keys: Tab and Shift+Tab move; Return moves on, and submits from the last field; Ctrl+Return submits from anywhere; Escape closes an open list, else cancels. A submit with an invalid field does not exit: that field takes focus and says why, until it is fixed.

            Exit status: 0 submitted (values on standard output), 1 cancelled, 2 bad form or usage, 3 no display, display or window lost, 4 submitted but the values could not be written to standard output (they go to standard error, passwords left out, and the draft), 5 --timeout ran out. SIGTERM, SIGHUP and SIGINT end Keyform by that signal, as zenity. For 3, 5 and a signal the draft is saved first; without --draft the values entered so far, passwords left out, go to standard error. A cancel removes the draft.

            zenity and yad scripts run unchanged with keyform in their place, printing and exiting as those programs do (README, "zenity and yad"): keyform --forms takes zenity's form options (--add-entry, --add-combo…; exit 0, 1, 5 on timeout); keyform --form --field "LABEL[:TYPE]" … [VALUE…] takes yad's, --form being yad's when another option or nothing follows it (--form FILE opens a file): every field type and option (docs/zenity-yad.md), the fields' values as the arguments after the options, every value followed by | (or --separator), exit 0 OK (or a --button's code), 1 Cancel, 252 Escape, 70 timeout.
              keyform --form --field Name --field "Admin:CHK" Ada TRUE
                                             yad's form: prints Ada|TRUE| on OK

            Form files: docs/form-file.md. Quick-form ids come from the label: lower-case ASCII letters and digits, other characters joined into one "_" ("E-mail address" gives e_mail_address); a label with none gets field, field_2, ….
            """,
        groups: [OptionGroup(FormOptions.options), OptionGroup("Window", WindowOptions.options + ScaleOption.options),
                 OptionGroup("Looks", ThemeOptions.options), OptionGroup(OutputOptions.options + [draft, noBlink, tourDir])])

    let options: FormOptions
    let window: WindowOptions
    let scale: ScaleOption
    let look: ThemeOptions
    let output: OutputOptions
    let draft: String?
    let noBlink: Bool
    let tourDir: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try FormOptions(arguments)
        window = try WindowOptions(arguments)
        scale = try ScaleOption(arguments)
        look = try ThemeOptions(arguments)
        output = try OutputOptions(arguments)
        draft = arguments.value(Self.draft)
        noBlink = arguments.flag(Self.noBlink)
        tourDir = arguments.valueOrDefault(Self.tourDir)
    }

    /// How long after the last change a draft is saved.
    static let draftDelay = 300.0

    /// On the main actor, as `main` is: the X11 layer is main-actor bound.
    @MainActor
    func run() throws {
        let display = Environment.value("DISPLAY") ?? ""
        if display.isEmpty && options.isDemo {
            let demo = try options.load()  // its password fields are left out of what the tour prints
            throw ExitCode(DemoTourLauncher.run(form: demo, path: DemoForm.path ?? "", directory: tourDir))
        }
        StartupTimeline.mark("arguments parsed")
        var form = try options.load()
        StartupTimeline.mark("form read")
        let draft = try self.draft.map(Draft.init(path:))
        try draft?.restore(into: &form)
        let manners = try window.manners()
        // The toolkits' variables the scale follows; the desktop's settings are read from the display.
        let environment = ScaleSettings.environment(from: Environment.value)
        let scaleSettings = ScaleSettings(option: scale.scale, environment: environment)
        throw ExitCode(open(form, draft: draft, display: display, manners: manners, scaleSettings: scaleSettings))
    }

    /// Shows the form and prints its values; returns the exit status.
    @MainActor
    private func open(_ form: Form, draft: Draft?, display: String, manners: WindowManners, scaleSettings: ScaleSettings) -> Int32 {
        // Connected first, so the text is measured in the desktop's font from the start.
        let connection: Result<XConnection, any Error>
        do { connection = .success(try XConnection(displayName: display.isEmpty ? nil : display)) } catch { connection = .failure(error) }
        StartupTimeline.mark("connected")
        var desktop: DesktopSettingsWatcher?
        let groundwork: Result<WindowGroundwork, any Error>
        switch connection {
        case .success(let connection):
            desktop = try? DesktopSettingsWatcher(connection: connection)
            // The window's round trips while fontconfig still loads on Pango's thread (`FontSystem`).
            do {
                groundwork = .success(try WindowGroundwork(connection: connection, desktop: desktop, scaleSettings: scaleSettings))
            } catch {
                groundwork = .failure(error)
            }
        case .failure(let error):
            groundwork = .failure(error)
        }
        StartupTimeline.mark("window groundwork laid")
        let manners = manners.withKeyformIconIfNone
        let layouts = TextLayouts(typeface: desktop?.settings.typeface ?? .standard)
        let measurer = PangoTextMeasurer(layouts: layouts)
        // Loads the font (fontconfig, the font file), so the timeline tells it from the layout:
        // through the body's line height, which the layout needs anyway, so that no glyph is
        // loaded that the form may not show.
        _ = measurer.lineHeight(Theme.bodyFont)
        StartupTimeline.mark("font loaded")
        let session = FormSession(form: form, measurer: measurer, keyNames: XKBKeyNames(), today: options.today)
        StartupTimeline.mark("form laid out")
        session.caretBlinks = !noBlink
        do { try output.check(session) } catch {
            standardError("keyform: \(error)")
            return ExitStatus.badInput
        }
        // The window's clock from here on, so the countdown starts now.
        session.advanceClock(to: MonotonicClock.now())
        options.start(session)
        if draft != nil { session.autosave(after: Self.draftDelay) }
        let result: FormResult
        do {
            result = try Self.show(session, layouts: layouts, connection: connection.get(), desktop: desktop, groundwork: groundwork.get(), manners: manners,
                                   scaleSettings: scaleSettings, theme: look.theme ?? .auto, saveDraft: { draft?.save($0) },
                                   feed: ScriptDialogs.current?.feed(session))
        } catch {
            return recover(session, draft: draft, after: error)
        }
        // Once the values are written: yad's `--kill-parent`.
        defer { ScriptDialogs.current?.ended() }
        switch result {
        case .submitted(let values):
            return deliver(output.format(values, of: session), of: session, draft: draft)
        case .cancelled:
            guard session.timedOut, let timeout = options.timeout else {
                // The person chose to discard what was typed: the next start begins afresh.
                draft?.remove()
                return ExitStatus.of(session)
            }
            // Nobody answered: what was entered so far is kept, as on SIGTERM.
            if output.timeoutPrintsValues {
                return deliver(output.format(session.submittedValues, of: session), of: session, draft: draft, answered: false)
            }
            keep(session, draft: draft, why: "timed out after \(JSONValue.number(timeout).serialized) s")
            return ExitStatus.of(session)
        }
    }

    /// Writes the values a script reads. Once they are written the draft of an `answered` form is
    /// removed; when they cannot be, they go to standard error and the draft, and the exit status
    /// says so.
    private func deliver(_ values: String, of session: FormSession, draft: Draft?, answered: Bool = true) -> Int32 {
        if let failure = StandardOutput.write(values) {
            keep(session, draft: draft, why: "cannot write the values to standard output: \(failure)", printing: true)
            return ExitStatus.outputFailed
        }
        if answered { draft?.remove() }
        return ExitStatus.of(session)
    }

    /// Runs the window until a result; termination signals end it like a lost display.
    @MainActor
    private static func show(_ session: FormSession, layouts: TextLayouts, connection: XConnection, desktop: DesktopSettingsWatcher?, groundwork: WindowGroundwork,
                             manners: WindowManners, scaleSettings: ScaleSettings, theme: ThemeChoice,
                             saveDraft: @escaping (JSONValue) -> String?, feed: (any WindowCompanion)?) throws -> FormResult {
        try WindowLauncher.run(session, layouts: layouts, on: connection, desktop: desktop, groundwork: groundwork, manners: manners, scaleSettings: scaleSettings,
                               theme: theme, report: { standardError("keyform: \($0)") }, saveDraft: saveDraft, feed: feed) { run in
            TerminationSignals.watch(displaySocket: connection.fileDescriptor)
            defer { TerminationSignals.stopWatching() }
            return try run()
        }
    }

    /// No display, or the window ended without a result: nothing typed is lost. The draft gets
    /// the values, or without one they go to standard error in the chosen format. Returns 3, or
    /// after a termination signal dies by it.
    private func recover(_ session: FormSession, draft: Draft?, after error: any Error) -> Int32 {
        let why = TerminationSignals.signalName.map { "stopped by \($0)" } ?? "\(error)"
        guard [.connectionLost, .windowDestroyed].contains(error as? X11Error) else {
            standardError("keyform: \(why)")
            return ExitStatus.noDisplay
        }
        keep(session, draft: draft, why: why)
        TerminationSignals.dieByReceivedSignal()
        return ExitStatus.noDisplay
    }

    /// The form ended with no answer written: the draft gets the values, and they go to standard
    /// error in the chosen format (passwords left out) when there is no draft, its save failed, or
    /// `printing` asks for them there too.
    private func keep(_ session: FormSession, draft: Draft?, why: String, printing: Bool = false) {
        let values = session.valuesWithoutPasswords
        let saved = draft.flatMap { $0.save(values) == nil ? $0.path : nil }
        if let saved, !printing {
            standardError("keyform: \(why); the values are saved in \(saved)")
            return
        }
        let kept = saved.map { "; the values are saved in \($0) and here" } ?? "; the values entered so far"
        standardError("keyform: \(why)\(kept) (passwords left out):")
        standardError(output.format(values, of: session), terminator: "")
    }
}
