/// A box with its label beside it on one row: Space, a click on the box or its label (released
/// on it, as a button is pressed) or its mnemonic toggles it, as GTK's check button. Its value is
/// a JSON boolean; `showWhen` compares "true" and "false"; `required` means it must be checked
/// ("I agree").
final class CheckboxControl: Control {
    private(set) var isChecked: Bool

    init(field: Field) { isChecked = field.value == "true" }

    static var valueShape: ValueShape { .boolean }
    /// The label is the box's text: set as the body text is, its first line centred on the box.
    static var labelStyle: (font: Font, firstLine: Double) { (Theme.bodyFont, Theme.labelHeight) }
    var shape: ControlShape { .row }
    func controlHeight(in context: ControlContext) -> Double { Theme.choiceRowHeight }

    func ownKeys(in context: ControlContext) -> [KeyCommand] {
        [.control(isChecked ? "Uncheck" : "Check", .toggle, KeyChord(.space))]
    }

    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        guard action == .toggle else { return .ignored }
        return activate(in: context) ? .handled : .ignored
    }

    /// Armed until the release, which toggles it if it lands on it (see `PointerState.Grab.button`).
    func press(_ press: PointerPress, in context: ControlContext) {
        context.armButton(pressedFrame: press.pressedFrame)
    }

    func activate(in context: ControlContext) -> Bool {
        isChecked.toggle()
        context.valueChanged()
        return true
    }

    /// A check box whose action, `toggle`, is its mnemonic's.
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var node = context.accessibleNode(.checkBox, action: "toggle")
        node.states.insert(.checkable)
        if isChecked { node.states.insert(.checked) }
        return node
    }

    func paint(into list: inout DisplayList, in context: ControlContext) {
        let enabled = context.isEnabled, palette = context.palette
        let row = ChoiceRow(frame: context.windowFrame, direction: context.direction, palette: palette)
        if context.showsFocusRing { list.append(row.focusRing(textWidth: labelWidth(in: context), color: context.painter.focusRingColor)) }
        row.paintMark(on: isChecked, round: false, enabled: enabled, into: &list)
        if !context.field.label.isEmpty {
            context.paintLabel(in: context.labelFrame, color: enabled ? palette.text : palette.placeholder, into: &list)
        }
        context.paintMessage(under: row.frame, into: &list)
    }

    /// How wide its label is drawn, for the focus ring: a label that wraps takes the row.
    private func labelWidth(in context: ControlContext) -> Double {
        let label = context.labelLines
        guard label.lines.lines.count == 1 else { return context.labelFrame.width }
        return context.measurer.width(String(label.text(of: 0)), font: Self.labelStyle.font)
    }

    func value(in context: ControlContext) -> JSONValue? { .bool(isChecked) }
    func showWhenValue(in context: ControlContext) -> String { String(isChecked) }

    /// Never empty: `required` asks for a check, and says so.
    func problem(in context: ControlContext) -> String? {
        context.field.required && !isChecked ? "\(context.field.displayName) must be checked" : nil
    }

    func canClear(in context: ControlContext) -> Bool { isChecked }

    func clear(in context: ControlContext) {
        isChecked = false
        context.valueChanged()
    }
}
