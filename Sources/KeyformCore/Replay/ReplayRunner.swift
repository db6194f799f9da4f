/// Turns key names and physical keys into presses; the keyboard module implements it with the
/// layout given to `--layout`.
public protocol KeyResolving {
    func press(keysymName: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress
    func press(physicalKey: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress
}

/// Runs replay events on a session, the way the window would deliver them, and reports the
/// state after each as one JSON object. It is the session's host (`SessionHost`) as the window
/// is: an event is a batch, its update kept in `lastUpdate`.
public struct ReplayRunner: SessionHost {
    public let session: FormSession
    let keys: any KeyResolving
    /// Modifiers held with `hold:` until `release:`.
    var held: Modifiers = []
    /// The values as `reportLine` writes them, field by field.
    var writtenValues = ValuesWriter()
    /// The event the batch being run hands the session, and whether it was handled.
    private var pending: ReplayEvent?
    private var handled = false
    /// The update of the last event's batch: what a window would have shown after it.
    public private(set) var lastUpdate = SessionUpdate()

    public init(session: FormSession, keys: any KeyResolving) {
        self.session = session; self.keys = keys
    }

    /// Runs one event as one batch, on the session's clock (moved on by `wait:`), and returns
    /// whether it was handled. An event refused (`focus:` a hidden field) leaves an empty update.
    public mutating func run(_ event: ReplayEvent) throws(ReplayError) -> Bool {
        pending = event
        lastUpdate = SessionUpdate()
        let session = self.session
        var now = session.now
        if case .wait(let ms) = event { now += ms }
        lastUpdate = try session.runBatch(at: now, on: &self)
        return handled
    }

    /// The pending event, as one change a screen reader hears of (typing a word is one).
    public mutating func deliverInput(to session: FormSession) throws(ReplayError) {
        guard let event = pending else { return }
        pending = nil
        handled = try session.announcingChanges { () throws(ReplayError) -> Bool in try deliver(event) }
    }

    /// Replay has no clipboard: a paste is an event of its own (`paste:TEXT`).
    public func perform(_ request: PlatformRequest, for session: FormSession) {}

    private mutating func deliver(_ event: ReplayEvent) throws(ReplayError) -> Bool {
        switch event {
        case let .key(name, modifiers):
            return session.handle(.keyPress(try keys.press(keysymName: name, modifiers: modifiers.union(held))))
        case let .repeatedKey(name, modifiers):
            var press = try keys.press(keysymName: name, modifiers: modifiers.union(held))
            press.isRepeat = true
            return session.handle(.keyPress(press))
        case let .physicalKey(name, modifiers):
            return session.handle(.keyPress(try keys.press(physicalKey: name, modifiers: modifiers.union(held))))
        case .type(let text):
            var handled = false
            for character in text {
                handled = session.handle(.keyPress(KeyPress(typing: character, modifiers: held))) || handled
            }
            return handled
        case .paste(let text):
            return session.handle(.paste(text))
        case let .click(target, count):
            let point = try self.point(target)
            var handled = false
            for clicks in 1...count {  // a double click is two presses, the second counting 2
                handled = session.handle(.pointerPress(.primary, at: point, modifiers: held, clickCount: clicks)) || handled
                handled = session.handle(.pointerRelease(.primary, at: point)) || handled
            }
            return handled
        case let .drag(from, to):
            let pressed = session.handle(.pointerPress(.primary, at: from, modifiers: held, clickCount: 1))
            session.handle(.pointerMotion(at: to))
            session.handle(.pointerRelease(.primary, at: to))
            return pressed
        case .wheel(let dy):
            return session.handle(.scroll(dx: 0, dy: dy))
        case .hold(let modifier):
            held.insert(modifier)
            return session.handle(.keyPress(KeyPress(key: modifier.leftKey, modifiers: held)))
        case .release(let modifier):
            held.remove(modifier)
            return session.handle(.keyRelease(KeyPress(key: modifier.leftKey, modifiers: held)))
        case .wait:  // the batch's clock has moved on
            return true
        case .focus(let id): return try program { try session.focus(id: id) }
        case .blur: session.blur(); return true
        case .windowActive(let active): return session.handle(.windowFocus(active))
        case let .select(anchor, caret): return try program { try session.select(anchor: anchor, caret: caret) }
        case .hide(let id): return try program { try session.setHidden(id, true) }
        case .show(let id): return try program { try session.setHidden(id, false) }
        case .disable(let id): return try program { try session.setDisabled(id, true) }
        case .enable(let id): return try program { try session.setDisabled(id, false) }
        case .remove(let id): return try program { try session.remove(id) }
        case .resize(let size): return session.handle(.resize(size))
        case let .preedit(text, caret): return session.handle(.preedit(text, caret: caret))
        case .commit(let text): return session.handle(.commit(text))
        }
    }

    private func program(_ change: () throws -> Void) throws(ReplayError) -> Bool {
        do { try change() } catch { throw ReplayError("\(error)") }
        return true
    }

    /// `click:ID` aims at the centre of the part of the control that is on screen.
    func point(_ target: ReplayEvent.PointerTarget) throws(ReplayError) -> Point {
        switch target {
        case .point(let point): return point
        case .field(let id):
            guard let frame = session.controlFrame(of: id) else { throw ReplayError("no field \"\(id)\"") }
            let visible = frame.intersection(Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height))
            guard !visible.isEmpty else { throw ReplayError("\"\(id)\" is not on screen (scroll or focus it first)") }
            return visible.center
        }
    }

    /// The state after an event, as replay prints it (docs/replay.md).
    public func report(event: String, handled: Bool) -> JSONValue {
        .object(reportMembers(event: event, handled: handled).map { ($0.key, $0.value ?? session.values) })
    }

    /// `report(event:handled:)` written as one line of JSON, the values written again only when
    /// they changed: on a form of a thousand fields they are most of every line.
    public mutating func reportLine(event: String, handled: Bool) -> [UInt8] {
        writtenValues.update(from: session)
        var out: [UInt8] = []
        out.reserveCapacity(writtenValues.bytes.count + 512)
        out.append(UInt8(ascii: "{"))
        for (index, member) in reportMembers(event: event, handled: handled).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            if let value = member.value { value.write(to: &out) } else { out.append(contentsOf: writtenValues.bytes) }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The report's members in order; `values` is nil, for the form's values.
    private func reportMembers(event: String, handled: Bool) -> [(key: String, value: JSONValue?)] {
        let selection = session.selection
        let result: JSONValue
        switch session.result {
        case .none: result = .null
        case .cancelled: result = .object([("status", .string("cancelled"))])
        case .submitted(let values): result = .object([("status", .string("submitted")), ("values", values)])
        }
        var members: [(key: String, value: JSONValue?)] = [
            ("event", .string(event)),
            ("handled", .bool(handled)),
            ("focus", session.focusedID.map(JSONValue.string) ?? .null),
            ("editing", session.editingID.map(JSONValue.string) ?? .null),
            ("text", session.editingID.flatMap(session.shownText(of:)).map(JSONValue.string) ?? .null),
            ("selection", selection.map { .array([.number(Double($0.anchor)), .number(Double($0.caret))]) } ?? .null),
            ("scroll", .object([("x", .number(session.scrollOffset.x)), ("y", .number(session.scrollOffset.y))])),
            ("start", session.startingPointID.map(JSONValue.string) ?? .null),
            ("overlay", session.overlayJSON),
            ("values", nil),
            ("result", result),
        ]
        // Only while something composes, so reports from before input methods stay as they were
        // (a reader takes the missing key for null).
        if !session.preedit.isEmpty { members.append(("preedit", .string(session.preedit))) }
        return members
    }
}

extension KeyPress {
    /// The press that types one character, as a keyboard with that character on a key would.
    public init(typing character: Character, modifiers: Modifiers = []) {
        let scalar = character.unicodeScalars.first!.value
        let keysym: UInt32
        switch scalar {
        case 0x20...0x7e, 0xa0...0xff: keysym = scalar  // Latin-1 keysyms are the code points
        case 0x0a, 0x0d: keysym = Key.returnKey.keysym
        case 0x09: keysym = Key.tab.keysym
        default: keysym = 0x0100_0000 | scalar  // xkb's Unicode keysyms
        }
        let typesText = keysym == scalar || keysym > 0x0100_0000
        self.init(key: Key(keysym), text: typesText ? String(character) : "", modifiers: modifiers)
    }
}

extension Modifiers {
    /// The left-hand key that sets this modifier.
    var leftKey: Key {
        switch self {
        case .shift: return .shiftL
        case .control: return .controlL
        case .alt: return .altL
        default: return .superL
        }
    }
}
