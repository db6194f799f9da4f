import Foundation

/// The form every program shows: `fields` fields labelled "Field 1"… with every fifth a picker
/// (so five fields are four text fields and a picker), in a window of the same size.
struct FormSpec {
    static let width = 520, height = 380
    static let pickerOptions = (0...10).map(String.init)

    let fields: Int

    func isPicker(_ index: Int) -> Bool { index % 5 == 4 }
    func label(_ index: Int) -> String { "Field \(index + 1)" }

    /// The form as a Keyform form file.
    var keyformJSON: String {
        let options = Self.pickerOptions.map { "\"\($0)\"" }.joined(separator: ",")
        let items = (0..<fields).map { i in
            isPicker(i)
                ? "{\"id\":\"f\(i)\",\"type\":\"picker\",\"label\":\"\(label(i))\",\"options\":[\(options)],\"value\":\"0\"}"
                : "{\"id\":\"f\(i)\",\"type\":\"text\",\"label\":\"\(label(i))\"}"
        }
        return "{\"title\":\"Benchmark\",\"size\":{\"width\":\(Self.width),\"height\":\(Self.height)},\"fields\":[\n"
            + items.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A program the benchmark measures, and how it opens a form.
struct Program {
    let name: String
    let executable: String
    /// The arguments that open `spec`; `file` is a scratch path the program may use.
    let arguments: (_ spec: FormSpec, _ file: String) throws -> [String]
    var environment: [String: String] = [:]

    /// Keyform's release build, caret blink off.
    static func keyform(_ path: String) -> Program {
        Program(name: "Keyform", executable: path) { spec, file in
            try spec.keyformJSON.write(toFile: file, atomically: true, encoding: .utf8)
            return ["--form", file, "--no-blink"]
        }
    }

    /// A Tk form (`bench/form.tcl`): labels above entries in a scrolled canvas, `-insertofftime 0`.
    static func tk(script: String) -> Program {
        Program(name: "Tk", executable: "/usr/bin/wish") { spec, _ in
            [script, "\(spec.fields)", "\(FormSpec.width)", "\(FormSpec.height)"]
        }
    }

    /// `zenity --forms`, GTK 3; `gtkConfig` is an XDG_CONFIG_HOME whose settings turn the blink off.
    static func zenity(gtkConfig: String) -> Program {
        Program(name: "zenity", executable: "/usr/bin/zenity", arguments: { spec, _ in
            var arguments = ["--forms", "--title=Benchmark", "--text=Benchmark",
                             "--width=\(FormSpec.width)", "--height=\(FormSpec.height)"]
            for i in 0..<spec.fields {
                if spec.isPicker(i) {
                    arguments += ["--add-combo=\(spec.label(i))", "--combo-values=" + FormSpec.pickerOptions.joined(separator: "|")]
                } else {
                    arguments.append("--add-entry=\(spec.label(i))")
                }
            }
            return arguments
        }, environment: gtkEnvironment(gtkConfig))
    }

    /// `yad --form --scroll`, GTK 3, with the same settings as zenity.
    static func yad(gtkConfig: String) -> Program {
        Program(name: "yad", executable: "/usr/bin/yad", arguments: { spec, _ in
            let fields = (0..<spec.fields).map { "--field=\(spec.label($0))" + (spec.isPicker($0) ? ":CB" : "") }
            let values = (0..<spec.fields).map { spec.isPicker($0) ? FormSpec.pickerOptions.joined(separator: "!") : "" }
            return ["--form", "--scroll", "--title=Benchmark", "--width=\(FormSpec.width)", "--height=\(FormSpec.height)"]
                + fields + values
        }, environment: gtkEnvironment(gtkConfig))
    }

    /// Writes the GTK settings file (`gtk-cursor-blink=false`) under `directory`.
    static func writeGTKSettings(in directory: String) throws {
        let folder = directory + "/gtk-3.0"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[Settings]\ngtk-cursor-blink=false\n".write(toFile: folder + "/settings.ini", atomically: true, encoding: .utf8)
    }

    private static func gtkEnvironment(_ config: String) -> [String: String] {
        ["XDG_CONFIG_HOME": config, "GDK_BACKEND": "x11"]
    }
}
