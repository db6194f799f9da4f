/// One event of the replay language (docs/replay.md), parsed from its one-line form.
public enum ReplayEvent: Equatable, Sendable {
    /// A key by its keysym name: `Tab`, `ctrl+a`.
    case key(name: String, modifiers: Modifiers)
    /// A press the keyboard's auto-repeat sends while the key is held: `repeat:BackSpace`.
    case repeatedKey(name: String, modifiers: Modifiers)
    /// A physical key by its xkb name, through the layout: `key:AC01`.
    case physicalKey(name: String, modifiers: Modifiers)
    case type(String)
    case paste(String)
    case click(PointerTarget, count: Int)
    case drag(from: Point, to: Point)
    case wheel(dy: Double)
    case hold(Modifiers)
    case release(Modifiers)
    case wait(milliseconds: Double)
    case focus(String)
    case blur
    /// The window losing or getting the desktop's focus (`deactivate`, `activate`).
    case windowActive(Bool)
    case select(anchor: Int, caret: Int)
    case hide(String), show(String), disable(String), enable(String), remove(String)
    case resize(Size)
    /// An input method's composition so far (empty: it ends), its caret in Characters (nil: at
    /// the end): `preedit:TEXT[:CARET]`.
    case preedit(String, caret: Int?)
    /// Text an input method commits: `commit:TEXT`.
    case commit(String)

    public enum PointerTarget: Equatable, Sendable {
        case field(String)
        case point(Point)
    }
}

public struct ReplayError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension ReplayEvent {
    static let modifierNames: [String: Modifiers] = ["shift": .shift, "ctrl": .control, "control": .control,
                                                     "alt": .alt, "super": .super]

    public init(parsing line: String) throws(ReplayError) {
        guard !line.isEmpty else { throw ReplayError("empty event") }
        guard !line.containsNUL else { throw ReplayError("an event may not hold a NUL character") }
        let (verb, argument) = Self.split(line)
        switch verb {
        case "type": self = .type(argument ?? "")
        case "preedit": self = try Self.preedit(argument ?? "")
        case "commit": self = .commit(argument ?? "")
        case "paste": self = .paste(argument ?? "")
        case "click": self = .click(try Self.target(argument, verb), count: 1)
        case "dblclick": self = .click(try Self.target(argument, verb), count: 2)
        case "tripleclick": self = .click(try Self.target(argument, verb), count: 3)
        case "drag":
            let points = (argument ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard points.count == 2, let from = Self.point(points[0]), let to = Self.point(points[1]) else {
                throw ReplayError("drag takes X,Y:X,Y")
            }
            self = .drag(from: from, to: to)
        case "wheel":
            guard let dy = argument.flatMap(Double.init), dy.isFinite else { throw ReplayError("wheel takes a number of pixels") }
            self = .wheel(dy: dy)
        case "hold", "release":
            guard let modifier = argument.flatMap({ Self.modifierNames[$0.lowercased()] }) else {
                throw ReplayError("\(verb) takes shift, ctrl, alt or super")
            }
            self = verb == "hold" ? .hold(modifier) : .release(modifier)
        case "wait":
            guard let ms = argument.flatMap(Double.init), ms >= 0, ms.isFinite else { throw ReplayError("wait takes milliseconds") }
            self = .wait(milliseconds: ms)
        case "focus": self = .focus(try Self.id(argument, verb))
        case "blur": self = .blur
        case "repeat":
            guard case let .key(name, modifiers) = try Self.chord(argument ?? "") else { throw ReplayError("repeat takes a key such as BackSpace") }
            self = .repeatedKey(name: name, modifiers: modifiers)
        case "activate": self = .windowActive(true)
        case "deactivate": self = .windowActive(false)
        case "select":
            let parts = (argument ?? "").split(separator: ",").map { Int($0) }
            guard parts.count == 2, let anchor = parts[0], let caret = parts[1], anchor >= 0, caret >= 0 else {
                throw ReplayError("select takes ANCHOR,CARET")
            }
            self = .select(anchor: anchor, caret: caret)
        case "hide": self = .hide(try Self.id(argument, verb))
        case "show": self = .show(try Self.id(argument, verb))
        case "disable": self = .disable(try Self.id(argument, verb))
        case "enable": self = .enable(try Self.id(argument, verb))
        case "remove": self = .remove(try Self.id(argument, verb))
        case "resize":
            let parts = (argument ?? "").split(separator: "x").map { Double($0) }
            let sides = InputLimits.windowSides
            guard parts.count == 2, let w = parts[0], let h = parts[1], sides.contains(w), sides.contains(h) else {
                throw ReplayError("resize takes WxH, each from 1 to \(Int(sides.upperBound))")
            }
            self = .resize(Size(width: w.rounded(), height: h.rounded()))
        default:
            self = try Self.chord(line)
        }
    }

    /// `verb:argument`, or the whole line as a key chord when it is not a known verb. Split on
    /// scalars: in `type:\u{301}` the colon and the combining mark are one Character.
    static func split(_ line: String) -> (String, String?) {
        let scalars = line.unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return (line, nil) }
        return (String(scalars[..<colon]), String(scalars[scalars.index(after: colon)...]))
    }

    /// `ctrl+shift+Tab`, `shift+key:TAB`, `plus` (the key names `+` by its keysym name).
    static func chord(_ text: String) throws(ReplayError) -> ReplayEvent {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let last = parts.removeLast()
        var modifiers: Modifiers = []
        for part in parts {
            guard let modifier = modifierNames[part.lowercased()] else {
                throw ReplayError(part.isEmpty ? "empty modifier in \"\(text)\"" : "unknown modifier \"\(part)\" (shift, ctrl, alt, super)")
            }
            modifiers.insert(modifier)
        }
        if last.hasPrefix("key:") {
            let name = String(last.dropFirst(4))
            guard !name.isEmpty else { throw ReplayError("key: takes an xkb key name such as AC01") }
            return .physicalKey(name: name, modifiers: modifiers)
        }
        guard !last.isEmpty, !last.contains(":") else { throw ReplayError("unknown event \"\(text)\"") }
        return .key(name: last, modifiers: modifiers)
    }

    /// `TEXT` or `TEXT:CARET`: a last part of digits after a colon is the caret.
    static func preedit(_ argument: String) throws(ReplayError) -> ReplayEvent {
        let scalars = argument.unicodeScalars
        guard let colon = scalars.lastIndex(of: ":"), let caret = Int(String(scalars[scalars.index(after: colon)...])),
              scalars[scalars.index(after: colon)...].allSatisfy({ ("0"..."9").contains($0) }) else {
            return .preedit(argument, caret: nil)
        }
        let text = String(scalars[..<colon])
        guard caret <= text.count else { throw ReplayError("preedit: caret \(caret) is past the end of \"\(text)\"") }
        return .preedit(text, caret: caret)
    }

    static func target(_ argument: String?, _ verb: String) throws(ReplayError) -> PointerTarget {
        guard let argument, !argument.isEmpty else { throw ReplayError("\(verb) takes a field id or X,Y") }
        if let point = point(argument) { return .point(point) }
        return .field(try id(argument, verb))
    }

    static func point(_ text: String) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    static func id(_ argument: String?, _ verb: String) throws(ReplayError) -> String {
        guard let argument, !argument.isEmpty else { throw ReplayError("\(verb) takes a field id") }
        return argument
    }
}
