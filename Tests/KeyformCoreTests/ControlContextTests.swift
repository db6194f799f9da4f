@testable import KeyformCore
import Testing

/// A control run on a context of its own, with no session (docs/architecture.md › Controls): the
/// context is the control's only way to the form, so a fake host that answers its reads and
/// records its effects is all a control needs. Steps go in; the value and the effects come out.
@Suite("A control on a fake context") struct ControlContextTests {
    /// Steps: `press` (a pointer press), `activate` (its mnemonic, or a release on it), an action
    /// by name (`toggle`, `selectAll`, `copy`, `paste`), `clear`, `a11y:NAME` (a screen reader's
    /// action), `disabled` (it can no longer take focus).
    @Test(arguments: [
        ("a press arms it, and toggles nothing yet", false, ["press"], false, ["grab button 0"]),
        ("the release on it toggles it", false, ["press", "activate"], true, ["grab button 0", "value changed 0"]),
        ("Space's command toggles it", false, ["toggle"], true, ["value changed 0"]),
        ("and again unchecks it", false, ["toggle", "toggle"], false, ["value changed 0", "value changed 0"]),
        ("a text command is not its own", false, ["selectAll"], false, []),
        ("clear unchecks it", true, ["clear"], false, ["value changed 0"]),
        ("clear on an unchecked box is not offered", false, [], false, []),
        ("a screen reader's toggle focuses it first", false, ["a11y:toggle"], true, ["focus 0", "value changed 0"]),
        ("not when it cannot take focus", false, ["disabled", "a11y:toggle"], false, []),
        ("nor for an action it does not have", false, ["a11y:press"], false, []),
    ] as [(String, Bool, [String], Bool, [String])])
    func checkbox(_ name: String, checked: Bool, steps: [String], expected: Bool, effects: [String]) throws {
        var field = Field(id: "agree", kind: .checkbox, label: "I _agree")
        field.value = checked ? "true" : "false"
        let host = FakeHost(field)
        let control = try #require(host.control(0) as? CheckboxControl)
        let context = ControlContext(node: 0, host: host)
        #expect(control.canClear(in: context) == checked)
        for step in steps {
            switch step {
            case "press":
                control.press(PointerPress(point: host.frame.center, modifiers: [], clickCount: 1, pressedFrame: host.frame), in: context)
            case "activate": _ = control.activate(in: context)
            case "toggle": _ = control.perform(.toggle, in: context)
            case "selectAll": #expect(control.perform(.selectAll, in: context) == .ignored)
            case "clear": control.clear(in: context)
            case "disabled": host.focusable = false
            default: _ = control.performAccessibleAction(String(step.dropFirst("a11y:".count)), on: [], in: context)
            }
        }
        #expect(control.isChecked == expected, "\(name)")
        #expect(control.value(in: context) == .bool(expected))
        #expect(host.effects == effects, "\(name)")
    }

    /// Keys typed into a text field, then what it holds and asked for: the value followed, its
    /// inside repainted for a caret that moved, PRIMARY given the selection, the clipboard.
    @Test(arguments: [
        ("typing", "", ["x", "y"], "xy", ["value changed 0", "value changed 0"]),
        ("BackSpace", "ab", ["BackSpace"], "a", ["value changed 0"]),
        ("a selection goes to PRIMARY", "ab", ["shift+Left"], "ab", ["primary: b", "repaint control 0"]),
        ("Copy puts it on the clipboard", "ab", ["selectAll", "copy"], "ab", ["primary: ab", "repaint control 0", "clipboard: ab"]),
        ("Paste asks for the clipboard", "", ["paste"], "", ["paste clipboard"]),
        ("Return goes on to the form", "ab", ["Return"], "ab", []),
    ] as [(String, String, [String], String, [String])])
    func textField(_ name: String, text: String, keys: [String], expected: String, effects: [String]) throws {
        var field = Field(id: "name", kind: .text, label: "_Name")
        field.value = text
        let host = FakeHost(field)
        host.editing = true
        let control = try #require(host.control(0) as? TextControl)
        let context = ControlContext(node: 0, host: host)
        control.textInput.editor.moveCaret(to: text.count, extending: false)
        for key in keys {
            switch key {
            case "selectAll": _ = control.perform(.selectAll, in: context)
            case "copy": _ = control.perform(.copy, in: context)
            case "paste": _ = control.perform(.paste, in: context)
            case "BackSpace": _ = control.handleKey(KeyPress(key: .backSpace), in: context)
            case "shift+Left": _ = control.handleKey(KeyPress(key: .left, modifiers: .shift), in: context)
            case "Return": #expect(!control.handleKey(KeyPress(key: .returnKey), in: context))
            default: _ = control.handleKey(KeyPress(key: Key(Character(key).unicodeScalars.first!.value), text: key), in: context)
            }
        }
        #expect(control.textInput.editor.text == expected, "\(name)")
        #expect(host.effects == effects, "\(name)")
    }
}

