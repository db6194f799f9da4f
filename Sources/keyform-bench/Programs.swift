import Foundation

/// The form every program shows: `fields` fields labelled "Field 1"… with every fifth a picker
/// (so five fields are four text fields and a picker), in a window of the same size. With
/// `textAreaLines`, the first field is a text area holding that many lines, typed at their end.
struct FormSpec {
    static let width = 520, height = 380
    static let pickerOptions = (0...10).map(String.init)

    let fields: Int
    var textAreaLines = 0

    /// The text area's lines, the same in every program (the floor's are written alike in C and Swift).
    var textAreaText: String {
        (0..<textAreaLines).map { "Line \($0 + 1) of the notes, with a few words on it" }.joined(separator: "\n")
    }

    func isPicker(_ index: Int) -> Bool { index % 5 == 4 }
    func label(_ index: Int) -> String { "Field \(index + 1)" }

    /// The text area's text as a JSON string.
    private var jsonText: String { String(decoding: (try? JSONEncoder().encode(textAreaText)) ?? Data(), as: UTF8.self) }

    /// The form as a Keyform form file.
    var keyformJSON: String {
        let options = Self.pickerOptions.map { "\"\($0)\"" }.joined(separator: ",")
        let items = (0..<fields).map { i in
            i == 0 && textAreaLines > 0
                ? "{\"id\":\"f0\",\"type\":\"textarea\",\"label\":\"\(label(0))\",\"value\":\(jsonText)}"
                : isPicker(i)
                ? "{\"id\":\"f\(i)\",\"type\":\"picker\",\"label\":\"\(label(i))\",\"options\":[\(options)],\"value\":\"0\"}"
                : "{\"id\":\"f\(i)\",\"type\":\"text\",\"label\":\"\(label(i))\"}"
        }
        return "{\"title\":\"Benchmark\",\"size\":{\"width\":\(Self.width),\"height\":\(Self.height)},\"fields\":[\n"
            + items.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A program the benchmark measures, and how it opens a form.
struct Program {
    var name: String
    let executable: String
    /// The arguments that open `spec`; `file` is a scratch path the program may use.
    let arguments: (_ spec: FormSpec, _ file: String) throws -> [String]
    var environment: [String: String] = [:]
    /// Whether it can open forms of other sizes than the five fields (the floors cannot).
    var scales = true
    /// Whether it can show the text area case (`FormSpec.textAreaLines`).
    var hasTextArea = false
    /// Whether it is a floor: what the others are measured against, not a peer.
    var isFloor = false
    /// Waited for once its window is up and quiet, before the first key (with Orca listening:
    /// until Orca has said the focused field); throws `BenchError`.
    var ready: (() throws -> Void)?

    /// Keyform's release build, caret blink off; `name` and `environment` tell a variant apart
    /// (through an input method).
    static func keyform(_ path: String, name: String = "Keyform", environment: [String: String] = [:]) -> Program {
        Program(name: name, executable: path, arguments: { spec, file in
            try spec.keyformJSON.write(toFile: file, atomically: true, encoding: .utf8)
            return ["--form", file, "--no-blink"]
        }, environment: environment, hasTextArea: true)
    }

    /// A keyboard floor (`bench/floor/`): five labelled boxes, typing into the first; no caret.
    static func floor(_ path: String, name: String) -> Program {
        Program(name: name, executable: path, arguments: { spec, _ in
            spec.textAreaLines > 0 ? ["\(spec.textAreaLines)"] : []
        }, scales: false, hasTextArea: true, isFloor: true)
    }

    /// A Tk form (`bench/form.tcl`): labels above entries in a scrolled canvas, `-insertofftime 0`.
    static func tk(script: String) -> Program {
        Program(name: "Tk", executable: "/usr/bin/wish", arguments: { spec, _ in
            [script, "\(spec.fields)", "\(FormSpec.width)", "\(FormSpec.height)", "\(spec.textAreaLines)"]
        }, hasTextArea: true)
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

