/// Mnemonics: `_` in a label marks a letter; Alt+letter focuses that field or presses that
/// button, and the letters are underlined while Alt is held. When several labels share a letter,
/// each press moves to the next of them and none is activated (GTK's rule).
extension FormSession {
    func activateMnemonic(_ press: KeyPress) -> CommandOutcome {
        guard press.modifiers.intersection(KeyChord.matched) == .alt else { return .ignored }
        let targets = (0..<tree.count).filter { node in
            guard shown[node], let letter = mnemonicLetter(of: node) else { return false }
            return mnemonicMatches(letter, press) && focusTarget(ofMnemonic: node) != nil
        }
        guard let first = targets.first else { return .ignored }
        // One control with the letter: focus goes there, and a button is pressed too.
        if targets.count == 1, snapshot.nodes[first].canFocus {
            watchBeforeChange(first)
            focusNow(first, cause: .keyboard)
            _ = tree[first].control.activate(in: context(first))
            return .handled
        }
        // The target after the one focus is in now, in form order.
        let current = targets.firstIndex { target in
            guard let focused = focus.focused else { return false }
            return target == focused || tree.ancestors(of: focused).contains(target)
        }
        let next = current.map { targets[($0 + 1) % targets.count] } ?? first
        guard let node = focusTarget(ofMnemonic: next) else { return .ignored }
        requestFocus(node, cause: .keyboard)
        return .handled
    }

    /// The letter a field's label marks, looked for only where the label can be shown (see
    /// `WrappedLabel`): a key costs the same whatever the length of the labels.
    func mnemonicLetter(of node: Int) -> Character? {
        Mnemonic(label: String(tree[node].field.label.prefix(WrappedLabel.shownGraphemes))).character
    }

    /// Where a mnemonic takes focus: its field, or a section's first stop.
    func focusTarget(ofMnemonic node: Int) -> Int? {
        guard snapshot.nodes[node].isContainer else { return snapshot.nodes[node].canFocus ? node : nil }
        return order.sequence.first { snapshot.nodes[$0].isTabStop && tree.ancestors(of: $0).contains(node) }
    }

    /// The letter typed on the current layout, or the Latin letter of the same physical key, so
    /// Alt+N works under `ru` (where that key types "т").
    func mnemonicMatches(_ letter: Character, _ press: KeyPress) -> Bool {
        let wanted = letter.lowercased()
        if !press.text.isEmpty && press.text.lowercased() == wanted { return true }
        return [press.key, press.shortcutKey].contains { key in
            key.keysym < 0x100 && Unicode.Scalar(key.keysym).map { String(Character($0)).lowercased() } == wanted
        }
    }

    /// The mnemonic letter at `offset` to underline in the label of `node`: only while Alt is
    /// held, and only where Alt+letter would do something.
    func underline(at offset: Int?, of node: Int) -> Range<Int>? {
        guard keyCommands.altHeld, let offset, focusTarget(ofMnemonic: node) != nil else { return nil }
        return offset..<offset + 1
    }

    /// Alt went down or up: the labels with a mnemonic are repainted.
    func setAltHeld(_ held: Bool) {
        guard keyCommands.altHeld != held else { return }
        keyCommands.altHeld = held
        for node in 0..<tree.count where shown[node] && tree[node].field.label.contains("_") {
            invalidate(node: node)
        }
    }
}
