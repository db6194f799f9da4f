/// The session's side of text editing: which control is being typed in, and reaching its text.
extension FormSession {
    /// The field's control if a person types text into it.
    func textControl(_ node: Int) -> (any TextEditingControl)? { tree[node].control as? any TextEditingControl }

    func input(_ node: Int) -> TextInput { textControl(node)!.textInput }
    func tokensControl(_ node: Int) -> TokensControl { tree[node].control as! TokensControl }
}
