import KeyformCore
import KeyformKeyboard

/// The key commands and hooks of a form built in code, by where they are attached.
struct Behaviour: Sendable {
    var commands: [SessionHooks.Place: [(chord: KeyChord, command: KeyCommand)]] = [:]
    var shouldReturn: [String: @MainActor (FormSession) -> Bool] = [:]
    var backspaceWhenEmpty: [String: @MainActor (FormSession) -> Bool] = [:]
    var fieldChanged: [String: @MainActor (FormSession) -> Void] = [:]
    var checks: [String: FieldCheck] = [:]
    var submit: (@MainActor (FormSession) -> SubmitDecision)?
    var cancel: (@MainActor (FormSession) -> Bool)?
    var focusChanged: (@MainActor (FormSession, String?, String?) -> Void)?
    var valueChanged: (@MainActor (FormSession, String) -> Void)?

    /// The session's hooks, calling these with `session`.
    @MainActor func hooks(for session: FormSession) -> SessionHooks {
        var hooks = SessionHooks()
        let commands = self.commands
        hooks.commands = { [unowned session] place in
            commands[place, default: []].compactMap { $0.command.appCommand(chord: $0.chord, in: session) }
        }
        let shouldReturn = self.shouldReturn, backspace = backspaceWhenEmpty
        hooks.shouldReturn = { [unowned session] id in shouldReturn[id]?(session) ?? true }
        hooks.backspaceWhenEmpty = { [unowned session] id in backspace[id]?(session) ?? false }
        let fieldChanged = self.fieldChanged, valueChanged = self.valueChanged, focusChanged = self.focusChanged
        hooks.check = { [unowned session] id in session.verdict(of: id) }
        hooks.tell = { [unowned session] notice in
            switch notice {
            case .valueChanged(let id):
                session.startCheck(of: id)
                fieldChanged[id]?(session)
                valueChanged?(session, id)
            case let .focusChanged(from, to):
                focusChanged?(session, from, to)
            }
        }
        if let cancel { hooks.cancel = { [unowned session] in cancel(session) } }
        if let submit {
            hooks.submit = { [unowned session] _ in
                guard case let .refuse(field, message) = submit(session) else { return nil }
                // A refusal under no field would leave the person stuck with nothing said: the
                // app's mistake, told at once rather than a submit that silently never happens.
                precondition(session.core.hasField(field), "onSubmit refused under field \"\(field)\", which the form does not have")
                return (field, message)
            }
        }
        return hooks
    }
}

/// Turns what a form's builder made into the form file's fields and the behaviour beside them.
struct Assembly {
    var behaviour = Behaviour()
    /// What is wrong beyond what the form file's rules check: keys that name no key, bad dates.
    var problems: [String] = []
    let keyNames = XKBKeyNames()

    mutating func fields(_ parts: [FormPart], place: SessionHooks.Place) -> [KeyformCore.Field] {
        var made: [KeyformCore.Field] = []
        for part in parts {
            switch part.content {
            case .command(let command):
                attach(command, at: command.isWindows ? .window : place)
            case .field(let definition):
                var field = definition.field
                let id = field.id
                problems += definition.problems.map { "field \"\(id)\": \($0)" }
                field.fields = fields(definition.content, place: .section(id))
                for command in definition.commands { attach(command, at: command.isWindows ? .window : .field(id)) }
                behaviour.shouldReturn[id] = definition.shouldReturn
                behaviour.backspaceWhenEmpty[id] = definition.backspaceWhenEmpty
                behaviour.fieldChanged[id] = definition.valueChanged
                behaviour.checks[id] = definition.check
                made.append(field)
            }
        }
        return made
    }

    mutating func attach(_ command: KeyCommand, at place: SessionHooks.Place) {
        do {
            let chord = try command.chord(names: keyNames)
            // The second of two commands on one key in one place would never run.
            if behaviour.commands[place, default: []].contains(where: { $0.chord == chord }) {
                return problems.append("\(Self.describe(place)): two key commands on \(Self.describe(command)); the second would never run")
            }
            behaviour.commands[place, default: []].append((chord, command))
        } catch {
            problems.append("\(Self.describe(place)): key command\(command.title.map { " \"\($0)\"" } ?? ""): \(error)")
        }
    }

    /// `"ctrl+s"` as the app wrote it, or the key and modifiers it gave.
    static func describe(_ command: KeyCommand) -> String {
        switch command.input {
        case .written(let text): "\"\(text)\""
        case .chord(let chord): "\(chord)"
        }
    }

    /// `field "email"`, `section "address"`, `the form`, `the window`.
    static func describe(_ place: SessionHooks.Place) -> String {
        switch place {
        case .field(let id): "field \"\(id)\""
        case .section(let id): "section \"\(id)\""
        case .form: "the form"
        case .window: "the window"
        }
    }
}
