/// A push button that submits or cancels the form, or does what the app's `pressButton` hook
/// does instead: Space or Return, its mnemonic, or a click (released on it) presses it.
final class ButtonControl: Control {
    let action: ButtonAction

    init(field: Field) { action = field.action ?? .submit }

    static var fileKeys: Set<String> { ["action"] }
    var shape: ControlShape { .button }

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        guard press.modifiers.intersection(.command).isEmpty,
              press.key == .space || press.key == .returnKey || press.key == .keypadEnter else { return false }
        return activate(in: context)
    }

    /// Armed until the release, which presses it if it lands on it (see `PointerState.Grab.button`).
    func press(_ press: PointerPress, in context: ControlContext) {
        context.armButton(pressedFrame: press.pressedFrame)
        context.invalidate()
    }

    func activate(in context: ControlContext) -> Bool {
        context.end(action)
        return true
    }

    /// A push button whose action, `press`, is its mnemonic's: it submits or cancels.
    func accessibleNode(in context: ControlContext) -> AccessibleNode { context.accessibleNode(.pushButton, action: "press") }

    /// The default look for submitting, a plain one for cancelling; darker while pressed.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        let painter = context.painter, control = context.windowFrame
        let primary = action != .cancel
        let pressed = context.isArmed
        if context.showsFocusRing {
            list.append(.stroke(control.insetBy(dx: -2, dy: -2), painter.focusRingColor, lineWidth: 3, radius: Theme.cornerRadius + 2))
        }
        var fill = primary ? context.palette.accent : context.palette.fieldBackground
        if pressed { fill = primary ? context.palette.accentPressed : context.palette.pressedButton }
        if !context.isEnabled { fill.alpha = 0.5 }
        list.append(.fill(control, fill, radius: Theme.cornerRadius))
        if !primary { list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), context.palette.border, lineWidth: 1, radius: Theme.cornerRadius)) }
        // No more of the label than could be measured is parsed (see `fitted`).
        let mnemonic = Mnemonic(label: String(context.field.label.prefix(Painter.measuredGraphemes)))
        let font = Font(size: Theme.bodyFont.size, bold: true)
        let color = primary ? context.palette.buttonText : context.palette.text
        if let markup = context.field.markup {
            // A yad button's label: Pango markup with a mnemonic (GTK's markup_with_mnemonic), centred.
            let width = control.width - 2 * Theme.textInset, marks = mnemonic.offset != nil
            let height = context.measurer.markupHeight(markup, text: context.field.label, font: font, width: width, marksMnemonic: marks)
            return list.append(.markup(MarkupRun(markup: markup, frame: Rect(x: control.minX + Theme.textInset, y: control.midY - height / 2,
                                                                             width: width, height: height),
                                                 font: font, color: color, marksMnemonic: marks,
                                                 underlinesMnemonic: marks && context.underline(at: mnemonic.offset) != nil, centered: true)))
        }
        let label = painter.fitted(mnemonic.text, font: font, width: control.width - 2 * Theme.textInset)
        // A letter cut off with the end of the label is not underlined.
        let letter = mnemonic.offset.flatMap { label.hasSuffix("…") && $0 >= label.count - 1 ? nil : $0 }
        let origin = Point(x: control.midX - context.measurer.width(label, font: font) / 2,
                           y: control.midY - context.measurer.lineHeight(font) / 2)
        list.append(.text(TextRun(text: label, origin: origin, font: font, color: color, underline: context.underline(at: letter))))
    }
}
