/// Text in lines, wrapped at the area's width: `rows` lines high, growing to `maxRows` as text is
/// added, then scrolling. Return types a line break; Up and Down move between drawn lines; the
/// wheel scrolls its lines.
final class TextAreaControl: TextEditingControl {
    /// The lines it shows: `rows`, or more while it grows to `maxRows`.
    private var rows: Int
    let textInput: TextInput

    init(field: Field) {
        rows = field.rows
        textInput = TextInput(field: field, multiline: Self.isMultiline)
    }

    static var fileKeys: Set<String> { ["pattern", "patternMessage", "rows", "maxRows", "readOnly"] }
    static var isMultiline: Bool { true }
    static var viewFollowsCaret: Bool { true }

    /// Whole pixels, so the fields below and the clip of what a key repaints stay on them.
    func controlHeight(in context: ControlContext) -> Double {
        (Double(rows) * context.measurer.lineHeight(Theme.bodyFont) + 2 * Theme.textInset).rounded(.up)
    }

    /// Fits a growing text area's height to its wrapped text. One with a `frame` keeps its size.
    func fitToContent(in context: ControlContext) -> Bool {
        let field = context.field
        guard let maxRows = field.maxRows, maxRows > field.rows, field.frame == nil, context.isShown
        else { return false }
        let wanted = min(maxRows, max(field.rows, wrappedText(in: context).lines.count))
        guard wanted != rows else { return false }
        rows = wanted
        return true
    }

    /// GTK's text view and Qt's text edit: the caret at the end, nothing selected, so the first
    /// key adds to the text instead of replacing it.
    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) {
        guard cause != .pointer, old != context.node else { return }
        textInput.editor.moveCaret(to: textInput.editor.count, extending: false)
        keepCaretVisible(in: context)
    }

    // MARK: Its lines scroll

    /// Where it shows its lines: inside the inset, in whole lines when it is `rows` high.
    func lines(in context: ControlContext) -> Rect {
        context.frame.insetBy(dx: 0, dy: Theme.textInset)
    }

    /// How far its lines scroll: until the last one shows at its bottom.
    func maxTextScroll(in context: ControlContext) -> Double {
        let textHeight = Double(wrappedText(in: context).lines.count) * context.measurer.lineHeight(Theme.bodyFont)
        return max(0, textHeight - lines(in: context).height)
    }

    func textTop(in context: ControlContext) -> Double {
        context.frame.minY + Theme.textInset - textInput.scroll.y
    }

    /// The caret's line shows, and no empty room below the last line.
    func verticalScroll(_ y: Double, showing caret: Rect, in context: ControlContext) -> Double {
        min(TextInput.verticalScroll(y, showing: caret, within: lines(in: context)), maxTextScroll(in: context))
    }

    /// With more lines than it shows, the wheel scrolls them, as in GTK; at either end of them
    /// the form scrolls instead.
    func scrollText(by dy: Double, in context: ControlContext) -> Bool {
        let scrolled = min(maxTextScroll(in: context), max(0, textInput.scroll.y + dy))
        guard scrolled != textInput.scroll.y else { return false }
        textInput.scroll.y = scrolled
        context.invalidateControl()
        return true
    }

    /// Its lines are cut at its inset, so a line scrolled half out does not touch the frame.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        let inside = context.inside, lines = context.windowRect(lines(in: context))
        let clip = Rect(x: inside.minX, y: lines.minY, width: inside.width, height: lines.height)
        context.paintLabelled(clip: clip, editable: !textInput.readOnly, into: &list) { list in
            paintText(into: &list, in: context)
        }
    }
}
