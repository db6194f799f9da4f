/// The token field: typed text becomes a token on Return or comma; Backspace in an empty input
/// removes the last token; Left from the start of the input selects tokens; a chip's ✕ removes it.
extension FormSession {
    /// Token keys, or nil when the key is for the input's text.
    func handleTokenKey(_ press: KeyPress, node: Int) -> Bool? {
        let unmodified = press.modifiers.isDisjoint(with: .command)
        let plain = unmodified && !press.modifiers.contains(.shift)
        let editor = states[node].editor
        let tokens = states[node].tokens
        if let selected = states[node].selectedToken {
            switch press.key {
            case .left where plain: selectToken(max(0, selected - 1), in: node)
            case .right where plain: selectToken(selected + 1 < tokens.count ? selected + 1 : nil, in: node)
            case .backSpace where plain, .delete where plain:
                removeToken(at: selected, in: node)
                // The neighbour takes the selection: the next token, else the previous, else the input.
                let remaining = states[node].tokens.count
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
        states[node].selectedToken = index
        invalidate(node: node)
    }

    func removeToken(at index: Int, in node: Int) {
        states[node].tokens.remove(at: index)
        valueChanged(node)
    }

    /// Turns the typed text into a token and empties the input. Text that is a token already
    /// stays typed and the field says so under itself: typed text is never dropped.
    func commitToken(_ node: Int) {
        guard duplicateToken(node) == nil else { return showValidationMessage(node) }
        let token = typedToken(node)
        states[node].editor.setText("")
        if let token { states[node].tokens.append(token) }
        valueChanged(node)
        updateSuggestions(node)
    }

    /// Leaving a token field or submitting the form: text typed and not yet a token becomes one.
    func commitPendingText(_ node: Int) {
        guard tree[node].field.kind == .tokens, !states[node].editor.isEmpty else { return }
        commitToken(node)
    }

    /// The typed text as a token holds it, without the spaces around it; nil when blank.
    func typedToken(_ node: Int) -> String? {
        let text = states[node].editor.text.trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// The typed text that will become a token: nil when blank or when it is a token already.
    func pendingToken(_ node: Int) -> String? {
        typedToken(node).flatMap { states[node].tokens.contains($0) ? nil : $0 }
    }

    /// The typed text when the field already holds it as a token (each is held once), else nil.
    func duplicateToken(_ node: Int) -> String? {
        typedToken(node).flatMap { states[node].tokens.contains($0) ? $0 : nil }
    }

    /// Each chip in content coordinates, with the part that removes it.
    func chipRects(_ node: Int) -> [(chip: Rect, close: Rect)] {
        let control = layout.controls[node]
        let height = min(control.height - 8, measurer.lineHeight(Theme.labelFont) + 6)
        var x = control.minX + Theme.textInset - states[node].textScroll.x
        return states[node].tokens.map { token in
            let chip = Rect(x: x, y: control.midY - height / 2, width: chipWidth(token), height: height)
            x += chip.width + Theme.chipGap
            return (chip, Rect(x: chip.maxX - Theme.chipCloseWidth - 4, y: chip.minY, width: Theme.chipCloseWidth + 4, height: chip.height))
        }
    }

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
