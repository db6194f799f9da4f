import Keyform

/// A post editor whose form a background task keeps up to date while it is open.
public enum Editor {
    /// The statuses a post can have until the server says otherwise.
    public static let statuses = ["Draft", "In review", "Published"]

    /// The form: title, body, tags, status, and when the post was last saved (disabled: shown,
    /// skipped by Tab, not submitted).
    public static func form(title: String = "", body: String = "", tags: [String] = []) throws -> Form {
        try Form(title: "Edit post") {
            TextField("_Title", id: "title", value: title).required()
            TextArea("_Body", id: "body", value: body, rows: 6)
            TokenField("T_ags", id: "tags", tokens: tags, suggestions: ["news", "release", "howto"])
            Picker("_Status", id: "status", options: statuses, value: statuses[0])
            TextField("Last saved", id: "saved", value: "Not yet").disabled()
            Button("_Publish", id: "publish")
        }
    }

    /// What a collaborator (another person, the server) changes while the form is open.
    public enum Update: Sendable, Equatable {
        /// The last save time, as the server reports it.
        case saved(at: String)
        /// The statuses this post may take now (a reviewer may add or withdraw some).
        case statuses([String])
        /// Someone else is editing the body (nil: no one): the body is locked meanwhile.
        case bodyLocked(by: String?)
    }

    /// Applies each update to the open form as it comes, until the stream ends or an update
    /// comes once the form has ended. What the person typed stays: only the parts the update
    /// names change.
    @MainActor public static func follow(_ updates: AsyncStream<Update>, in session: FormSession) async {
        for await update in updates {
            guard session.result == nil else { return }
            try? apply(update, to: session)
        }
    }

    @MainActor static func apply(_ update: Update, to session: FormSession) throws {
        switch update {
        case .saved(let time):
            try session.setValue(.string(time), of: "saved")
        case .statuses(let options):
            try session.setOptions(options, of: "status")
        case .bodyLocked(let editor):
            try session.setDisabled(editor != nil, "body")
            try session.setMessage(editor.map { "\($0) is editing the body" }, of: "body")
        }
    }
}
