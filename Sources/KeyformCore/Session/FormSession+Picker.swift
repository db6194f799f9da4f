/// A token field's suggestions.
extension FormSession {
    /// The token field's options that start with (or else contain) the typed text and are not
    /// tokens yet; the list shows while there is text and a match.
    func updateSuggestions(_ node: Int) {
        let typed = states[node].editor.text.trimmingSpaces.lowercased()
        let unused = tree[node].field.options.filter { !states[node].tokens.contains($0) }
        let matches = typed.isEmpty ? [] : unused.filter { $0.lowercased().hasPrefix(typed) }
            + unused.filter { !$0.lowercased().hasPrefix(typed) && $0.lowercased().contains(typed) }
        if matches.isEmpty {
            if pickerList?.node == node { closePicker() }
        } else if pickerList?.items != matches {
            show(PickerList(node: node, purpose: .suggestion, items: matches, highlighted: 0, firstVisible: 0))
        }
    }
}
