/// Text in lines, wrapped at the area's width: `rows` lines high, growing to `maxRows` as text is
/// added, then scrolling. Return types a line break; Up and Down move between drawn lines.
final class TextAreaControl: TextEditingControl {
    /// The lines it shows: `rows`, or more while it grows to `maxRows`.
    private var rows: Int

    let textInput: TextInput

    init(field: Field) {
        rows = field.rows
        textInput = TextInput(text: field.value, limit: field.maxLength, multiline: true)
    }

    static var fileKeys: Set<String> { ["pattern", "rows", "maxRows"] }

    func controlHeight(in context: ControlContext) -> Double {
        Double(rows) * context.measurer.lineHeight(Theme.bodyFont) + 2 * Theme.textInset
    }

    /// Fits a growing text area's height to its wrapped text. One with a `frame` keeps its size.
    func fitToContent(in context: ControlContext) -> Bool {
        let field = context.field
        guard let maxRows = field.maxRows, maxRows > field.rows, field.frame == nil, context.session.shown[context.node]
        else { return false }
        let wanted = min(maxRows, max(field.rows, context.session.wrappedText(context.node).lines.count))
        guard wanted != rows else { return false }
        rows = wanted
        return true
    }

    /// GTK's text view and Qt's text edit: the caret at the end, nothing selected, so the first
    /// key adds to the text instead of replacing it.
    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) {
        guard cause != .pointer, old != context.node else { return }
        textInput.editor.moveCaret(to: textInput.editor.count, extending: false)
        context.session.keepCaretVisible(context.node)
    }

    /// Its lines are cut at its inset, so a line scrolled half out does not touch the frame.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        let session = context.session
        let clip = session.windowRect(session.textAreaLines(context.node)).insetBy(dx: 2, dy: 0)
        session.paintLabelled(context, clip: clip, into: &list) { list in
            session.paintText(context.node, enabled: context.isEnabled, into: &list)
        }
    }
}
