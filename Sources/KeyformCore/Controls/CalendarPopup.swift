/// The calendar a date field opens (`DateControl`): a month of days under the field, Monday
/// first, with the month and year over the weekdays' initials. Its keys are the WAI-ARIA date
/// picker dialog's (`CalendarMove`): arrows by day and week (Left and Right swapped in a
/// right-to-left form, whose weeks run leftwards), Page Up and Down by month, with Shift by year,
/// Home and End to the ends of the week; Return or Space chooses the highlighted day, Escape
/// closes. A click chooses a day, and the arrows beside the title turn the month. Days outside
/// `min` and `max` are dimmed, and the highlight never lands on one.
final class CalendarPopup: Popup {
    let node: Int
    private unowned let control: DateControl
    private(set) var highlighted: CalendarDate
    /// The date in the field when it opened, ringed so it can be found again.
    private let typed: CalendarDate?
    private let minimum: CalendarDate?, maximum: CalendarDate?

    /// Opens on the typed date, or on `today` when there is none; within `min` and `max` either way.
    init(node: Int, control: DateControl, field: Field, typed: CalendarDate?, today: CalendarDate) {
        self.node = node; self.control = control; self.typed = typed
        minimum = field.minimumDate; maximum = field.maximumDate
        highlighted = (typed ?? today).clamped(min: minimum, max: maximum)
    }

    // MARK: Geometry

    static let padding = 8.0
    static let titleHeight = 28.0
    static let weekdaysHeight = 20.0
    static let cellSize = Size(width: 32, height: 26)
    static let size = Size(width: 7 * cellSize.width + 2 * padding,
                           height: 2 * padding + titleHeight + weekdaysHeight + 6 * cellSize.height)

    func prepare(in context: ControlContext) {}

    /// Under the field (above it when there is no room below), at its starting edge (`popupFrame`).
    func frame(in context: ControlContext) -> Rect {
        let control = context.windowFrame
        return context.popupFrame(size: Self.size, x: context.direction == .rtl ? control.maxX - Self.size.width : control.minX)
    }

    /// The days shown: six weeks around the highlighted day's month.
    private var weeks: [[CalendarDate]] { CalendarMonth(containing: highlighted).weeks() }

    /// Column 0 (Monday) at the left, or at the right in a right-to-left form.
    private func cell(row: Double, column: Int, in context: ControlContext) -> Rect {
        let frame = frame(in: context), cell = Self.cellSize
        let drawn = context.direction == .rtl ? 6 - column : column
        return Rect(x: frame.minX + Self.padding + Double(drawn) * cell.width,
                    y: frame.minY + Self.padding + Self.titleHeight + Self.weekdaysHeight + row * cell.height,
                    width: cell.width, height: cell.height)
    }

    /// Where a day of the grid is drawn; nil for a day the grid does not show.
    func cellFrame(of date: CalendarDate, in context: ControlContext) -> Rect? {
        for (row, week) in weeks.enumerated() {
            if let column = week.firstIndex(of: date) { return cell(row: Double(row), column: column, in: context) }
        }
        return nil
    }

    /// The arrows beside the title: the left one and the right one.
    private func arrowFrames(in context: ControlContext) -> (left: Rect, right: Rect) {
        let frame = frame(in: context), width = Self.cellSize.width
        let row = { (x: Double) in Rect(x: x, y: frame.minY + Self.padding, width: width, height: Self.titleHeight) }
        return (row(frame.minX + Self.padding), row(frame.maxX - Self.padding - width))
    }

    /// The month the left and right arrows turn to: back and on, the other way round in a
    /// right-to-left form.
    private func monthStep(rightwards: Bool, in context: ControlContext) -> Int {
        (rightwards ? 1 : -1) * (context.direction == .rtl ? -1 : 1)
    }

    private func allows(_ date: CalendarDate) -> Bool {
        date.clamped(min: minimum, max: maximum) == date
    }

