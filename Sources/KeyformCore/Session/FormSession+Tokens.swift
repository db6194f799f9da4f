/// The token field: typed text becomes a token on Return or comma; Backspace in an empty input
/// removes the last token; Left from the start of the input selects tokens; a chip's ✕ removes it.
extension FormSession {
    /// Token keys, or nil when the key is for the input's text.
    func handleTokenKey(_ press: KeyPress, node: Int) -> Bool? {
        let unmodified = press.modifiers.isDisjoint(with: .command)
        let plain = unmodified && !press.modifiers.contains(.shift)
        let editor = input(node).editor
        let tokens = tokensControl(node).tokens
        if let selected = tokensControl(node).selectedToken {
            switch press.key {
            case .left where plain: selectToken(max(0, selected - 1), in: node)
            case .right where plain: selectToken(selected + 1 < tokens.count ? selected + 1 : nil, in: node)
            case .backSpace where plain, .delete where plain:
                removeToken(at: selected, in: node)
                // The neighbour takes the selection: the next token, else the previous, else the input.
                let remaining = tokensControl(node).tokens.count
                selectToken(selected < remaining ? selected : (selected > 0 ? selected - 1 : nil), in: node)
            default:
                selectToken(nil, in: node)
                return nil
            }
            return true
        }
        switch press.key {
        case .left where plain && editor.caret == 0 && !editor.hasSelection && !tokens.isEmpty:
            selectToken(tokens.count - 1, in: node)
            return true
        case .backSpace where editor.isEmpty && !tokens.isEmpty:
            // The input was already empty before this press (deleting its last letter took an
            // earlier one), so this removes the last token; with a modifier it does nothing.
            if plain { removeToken(at: tokens.count - 1, in: node) }
            return true
        // Ctrl+Return goes on to submit, which makes the text a token first.
        case .returnKey where unmodified && !editor.isEmpty, .keypadEnter where unmodified && !editor.isEmpty:
            commitToken(node)
            return true
        case _ where press.text == "," && unmodified:
            commitToken(node)
            return true
        default:
            return nil
        }
    }

    func selectToken(_ index: Int?, in node: Int) {
        tokensControl(node).selectedToken = index
        invalidate(node: node)
    }

    func removeToken(at index: Int, in node: Int) {
        tokensControl(node).tokens.remove(at: index)
        tokensChanged(node)
    }

    /// The field may have grown or shrunk: while it is typed in, its input stays in view.
    func tokensChanged(_ node: Int) {
        valueChanged(node)
        if editingNode == node { keepCaretVisible(node) }
    }

    /// Turns the typed text into a token and empties the input. Text that is a token already
    /// stays typed and the field says so under itself: typed text is never dropped.
    func commitToken(_ node: Int) {
        guard duplicateToken(node) == nil else { return showValidationMessage(node) }
        let token = typedToken(node)
        input(node).editor.setText("")
        if let token { tokensControl(node).tokens.append(token) }
        tokensChanged(node)
        updateSuggestions(node)
    }

    /// Leaving a token field or submitting the form: text typed and not yet a token becomes one.
    func commitPendingText(_ node: Int) {
        guard tree[node].field.kind == .tokens, !input(node).editor.isEmpty else { return }
        commitToken(node)
    }

    /// The typed text as a token holds it, without the spaces around it; nil when blank.
    func typedToken(_ node: Int) -> String? {
        let text = input(node).editor.text.trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// The typed text that will become a token: nil when blank or when it is a token already.
    func pendingToken(_ node: Int) -> String? {
        typedToken(node).flatMap { tokensControl(node).tokens.contains($0) ? nil : $0 }
    }

    /// The typed text when the field already holds it as a token (each is held once), else nil.
    func duplicateToken(_ node: Int) -> String? {
        typedToken(node).flatMap { tokensControl(node).tokens.contains($0) ? $0 : nil }
    }

    /// Each chip in content coordinates, with the part that removes it: at its end, which is its
    /// left in a right-to-left form.
    func chipRects(_ node: Int) -> [(chip: Rect, close: Rect)] {
        tokenFlow(node).chips.map { place in
            let chip = tokenRect(node, place)
            let closeWidth = Theme.chipCloseWidth + 4
            let closeX = form.direction == .ltr ? chip.maxX - closeWidth : chip.minX
            return (chip, Rect(x: closeX, y: chip.minY, width: closeWidth, height: chip.height))
        }
    }

    /// Where the chips and the input go for the field's width, tokens and typed text; kept per
    /// field and made again when one of those changed.
    func tokenFlow(_ node: Int) -> TokenFlow {
        let tokens = tokensControl(node).tokens, typed = input(node).editor.text
        let width = max(0, layout.controls[node].width - 2 * Theme.textInset)
        if let cached = tokensControl(node).flow, cached.width == width, cached.typed == typed, cached.tokens == tokens {
            return cached.flow
        }
        // The input wants room for its text and the caret, and a little more when it is short.
        let input = max(Theme.tokenInputWidth, measurer.width(typed, font: Theme.bodyFont) + 1)
        let flow = TokenFlow(chipWidths: tokens.map(chipWidth), inputWidth: input, width: width, gap: Theme.chipGap)
        tokensControl(node).flow = (tokens, typed, width, flow)
        return flow
    }

    /// A place of the flow in content coordinates: rows go down from the top of the field (less
    /// what a field too short for them is scrolled), offsets from its starting edge.
    func tokenRect(_ node: Int, _ place: TokenFlow.Place) -> Rect {
        let control = layout.controls[node]
        let firstRow = control.minY + (Theme.controlHeight - chipHeight) / 2 - input(node).scroll.y
        let inset = Theme.textInset + place.offset
        return Rect(x: form.direction == .ltr ? control.minX + inset : control.maxX - inset - place.width,
                    y: firstRow + Double(place.row) * chipRowHeight, width: place.width, height: chipHeight)
    }

    func chipWidth(_ token: String) -> Double {
        measurer.width(token, font: Theme.labelFont) + 2 * Theme.chipPadding + Theme.chipCloseWidth
    }

    var chipHeight: Double { min(Theme.controlHeight - 8, measurer.lineHeight(Theme.labelFont) + 6) }
    /// From the top of one row of chips to the top of the next.
    var chipRowHeight: Double { chipHeight + Theme.chipGap }

    /// A press on a chip selects it, on its ✕ removes it; returns false when it missed the chips.
    func pressChips(_ node: Int, at point: Point) -> Bool {
        let content = contentPoint(point)
        guard let index = chipRects(node).firstIndex(where: { $0.chip.contains(content) }) else {
            selectToken(nil, in: node)
            return false
        }
        if chipRects(node)[index].close.contains(content) {
            removeToken(at: index, in: node)
            selectToken(nil, in: node)
        } else {
            selectToken(index, in: node)
        }
        return true
    }
}
