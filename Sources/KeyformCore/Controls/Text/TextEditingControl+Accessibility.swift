/// What a screen reader gets of a control a person types into: an entry (a password text when
/// the text is masked) with its text as drawn, bullets for a password as GTK gives them, and its
/// caret and selection, for AT-SPI's `Text` and `EditableText`.
extension TextEditingControl {
    func accessibleNode(in context: ControlContext) -> AccessibleNode { textNode(in: context) }

    func textNode(in context: ControlContext) -> AccessibleNode {
        var node = context.accessibleNode(Self.masksText ? .passwordText : .entry)
        node.text = AccessibleText(shown: Self.masksText ? textInput.editor.masked : textInput.editor)
        node.states.formUnion([Self.isMultiline ? .multiLine : .singleLine, .selectableText,
                               textInput.readOnly ? .readOnly : .editable])
        return node
    }
}
