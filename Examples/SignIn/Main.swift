import Glibc
import Keyform

/// Opens the sign-in dialog; on submit prints who signed in. Exit status: 0 signed in,
/// 1 cancelled, 2 a bad form, 3 no display.
@main
struct SignInMain {
    @MainActor static func main() async {
        let window: FormWindow
        do { window = try FormWindow(SignIn.form()) } catch {
            print("signin: \(error)")
            exit(2)
        }
        do {
            guard let credentials = try await window.run(decoding: Credentials.self) else { exit(1) }
            print("Signed in as \(credentials.user)" + (credentials.remember ? ", remembered on this computer" : ""))
            exit(0)
        } catch {
            print("signin: \(error)")
            exit(3)
        }
    }
}