    // MARK: Input

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        guard press.modifiers.isDisjoint(with: .command) else { return false }
        let shift = press.modifiers.contains(.shift)
        let onwards = context.direction == .rtl ? -1 : 1  // the day after is Right, or Left in RTL
        let move: CalendarMove
        switch press.key {
        case .right: move = .day(onwards)
        case .left: move = .day(-onwards)
        case .down: move = .week(1)
        case .up: move = .week(-1)
        case .pageDown: move = shift ? .year(1) : .month(1)
        case .pageUp: move = shift ? .year(-1) : .month(-1)
        case .home: move = .startOfWeek
        case .end: move = .endOfWeek
        case .returnKey, .keypadEnter, .space:
            choose(highlighted, in: context)
            return true
        default:
            // Someone typing would rather type the date: the calendar gives way to the text.
            // Escape goes on to the form, which closes whatever popup is open.
            if !press.text.isEmpty { context.closePopup() }
            return false
        }
        self.move(move, in: context)
        return true
    }

    private func move(_ move: CalendarMove, in context: ControlContext) {
        highlighted = highlighted.moved(move, min: minimum, max: maximum)
        context.show(self)
    }

    func press(at point: Point, in context: ControlContext) {
        let arrows = arrowFrames(in: context)
        if arrows.left.contains(point) || arrows.right.contains(point) {
            return move(.month(monthStep(rightwards: arrows.right.contains(point), in: context)), in: context)
        }
        for (row, week) in weeks.enumerated() {
            for (column, date) in week.enumerated() where cell(row: Double(row), column: column, in: context).contains(point) {
                return choose(date, in: context)
            }
        }
    }

    /// Closes the calendar and gives the day to the field; a day outside `min` and `max` is not taken.
    private func choose(_ date: CalendarDate, in context: ControlContext) {
        guard allows(date) else { return }
        context.closePopup()
        control.choose(date, in: context)
    }

    // MARK: Accessibility

    /// A calendar named by its month, holding that month's days as table cells named in full
    /// ("Thursday 5 March 2026"): the highlighted one selected, and `focused` when the field has
    /// focus; days outside `min` and `max` are not enabled.
    func accessibleNode(focused: Bool, in context: ControlContext) -> AccessibleNode {
        let month = DateFormat.monthNames[highlighted.month - 1]
        var calendar = AccessibleNode(role: .calendar, name: month + " " + String(highlighted.year))
        calendar.states = [.visible, .showing, .enabled, .sensitive]
        calendar.frame = frame(in: context)
        let days = weeks.joined().filter { $0.month == highlighted.month }
        calendar.parts = days.map { date in
            var day = AccessibleNode(role: .tableCell, name: "\(DateFormat.weekdayNames[date.weekday - 1]) \(date.day) \(month) \(date.year)")
            day.states = allows(date) ? [.visible, .showing, .enabled, .sensitive, .selectable] : [.visible, .showing]
            if date == highlighted { day.states.formUnion(focused ? [.selected, .focused] : [.selected]) }
            day.frame = cellFrame(of: date, in: context) ?? calendar.frame
            return day
        }
        return calendar
    }

    // MARK: Painting

    /// Weekday initials, Monday first: the C locale's, as the output names are.
    private static let initials = DateFormat.weekdayNames.map { String($0.prefix(1)) }
    private static let titleFont = Font(size: Theme.bodyFont.size, bold: true)
    /// Days of the months before and after, and days that cannot be chosen, in fainter greys.

    func paint(into list: inout DisplayList, in context: ControlContext) {
        let rect = frame(in: context), painter = context.painter, palette = painter.palette
        painter.paintPopupBox(rect, into: &list)
        let arrows = arrowFrames(in: context)
        let title = DateFormat.monthNames[highlighted.month - 1] + " " + String(highlighted.year)
        let titleRow = Rect(x: arrows.left.maxX, y: arrows.left.minY, width: arrows.right.minX - arrows.left.maxX,
                            height: Self.titleHeight)
        centre(title, font: Self.titleFont, color: palette.text, in: titleRow, painter: painter, into: &list)
        centre("‹", font: Self.titleFont, color: palette.labelText, in: arrows.left, painter: painter, into: &list)
        centre("›", font: Self.titleFont, color: palette.labelText, in: arrows.right, painter: painter, into: &list)
        for (column, initial) in Self.initials.enumerated() {
            let header = cell(row: 0, column: column, in: context).offsetBy(dx: 0, dy: -Self.weekdaysHeight)
            centre(initial, font: Theme.labelFont, color: palette.labelText, in: header, painter: painter, into: &list)
        }
        for (row, week) in weeks.enumerated() {
            for (column, date) in week.enumerated() {
                paintDay(date, in: cell(row: Double(row), column: column, in: context), painter: painter, into: &list)
            }
        }
    }

    /// The highlighted day filled in the accent colour, the typed one ringed in it.
    private func paintDay(_ date: CalendarDate, in cell: Rect, painter: Painter, into list: inout DisplayList) {
        let mark = cell.insetBy(dx: 2, dy: 2), palette = painter.palette
        var color = date.month == highlighted.month ? palette.text : palette.placeholder
        // A day that cannot be chosen is disabled, which WCAG lets fade below 4.5:1.
        if !allows(date) { color = palette.placeholder.withAlpha(0.45) }
        if date == highlighted {
            list.append(.fill(mark, palette.highlight, radius: 4))
            color = palette.buttonText
        } else if date == typed {
            list.append(.stroke(mark.insetBy(dx: 0.5, dy: 0.5), palette.accent, lineWidth: 1, radius: 4))
        }
        centre(String(date.day), font: Theme.bodyFont, color: color, in: cell, painter: painter, into: &list)
    }

    private func centre(_ text: String, font: Font, color: Color, in rect: Rect, painter: Painter,
                        into list: inout DisplayList) {
        let origin = Point(x: rect.midX - painter.measurer.width(text, font: font) / 2,
                           y: rect.midY - painter.measurer.lineHeight(font) / 2)
        list.append(.text(TextRun(text: text, origin: origin, font: font, color: color)))
    }

    let kind = PopupKind.calendar

    var json: JSONValue {
        .object([("kind", .string("calendar")), ("highlighted", .string(highlighted.description))])
    }
}
