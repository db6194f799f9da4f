/// A date typed as ISO `YYYY-MM-DD` in a one-line text field, whose typing, selection,
/// clipboard and undo are the text fields'. Up and Down step the part under the caret, carrying
/// into the others, within `min` and `max` (an empty field starts from the person's `today`);
/// Alt+Down or a click on the calendar button at its ending edge opens a calendar
/// (`CalendarPopup`). Text that is no date it takes stops submit with a message saying why; the
/// value submitted is written in the field's `format`, ISO by default.
final class DateControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(field: field) }

    static var fileKeys: Set<String> { ["min", "max", "format", "readOnly"] }
    static var valueShape: ValueShape { .isoDate }
    static var naturalMaxLength: Int? { 10 }

    /// The width of the calendar button at the control's ending edge.
    static let buttonWidth = 28.0

    /// Its own keys come before text editing's, and are titled by the part they step, so the
    /// overlay says "Next month" with the caret in the month.
    func ownKeys(in context: ControlContext) -> [KeyCommand] {
        guard !textInput.readOnly else { return [] }
        let (text, caret) = textAndCaret(in: context)
        let part = CalendarDate.part(atCaret: caret, in: text).map(Self.name)
        return [
            .control("Open the calendar", .openPopup, KeyChord(.down, .alt)),
            .control(part.map { "Next \($0)" } ?? "Today", .stepDate(by: 1), KeyChord(.up)),
            .control(part.map { "Previous \($0)" } ?? "Today", .stepDate(by: -1), KeyChord(.down)),
        ]
    }

    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        switch action {
        case .openPopup: openCalendar(in: context)
        case .stepDate(let delta): step(by: delta, in: context)
        default: return performEditing(action, in: context)
        }
        return .handled
    }

    private static func name(_ part: DatePart) -> String {
        switch part {
        case .year: "year"
        case .month: "month"
        case .day: "day"
        }
    }

    func press(_ press: PointerPress, in context: ControlContext) {
        if buttonFrame(in: context).contains(press.point) {
            openCalendar(in: context)
        } else {
            pressText(press, in: context)
        }
    }

    /// The part under the caret a step on, selected to show what the next step moves; see
    /// `CalendarDate.stepping` for the carry, the bounds and the start from today.
    private func step(by delta: Int, in context: ControlContext) {
        let (text, caret) = textAndCaret(in: context)
        let field = context.field
        let stepped = CalendarDate.stepping(text, caret: caret, by: delta, min: field.minimumDate, max: field.maximumDate,
                                            today: context.today)
        let part = CalendarDate.part(atCaret: stepped.caret, in: stepped.text)?.offsets ?? stepped.caret..<stepped.caret
        replaceText(with: stepped.text, selecting: part, in: context)
    }

    /// Opens the calendar on the typed date, or today when the text is no date.
    func openCalendar(in context: ControlContext) {
        // A read-only date is read, not chosen.
        guard !textInput.readOnly else { return }
        let typed = try? CalendarDate.parse(textAndCaret(in: context).text).get()
        context.show(CalendarPopup(node: context.node, control: self, field: context.field, typed: typed, today: context.today))
    }

    /// A day chosen in the calendar: its ISO text, the caret after it; undone like typing.
    func choose(_ date: CalendarDate, in context: ControlContext) {
        let text = date.description
        replaceText(with: text, selecting: text.count..<text.count, in: context)
    }

    // MARK: Accessibility

    /// An entry with a popup; while the calendar is open it holds it, and focus is on the day
    /// the calendar highlights, so a screen reader follows the arrows through the month.
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var node = textNode(in: context)
        node.states.formUnion([.expandable, .hasPopup])
        guard let calendar = context.openPopup as? CalendarPopup else { return node }
        node.states.insert(.expanded)
        node.parts = [calendar.accessibleNode(focused: node.states.remove(.focused) != nil, in: context)]
        return node
    }

    // MARK: Value

    /// The date typed, or what is wrong with it; nil when nothing (or only spaces) is typed.
    private func typedDate(in context: ControlContext) -> Result<CalendarDate, DateProblem>? {
        let text = textAndCaret(in: context).text
        guard !text.trimmingSpaces.isEmpty else { return nil }
        return CalendarDate.parse(text, min: context.field.minimumDate, max: context.field.maximumDate)
    }

    /// `Start: February 2026 has 28 days`: the field's name, then what is wrong and what is right.
    func problem(in context: ControlContext) -> String? {
        guard case .failure(let problem)? = typedDate(in: context) else { return nil }
        return "\(context.field.displayName): \(problem)"
    }

    /// The date in the field's `format`, spaces around it dropped; blank submits empty. The
    /// value drafts hold stays the typed ISO text (the default `value`), so that it reads back.
    func submittedValue(in context: ControlContext) -> JSONValue? {
        guard case .success(let date)? = typedDate(in: context) else { return .string("") }
        return .string((context.field.dateFormat ?? .iso).string(from: date))
    }

    // MARK: Painting

    /// The calendar button's frame, in window coordinates: the ending edge, the left in a
    /// right-to-left form.
    func buttonFrame(in context: ControlContext) -> Rect {
        let control = context.windowFrame
        let x = context.direction == .rtl ? control.minX : control.maxX - Self.buttonWidth
        return Rect(x: x, y: control.minY, width: Self.buttonWidth, height: control.height)
    }

    /// The text, kept off the calendar button, then the button.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        let inside = context.inside, button = buttonFrame(in: context)
        let clip = context.direction == .rtl
            ? Rect(x: button.maxX, y: inside.minY, width: inside.maxX - button.maxX, height: inside.height)
            : Rect(x: inside.minX, y: inside.minY, width: button.minX - inside.minX, height: inside.height)
        context.paintLabelled(clip: clip, into: &list) { list in paintText(into: &list, in: context) }
        paintCalendarGlyph(in: button, color: context.isEnabled ? context.palette.labelText : context.palette.placeholder, into: &list)
    }

    /// A small calendar page, 14 by 12 px: a bar across its top, two rings above it, its sides
    /// and foot one pixel wide. Whole pixels, so that it is drawn sharp.
    private func paintCalendarGlyph(in button: Rect, color: Color, into list: inout DisplayList) {
        let x = (button.midX - 7).rounded(), y = (button.midY - 5).rounded()
        let parts = [
            Rect(x: x, y: y, width: 14, height: 4), Rect(x: x + 3, y: y - 2, width: 2, height: 2),
            Rect(x: x + 9, y: y - 2, width: 2, height: 2), Rect(x: x, y: y + 4, width: 1, height: 8),
            Rect(x: x + 13, y: y + 4, width: 1, height: 8), Rect(x: x, y: y + 11, width: 14, height: 1),
        ]
        for part in parts { list.append(.fill(part, color, radius: 0)) }
    }
}

// MARK: The text field underneath

/// The text underneath, as `TextEditingControl` keeps it.
extension DateControl {
    private func textAndCaret(in context: ControlContext) -> (text: String, caret: Int) {
        (textInput.editor.text, textInput.editor.caret)
    }

    /// Replaces the whole text, as one undoable edit.
    private func replaceText(with text: String, selecting range: Range<Int>, in context: ControlContext) {
        edit(in: context) { editor in
            editor.setText(text)
            editor.select(anchor: range.lowerBound, caret: range.upperBound)
        }
    }
}