/// One field on a form of its own: it answers what a control reads, and writes down each effect
/// a control asks for as a line.
private final class FakeHost: ControlHost {
    let fields: [Field]
    let controls: [any Control]
    let frame = Rect(x: 10, y: 40, width: 200, height: 30)
    var focusable = true
    var editing = false
    private(set) var effects: [String] = []

    init(_ field: Field) {
        fields = [field]
        controls = [field.kind.control.init(field: field)]
    }

    // MARK: Reads

    func field(_ node: Int) -> Field { fields[node] }
    func control(_ node: Int) -> any Control { controls[node] }
    let direction = Direction.ltr
    let measurer: any TextMeasuring = FixedWidthMeasurer()
    let palette = Palette.light
    var painter: Painter { Painter(palette: palette, measurer: measurer, direction: direction, windowHeight: 400, windowActive: true) }
    func controlFrame(_ node: Int) -> Rect { frame }
    func labelFrame(_ node: Int) -> Rect { Rect(x: 10, y: 20, width: 200, height: 17) }
    func blockFrame(_ node: Int) -> Rect { Rect(x: 10, y: 20, width: 200, height: 50) }
    let scrollOffset = Point.zero
    let viewport = Size(width: 220, height: 400)
    var popupBounds: Rect { Rect(x: 0, y: 0, width: viewport.width, height: viewport.height) }
    var focusedNode: Int? { editing ? 0 : nil }
    let focusVisible = true
    let windowActive = true
    func canFocus(_ node: Int) -> Bool { focusable }
    func isShown(_ node: Int) -> Bool { true }
    func isEnabled(_ node: Int) -> Bool { focusable }
    var editingNode: Int? { editing ? 0 : nil }
    let composition = Preedit()
    let caretOn = true
    let today = CalendarDate.earliest
    let typeAheadRunning = false
    let popup: (any Popup)? = nil
    let pointerGrab: PointerState.Grab? = nil
    func labelLines(_ node: Int, width: Double) -> WrappedLabel {
        WrappedLabel(label: fields[node].label, mnemonic: true, direction: direction, font: Theme.labelFont, width: width, measurer: measurer)
    }
    func message(_ node: Int) -> String? { nil }
    func accessibleMessage(_ node: Int) -> String? { nil }
    func mnemonicLetter(of node: Int) -> Character? { Mnemonic(label: fields[node].label).character }
    func underline(at offset: Int?, of node: Int) -> Range<Int>? { nil }

    // MARK: Effects

    func invalidate(node: Int) { effects.append("repaint \(node)") }
    func invalidate(control node: Int) { effects.append("repaint control \(node)") }
    func valueChanged(_ node: Int) { effects.append("value changed \(node)") }
    func show(_ popup: any Popup) { effects.append("show popup of \(popup.node)") }
    func closePopup() { effects.append("close popup") }
    func grabPointer(_ grab: PointerState.Grab?) {
        switch grab {
        case .button(let node, _)?: effects.append("grab button \(node)")
        case .selecting(let node)?: effects.append("grab selecting \(node)")
        case .scrollBar?, nil: effects.append("let go")
        }
    }
    func focusNow(_ node: Int) { effects.append("focus \(node)") }
    func end(_ action: ButtonAction, byButton node: Int) { effects.append("\(action) by \(node)") }
    func post(_ request: PlatformRequest) {
        if case let .setSelection(selection, text) = request { effects.append("\(selection): \(text)") } else { effects.append("\(request)") }
    }
    func requestPaste(_ selection: SelectionName) { effects.append("paste \(selection)") }
    func scrollIntoView(_ node: Int) { effects.append("scroll to \(node)") }
    func showValidationMessage(_ node: Int) { effects.append("message of \(node)") }
    func typeAhead(_ press: KeyPress, in items: [String]) -> Int? { nil }
    func isChecking(node: Int) -> Bool { false }
    func suggestions(for node: Int, text: String) -> [String] { [] }
}
