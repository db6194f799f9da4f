import Glibc
import Keyform

/// Opens the sign-up form; prints the values as JSON on submit. Exit status: 0 submitted,
/// 1 cancelled, 2 a bad form, 3 no display.
@main
struct SignUpMain {
    @MainActor static func main() {
        let window: FormWindow
        do { window = try FormWindow(SignUp.form()) } catch {
            print("signup: \(error)")
            exit(2)
        }
        do {
            switch try window.run() {
            case .submitted(let values):
                print(values.serialized)
                exit(0)
            case .cancelled:
                exit(1)
            }
        } catch {
            print("signup: \(error)")
            exit(3)
        }
    }
}
