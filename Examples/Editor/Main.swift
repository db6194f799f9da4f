import Glibc
import Keyform

/// `EditorExample`: edits a post while a simulated collaborator saves it and changes what it may
/// become; prints the post as JSON on submit. Exit status: 0 published, 1 cancelled, 2 a bad
/// form, 3 no display.
@main
struct EditorMain {
    @MainActor static func main() async {
        let window: FormWindow
        do { window = try FormWindow(Editor.form()) } catch {
            print("editor: \(error)")
            exit(2)
        }
        let (updates, collaborator) = AsyncStream.makeStream(of: Editor.Update.self)
        Task { await Editor.follow(updates, in: window.session) }
        // The collaborator: a save every few seconds, and a reviewer who opens "Scheduled".
        Task.detached {
            for save in 1... {
                try await Task.sleep(for: .seconds(5))
                collaborator.yield(.saved(at: "\(save * 5) seconds after opening"))
                if save == 2 { collaborator.yield(.statuses(Editor.statuses + ["Scheduled"])) }
            }
        }
        do {
            guard case .submitted(let values) = try await window.run() else { exit(1) }
            print(values.serialized)
            exit(0)
        } catch {
            print("editor: \(error)")
            exit(3)
        }
    }
}
