import ArgumentParser
import Foundation
import KeyformCore

/// The options every command that loads a form shares.
struct FormOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The form file (JSON); - reads standard input. Default: the demo form.", valueName: "FILE"))
    var form: String?

    @Option(name: .long, help: ArgumentHelp("The window size, e.g. 520x420.", valueName: "WxH"))
    var size: String?

    @Flag(name: .long, help: "Lay the form out right to left.")
    var rtl = false

    /// Loads and validates the form, or exits 2 with a message that names the place.
    func load() throws -> Form {
        var form = try loadFile()
        if rtl { form.direction = .rtl }
        if let size {
            let parts = size.split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts[0] >= 1, parts[1] >= 1 else {
                throw ValidationError("--size takes WIDTHxHEIGHT, e.g. 520x420, not \"\(size)\"")
            }
            form.size = Size(width: parts[0], height: parts[1])
        }
        return form
    }

    private func loadFile() throws -> Form {
        let (bytes, name) = try readSource()
        do {
            return try FormFile.parse(bytes, fileName: name)
        } catch {
            standardError(error.description)
            throw ExitCode(ExitStatus.badInput)
        }
    }

    private func readSource() throws -> ([UInt8], String) {
        if form == "-" {
            return ([UInt8](FileHandle.standardInput.readDataToEndOfFile()), "<stdin>")
        }
        let path = form ?? DemoForm.path
        guard let path, let data = FileManager.default.contents(atPath: path) else {
            standardError(form == nil ? "keyform: cannot find the demo form (assets/demo-form.json); pass --form FILE"
                                      : "keyform: cannot read \(form!): no such file or not readable")
            throw ExitCode(ExitStatus.badInput)
        }
        return ([UInt8](data), path)
    }
}

/// Where the demo form is: `$KEYFORM_DEMO_FORM`, else `assets/demo-form.json` in a folder above
/// the executable (a build inside the checkout), else the installed copy.
enum DemoForm {
    static var path: String? {
        if let path = ProcessInfo.processInfo.environment["KEYFORM_DEMO_FORM"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("assets/demo-form.json").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        let installed = "/usr/share/keyform/demo-form.json"
        return FileManager.default.fileExists(atPath: installed) ? installed : nil
    }
}

extension CommandLine {
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
    }
}

func standardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
