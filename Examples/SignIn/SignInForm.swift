import Keyform

/// What the sign-in form submits, read into the app's own type (the fields' ids are its keys).
public struct Credentials: Decodable, Sendable {
    public var user: String
    public var password: String
    public var remember: Bool
}

/// The account directory the form asks whether a user name exists: a network call in a real app.
public struct AccountDirectory: Sendable {
    public var hasAccount: @Sendable (String) async -> Bool

    public init(hasAccount: @escaping @Sendable (String) async -> Bool) { self.hasAccount = hasAccount }

    /// A directory that answers after a short delay, as a server would.
    public static let simulated = AccountDirectory { name in
        try? await Task.sleep(for: .milliseconds(300))
        return ["ada", "grace", "linus"].contains(name)
    }
}

/// A sign-in dialog whose user-name check is asynchronous: built with the public API alone.
public enum SignIn {
    /// The form: user name (checked against `directory` as it is typed), password, remember me.
    public static func form(directory: AccountDirectory = .simulated) throws -> Form {
        try Form(title: "Sign in") {
            TextField("_User name", id: "user").required()
                // "Checking…" shows while the directory answers; a submit waits for the verdict.
                .validate { (name: String) async in
                    await directory.hasAccount(name) ? nil : "No account is called \(name)"
                }
            PasswordField("_Password", id: "password").required()
            Checkbox("_Remember me on this computer", id: "remember")
            Button("_Sign in", id: "signIn")
        }
    }
}
