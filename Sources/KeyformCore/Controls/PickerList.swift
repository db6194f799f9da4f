/// The open list of a picker (`choice`), a token field's suggestions (`suggestion`), or a text
/// field's completions (`completion`): below its field, or above it when there is no room below
/// (`popupFrame`). Suggestions and completions leave typing and caret keys to the
/// field's input. Completions highlight nothing until Down or Up moves into them, so Return
/// still does what it does in the field (submits a yad form), as in GTK's entry completion.
final class PickerList: Popup {
    enum Purpose: Equatable { case choice, suggestion, completion }

    let node: Int
    let purpose: Purpose
    let items: [String]
    var highlighted: Int
    /// Whether `highlighted` shows and Return chooses it: for completions, once Down or Up moved.
    private(set) var highlightShown: Bool
    /// The first item shown when there are more than fit.
    var firstVisible: Int

    init(node: Int, purpose: Purpose, items: [String], highlighted: Int, firstVisible: Int) {
        self.node = node; self.purpose = purpose; self.items = items
        self.highlighted = highlighted; self.firstVisible = firstVisible
        highlightShown = purpose != .completion
    }

    /// Scrolls the list so the highlighted item is shown, and no row is past the last item (a
    /// list scrolled to its end shows more rows once the window is taller).
    func prepare(in context: ControlContext) {
        let rows = visibleRows(in: context)
        if highlighted < firstVisible { firstVisible = highlighted }
        if highlighted >= firstVisible + rows { firstVisible = highlighted - rows + 1 }
        firstVisible = max(0, min(firstVisible, items.count - rows))
    }

    func visibleRows(in context: ControlContext) -> Int {
        let fit = Int((context.popupBounds.height - 2 * Theme.scrollMargin) / Theme.pickerRowHeight)
        return max(1, min(items.count, Theme.pickerMaxRows, fit))
    }

    func frame(in context: ControlContext) -> Rect {
        let control = context.windowFrame
        let height = Double(visibleRows(in: context)) * Theme.pickerRowHeight
        return context.popupFrame(size: Size(width: control.width, height: height), x: control.minX)
    }

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        guard press.modifiers.isDisjoint(with: .command) else { return false }
        let last = items.count - 1
        let page = Theme.pickerMaxRows - 1
        let choosing = purpose == .choice
        switch press.key {
        case .up: highlighted = highlightShown ? max(0, highlighted - 1) : last
        case .down: highlighted = highlightShown ? min(last, highlighted + 1) : 0
        case .home where choosing: highlighted = 0
        case .end where choosing: highlighted = last
        case .pageUp where choosing: highlighted = max(0, highlighted - page)
        case .pageDown where choosing: highlighted = min(last, highlighted + page)
        case .returnKey, .keypadEnter:
            guard highlightShown else { return false }
            choose(highlighted, in: context)
            return true
        case .space where choosing:
            choose(highlighted, in: context)
            return true
        case .escape:
            context.closePopup()
            return true
        default:
            guard choosing, let index = context.typeAhead(press, in: items) else { return false }
            highlighted = index
        }
        highlightShown = true
        context.show(self)
        return true
    }

    func press(at point: Point, in context: ControlContext) {
        let row = Int((point.y - frame(in: context).minY) / Theme.pickerRowHeight)
        choose(min(firstVisible + row, items.count - 1), in: context)
    }

    /// Closes the list and gives the item to its field.
    func choose(_ index: Int, in context: ControlContext) {
        guard items.indices.contains(index) else { return }
        context.closePopup()
        context.control.chooseFromList(index, of: self, in: context)
    }

    func paint(into list: inout DisplayList, in context: ControlContext) {
        let rect = frame(in: context), painter = context.painter, palette = painter.palette
        painter.paintPopupBox(rect, into: &list)
        list.append(.pushClip(rect))
        let lineHeight = painter.measurer.lineHeight(Theme.bodyFont)
        for row in 0..<visibleRows(in: context) {
            let item = firstVisible + row
            let rowRect = Rect(x: rect.minX, y: rect.minY + Double(row) * Theme.pickerRowHeight, width: rect.width,
                               height: Theme.pickerRowHeight)
            let isHighlighted = highlightShown && item == highlighted
            if isHighlighted { list.append(.fill(rowRect.insetBy(dx: 3, dy: 2), palette.highlight, radius: 3)) }
            let textRect = rowRect.insetBy(dx: Theme.textInset, dy: 0)
            let text = painter.fitted(items[item], font: Theme.bodyFont, width: textRect.width)
            let origin = Point(x: painter.alignedX(text, font: Theme.bodyFont, in: textRect), y: rowRect.midY - lineHeight / 2)
            list.append(.text(TextRun(text: text, origin: origin, font: Theme.bodyFont,
                                      color: isHighlighted ? palette.buttonText : palette.text)))
        }
        list.append(.popClip)
    }

    let kind = PopupKind.list

    var json: JSONValue {
        let highlighted = highlightShown ? JSONValue.string(items[highlighted]) : .null
        switch purpose {
        case .choice: return .object([("kind", .string("picker")), ("highlighted", highlighted)])
        case .suggestion, .completion:
            return .object([("kind", .string(purpose == .suggestion ? "suggestions" : "completions")), ("items", .array(items.map(JSONValue.string))),
                            ("highlighted", highlighted)])
        }
    }
}

extension ControlContext {
    /// Shows `items` as the suggestions or completions (`purpose`) for the text typed in its
    /// field, or closes its list when there are none.
    func showSuggestions(_ items: [String], as purpose: PickerList.Purpose) {
        let open = openPopup as? PickerList
        if items.isEmpty {
            if open != nil { closePopup() }
        } else if open?.items != items {
            show(PickerList(node: node, purpose: purpose, items: items, highlighted: 0, firstVisible: 0))
        }
    }
}
