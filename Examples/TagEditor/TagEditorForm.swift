import Keyform

/// A tag editor built from the token field, with the public API alone.
public enum TagEditor {
    /// Offered as the person types a tag.
    public static let suggestions = ["bug", "design", "docs", "keyboard", "performance", "x11"]

    /// The form: a title, the tags, Save; Ctrl+S sorts the tags.
    public static func form(title: String = "", tags: [String] = []) throws -> Form {
        try Form(title: "Edit tags") {
            TextField("_Title", id: "title", value: title)
            TokenField("T_ags", id: "tags", tokens: tags, suggestions: suggestions)
                // With no tag left, BackSpace goes back to the title, as chip inputs do.
                .onBackspaceWhenEmpty { session in
                    guard (try? session.value(of: "tags", as: [String].self))?.isEmpty == true else { return false }
                    try? session.focus("title")
                    return true
                }
                .command(KeyCommand("ctrl+s") { session in
                    guard let tags = try? session.value(of: "tags", as: [String].self) else { return }
                    try? session.setValue(.array(tags.sorted().map(JSONValue.string)), of: "tags")
                }
                .validate { session, command in
                    guard let tags = try? session.value(of: "tags", as: [String].self), tags.count > 1 else { return command.isEnabled = false }
                    command.title = "Sort the \(tags.count) tags"
                })
            Button("_Save", id: "save")
        }
    }
}
