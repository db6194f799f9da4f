import Glibc
import Keyform

/// `TagEditorExample [TAG…]`: edits the tags given, prints them one a line on submit. Exit
/// status: 0 saved, 1 cancelled, 2 a bad form, 3 no display.
@main
struct TagEditorMain {
    @MainActor static func main() {
        let window: FormWindow
        do { window = try FormWindow(TagEditor.form(tags: Array(CommandLine.arguments.dropFirst()))) } catch {
            print("tags: \(error)")
            exit(2)
        }
        do {
            guard case .submitted(let values) = try window.run() else { exit(1) }
            guard case .object(let members) = values, case .array(let tags)? = members.first(where: { $0.0 == "tags" })?.1 else { exit(0) }
            for case .string(let tag) in tags { print(tag) }
            exit(0)
        } catch {
            print("tags: \(error)")
            exit(3)
        }
    }
}
