import Keyform

/// A sign-up form with shortcuts of its own: built with the public API alone.
public enum SignUp {
    /// Addresses that already have an account: the form refuses them on submit.
    public static let takenAddresses: Set<String> = ["ada@example.org"]

    /// The form: email, name, password, plan, terms; Ctrl+U, Ctrl+T and F2 of its own.
    public static func form() throws -> Form {
        try Form(title: "Create your account", tabOrder: ["email", "name", "password", "plan", "terms", "create"]) {
            TextField("_Email", id: "email", format: .email).required().placeholder("you@example.org")
            TextField("_Name", id: "name").required()
                .command(KeyCommand("ctrl+u", title: "Name from the email") { session in
                    let user = (try? session.text(of: "email"))?.split(separator: "@").first.map(String.init) ?? ""
                    try? session.setValue(.string(user.prefix(1).uppercased() + user.dropFirst()), of: "name")
                }
                .validate { session, command in command.isEnabled = (try? session.text(of: "email"))?.contains("@") == true })
            PasswordField("_Password", id: "password").required()
            Picker("P_lan", id: "plan", options: ["Free", "Team", "Enterprise"], value: "Free")
            Checkbox("I accept the _terms", id: "terms")
            Button("_Sign up", id: "create")
            // Retitled at each key press: the overlay says what it will do now.
            KeyCommand("ctrl+t") { session in
                try? session.setValue(.bool(!accepted(session)), of: "terms")
            }
            .validate { session, command in
                command.title = accepted(session) ? "Decline the terms" : "Accept the terms"
            }
            KeyCommand("F2", title: "Create the account") { session in session.submit() }.forWindow()
        }
        .onSubmit { session in
            if !accepted(session) {
                return .refuse(field: "terms", message: "Accept the terms to create an account")
            }
            if let email = try? session.text(of: "email"), takenAddresses.contains(email) {
                return .refuse(field: "email", message: "\(email) already has an account")
            }
            return .accept
        }
    }

    /// Whether the terms are accepted.
    @MainActor static func accepted(_ session: FormSession) -> Bool { (try? session.value(of: "terms", as: Bool.self)) == true }
}
