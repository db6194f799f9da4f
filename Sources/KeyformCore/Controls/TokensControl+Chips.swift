/// A token field's chips: where they and the input go (`TokenFlow`), how they are drawn, and
/// presses on them. The input's text is drawn and edited as in any text control, in the place
/// the flow leaves it.
extension TokensControl {
    /// Where the chips and the input go for the field's width, tokens and typed text; kept and
    /// made again when one of those changed.
    func tokenFlow(in context: ControlContext) -> TokenFlow {
        let typed = textInput.editor.text
        let width = max(0, context.frame.width - 2 * Theme.textInset)
        if let cached = flow, cached.width == width, cached.typed == typed, cached.tokens == tokens {
            return cached.flow
        }
        // The input wants room for its text and the caret, and a little more when it is short.
        let input = max(Theme.tokenInputWidth, context.measurer.width(typed, font: Theme.bodyFont) + 1)
        let made = TokenFlow(chipWidths: tokens.map { chipWidth($0, in: context) }, inputWidth: input, width: width,
                             gap: Theme.chipGap)
        flow = (tokens, typed, width, made)
        return made
    }

    /// A place of the flow in content coordinates: rows go down from the top of the field (less
    /// what a field too short for them is scrolled), offsets from its starting edge.
    func tokenRect(_ place: TokenFlow.Place, in context: ControlContext) -> Rect {
        let control = context.frame, chipHeight = chipHeight(in: context)
        let firstRow = control.minY + (Theme.controlHeight - chipHeight) / 2 - textInput.scroll.y
        let inset = Theme.textInset + place.offset
        return Rect(x: context.direction == .ltr ? control.minX + inset : control.maxX - inset - place.width,
                    y: firstRow + Double(place.row) * chipRowHeight(in: context), width: place.width, height: chipHeight)
    }

    /// Each chip in content coordinates, with the part that removes it: at its end, which is its
    /// left in a right-to-left form.
    func chipRects(in context: ControlContext) -> [(chip: Rect, close: Rect)] {
        tokenFlow(in: context).chips.map { place in
            let chip = tokenRect(place, in: context)
            let closeWidth = Theme.chipCloseWidth + 4
            let closeX = context.direction == .ltr ? chip.maxX - closeWidth : chip.minX
            return (chip, Rect(x: closeX, y: chip.minY, width: closeWidth, height: chip.height))
        }
    }

    func chipWidth(_ token: String, in context: ControlContext) -> Double {
        context.measurer.width(token, font: Theme.labelFont) + 2 * Theme.chipPadding + Theme.chipCloseWidth
    }

    func chipHeight(in context: ControlContext) -> Double {
        min(Theme.controlHeight - 8, context.measurer.lineHeight(Theme.labelFont) + 6)
    }

    /// From the top of one row of chips to the top of the next.
    func chipRowHeight(in context: ControlContext) -> Double { chipHeight(in: context) + Theme.chipGap }

    // MARK: The input among the chips

    /// The input's place in the flow: the rest of its row.
    func textBox(in context: ControlContext) -> Rect { tokenRect(tokenFlow(in: context).input, in: context) }

    /// The input is centred in its row, as the chips are.
    func textTop(in context: ControlContext) -> Double {
        // On a whole pixel, as a text field's (`TextEditingControl.textTop`).
        (textBox(in: context).midY - context.measurer.lineHeight(Theme.bodyFont) / 2).rounded()
    }

    /// A field with a frame too short for its rows scrolls them to show the input.
    func verticalScroll(_ y: Double, showing caret: Rect, in context: ControlContext) -> Double {
        TextInput.verticalScroll(y, showing: caret, within: context.frame.insetBy(dx: 0, dy: 2))
    }

    // MARK: Painting and pressing

    func paint(into list: inout DisplayList, in context: ControlContext) {
        context.paintLabelled(into: &list) { list in
            paintChips(into: &list, in: context)
            paintText(into: &list, in: context, showingPlaceholder: tokens.isEmpty)
        }
    }

    /// Each chip: its token, then its ✕ at the end (the left in a right-to-left form).
    func paintChips(into list: inout DisplayList, in context: ControlContext) {
        let painter = context.painter
        let lineHeight = context.measurer.lineHeight(Theme.labelFont)
        for (index, (chip, close)) in chipRects(in: context).enumerated() {
            let rect = context.windowRect(chip)
            let token = tokens[index]
            let selected = selectedToken == index
            let color = selected ? context.palette.buttonText : context.palette.tokenText
            let y = rect.midY - lineHeight / 2
            list.append(.fill(rect, selected ? context.palette.accent : context.palette.tokenBackground, radius: rect.height / 2))
            // A token wider than the field is cut short of its ✕, which stays to remove it.
            let textRoom = Rect(x: context.direction == .ltr ? rect.minX : context.windowRect(close).maxX, y: rect.minY,
                                width: rect.width - close.width, height: rect.height)
            let cut = chipWidth(token, in: context) > chip.width
            if cut { list.append(.pushClip(textRoom)) }
            let x = painter.alignedX(token, font: Theme.labelFont, in: textRoom.insetBy(dx: Theme.chipPadding, dy: 0))
            list.append(.text(TextRun(text: token, origin: Point(x: x, y: y), font: Theme.labelFont, color: color)))
            if cut { list.append(.popClip) }
            // The ✕ is two lines, as the picker's arrow is: a glyph beyond the letters is read from
            // far into the font file, or from another font when this one lacks it.
            let centre = Point(x: context.windowRect(close).minX + 7.5, y: rect.midY)
            for rise in [-3.5, 3.5] {
                list.append(.line(from: Point(x: centre.x - 3.5, y: centre.y - rise), to: Point(x: centre.x + 3.5, y: centre.y + rise),
                                  color, lineWidth: 1.5))
            }
        }
    }

    /// A press on a chip selects it, on its ✕ removes it; elsewhere it goes to the input's text.
    func press(_ press: PointerPress, in context: ControlContext) {
        guard !pressChips(at: press.point, in: context) else { return }
        pressText(press, in: context)
    }

    /// False when the press missed the chips.
    func pressChips(at point: Point, in context: ControlContext) -> Bool {
        let content = context.contentPoint(point)
        guard let index = chipRects(in: context).firstIndex(where: { $0.chip.contains(content) }) else {
            selectToken(nil, in: context)
            return false
        }
        if chipRects(in: context)[index].close.contains(content) {
            removeToken(at: index, in: context)
            selectToken(nil, in: context)
        } else {
            selectToken(index, in: context)
        }
        return true
    }
}
