import Foundation
import KeyformAutomation
import KeyformCairo
import Testing

/// The same keys through the same input method engine into zenity (GTK's own module for the
/// framework: `GTK_IM_MODULE=ibus`, `fcitx`) and into Keyform standing in for zenity (over XIM):
/// what each prints must be the same bytes, and what the test says, so that the two cannot agree
/// by both failing alike. zenity's Return in an entry does nothing; the keys Tab past Cancel to
/// OK and press Return there, in both.
@Suite("Input methods beside GTK", .serialized) struct InputMethodBesideGTKTests {
    /// What is typed: keys for the engine, and what it then shows composed, any of `shows` (Keyform
    /// waits for that before the next step, as a person looks; zenity shows nothing a test can
    /// read, so it is typed at a person's pace), or keys pressed.
    enum Step: Sendable {
        case compose(String, shows: [String])
        case key(String)
        /// A click into the text entry at this index, top to bottom (`entryCentre`).
        case click(entry: Int)
    }

    enum Engine: String, Sendable, CaseIterable {
        case ibusHangul = "ibus hangul", fcitx5Hangul = "fcitx5 hangul", ibusPinyin = "ibus libpinyin", fcitx5Pinyin = "fcitx5 pinyin",
             ibusAnthy = "ibus anthy", fcitx5Anthy = "fcitx5 anthy", ibusMozc = "ibus mozc", fcitx5Mozc = "fcitx5 mozc"

        var framework: PrivateInputMethod.Framework {
            switch self {
            case .ibusHangul: return .ibus(engine: "hangul", settings: InputMethodWindowTests.hangulSettings)
            case .fcitx5Hangul: return .fcitx5(inputMethod: "hangul")
            case .ibusPinyin: return .ibus(engine: "libpinyin")
            case .fcitx5Pinyin: return .fcitx5(inputMethod: "pinyin")
            // Anthy starts in Latin; hiragana from the first key, as one who types Japanese sets it.
            case .ibusAnthy: return .ibus(engine: "anthy", settings: [("org.freedesktop.ibus.engine.anthy.common", "input-mode", "0")])
            case .fcitx5Anthy: return .fcitx5(inputMethod: "anthy")
            case .ibusMozc: return .ibus(engine: "mozc-jp")
            case .fcitx5Mozc: return .fcitx5(inputMethod: "mozc")
            }
        }

        /// GTK's module for it.
        var gtkModule: String { framework.serverName }

        var scripts: [Script] {
            switch self {
            case .ibusHangul, .fcitx5Hangul: return InputMethodBesideGTKTests.korean
            case .ibusPinyin: return InputMethodBesideGTKTests.chinese
            // GTK's ibus module drops a composition when focus moves; fcitx5's commits it.
            case .fcitx5Pinyin: return InputMethodBesideGTKTests.chinese + InputMethodBesideGTKTests.chineseFocusMoving
            case .ibusAnthy, .fcitx5Anthy, .ibusMozc, .fcitx5Mozc: return InputMethodBesideGTKTests.japanese
            }
        }
    }

    struct Script: CustomTestStringConvertible, Sendable {
        var name: String
        var title: String
        var script: String
        var steps: [Step]
        var expected: String
        var testDescription: String { name }
    }

    static let twoEntries = #"zenity --forms --title Names --add-entry A --add-entry B"#
    /// From field a to OK, past b and Cancel, and OK.
    static let toOK: [Step] = [.key("Tab"), .key("Tab"), .key("Tab"), .key("Return")]

    /// Korean, two-set keys: g k s = 한, k = ㅏ, r m f = 글. The key that ends a syllable is given
    /// back with its commit and acts.
    static let korean: [Script] = [
        Script(name: "Tab ends a syllable and moves on", title: "Names", script: twoEntries,
               steps: [.compose("gks", shows: ["한"]), .key("Tab"), .compose("k", shows: ["ㅏ"]), .key("Tab"), .key("Tab"), .key("Return")],
               expected: "한|ㅏ\n"),
        Script(name: "Left ends a syllable and moves before it", title: "Names", script: twoEntries,
               steps: [.compose("gks", shows: ["한"]), .key("Left"), .compose("rmf", shows: ["글"])] + toOK,
               expected: "글한|\n"),
        Script(name: "BackSpace edits the syllable", title: "Names", script: twoEntries,
               steps: [.compose("gks", shows: ["한"]), .key("BackSpace"), .compose("", shows: ["하"])] + toOK,
               expected: "하|\n"),
        Script(name: "Escape ends a syllable and cancels", title: "Names", script: twoEntries + #"; echo "status $?""#,
               steps: [.compose("gks", shows: ["한"]), .key("Escape")],
               expected: "status 1\n"),
    ]

    /// Chinese pinyin: n i h a o, shown as 你好 (ibus) or as the letters (fcitx5).
    static let chinese: [Script] = [
        Script(name: "Space chooses the first candidate", title: "Names", script: twoEntries,
               steps: [.compose("nihao", shows: ["你好", "ni hao"]), .key("space")] + toOK,
               expected: "你好|\n"),
        Script(name: "Return commits the letters", title: "Names", script: twoEntries,
               steps: [.compose("nihao", shows: ["你好", "ni hao"]), .key("Return")] + toOK,
               expected: "nihao|\n"),
        Script(name: "Escape drops the composition, not the form", title: "Names", script: twoEntries,
               steps: [.compose("nihao", shows: ["你好", "ni hao"]), .key("Escape")] + toOK,
               expected: "|\n"),
    ]

    /// From field b to OK, past Cancel, and OK.
    static let fromBToOK: [Step] = [.key("Tab"), .key("Tab"), .key("Return")]

    /// Keys and clicks that could move focus while pinyin composes: a click into another field
    /// commits the composition in the field it was typed in, and what is typed next composes in
    /// the field clicked; Tab is pinyin's.
    static let chineseFocusMoving: [Script] = [
        Script(name: "A click into another field commits the composition where it was typed", title: "Names", script: twoEntries,
               steps: [.compose("nihao", shows: ["ni hao"]), .click(entry: 1), .compose("zaijian", shows: ["zai jian"]), .key("space")] + fromBToOK,
               expected: "ni hao|再见\n"),
        // Pinyin takes Tab while it composes (its next candidate: fcitx5-chinese-addons 5.0.16,
        // im/pinyin/pinyin.cpp, `handleCandidateList`): focus stays, and Return commits the letters.
        Script(name: "Tab is pinyin's while it composes", title: "Names", script: twoEntries,
               steps: [.compose("nihao", shows: ["ni hao"]), .key("Tab"), .key("Return")] + toOK,
               expected: "nihao|\n"),
    ]

    /// Japanese, Anthy or Mozc in hiragana: n i h o n g o = にほんご, Space converts it to 日本語.
    static let japanese: [Script] = [
        Script(name: "Space converts, Return commits", title: "Names", script: twoEntries,
               steps: [.compose("nihongo", shows: ["にほんご"]), .key("space"), .compose("", shows: ["日本語"]), .key("Return")] + toOK,
               expected: "日本語|\n"),
        Script(name: "Return commits the kana", title: "Names", script: twoEntries,
               steps: [.compose("nihongo", shows: ["にほんご"]), .key("Return")] + toOK,
               expected: "にほんご|\n"),
        Script(name: "Escape drops the composition, not the form", title: "Names", script: twoEntries,
               steps: [.compose("nihongo", shows: ["にほんご"]), .key("Escape")] + toOK,
               expected: "|\n"),
    ]

    static let cases = Engine.allCases.flatMap { engine in engine.scripts.map { (engine, $0) } }

    @Test(arguments: cases)
    @MainActor func keyformTypesWhatGTKTypes(engine: Engine, script: Script) throws {
        if let missing = engine.framework.missing { try Test.cancel("\(engine.rawValue) cannot run here: \(missing)") }
        let gtk = try Self.run(script, through: engine, keyform: false)
        let keyform = try Self.run(script, through: engine, keyform: true)
        #expect(gtk == script.expected, "GTK printed \(gtk.debugDescription)")
        #expect(keyform == gtk, "Keyform printed \(keyform.debugDescription), GTK \(gtk.debugDescription)")
    }

    /// Runs the script on its own Xvfb with the engine running, under zenity or Keyform (a
    /// `zenity` on the PATH that is `keyform`), types the steps, and returns what it printed.
    @MainActor static func run(_ script: Script, through engine: Engine, keyform asKeyform: Bool) throws -> String {
        let server = try PrivateXServer(width: 1280, height: 800, timeout: patience)
        defer { server.stop() }
        let inputMethod = try PrivateInputMethod(display: server.displayName, framework: engine.framework, timeout: patience)
        defer { inputMethod.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        if asKeyform {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zenity").path, withDestinationPath: keyformBinary)
            path = directory.path + ":" + path
        }
        // As the framework's user (Mozc's, not root), both: a session bus takes only its own user,
        // and GTK's module and Keyform reach fcitx5 over it.
        let (shell, arguments) = inputMethod.command("/bin/bash", ["-c", script.script])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(inputMethod.clientEnvironment) { $1 }
            .merging(["PATH": path, "GTK_IM_MODULE": engine.gtkModule]) { $1 }
        let out = directory.appendingPathComponent("out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A program that did not end: without its display it does, and the script after it.
        defer { if process.isRunning { server.stop(); process.waitUntilExit() } }
        let xdotool = { (arguments: [String]) throws -> String in
            let run = try KeyformEndToEndTests.xdotool(arguments, display: server.displayName)
            #expect(run.status == 0, "xdotool \(arguments): \(run.stderr)")
            return run.stdout
        }
        let window = try xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(script.title)$"])
            .split(separator: "\n").first.map(String.init) ?? ""
        _ = try xdotool(["windowfocus", "--sync", window])
        if asKeyform {
            try waitForState(display: server.displayName, window: window) { $0.contains(" focused ") }
            // fcitx5 is on the form's session bus: Keyform speaks its D-Bus protocol, as GTK does.
            if case .fcitx5 = engine.framework { #expect(try inputMethod.hasFocusedInputContext(for: "zenity")) }
        } else {
            // Focus may come before GTK's module has its context: Tab and back tell it again.
            var looks = 0
            try #require(waitUntil("zenity's entry to have an input context of \(engine.rawValue) with focus") {
                if try inputMethod.hasFocusedInputContext(for: "zenity") { return true }
                looks += 1
                if looks % 50 == 0 { _ = try xdotool(["key", "Tab", "shift+Tab"]) }
                return false
            })
        }
        for (index, step) in script.steps.enumerated() {
            switch step {
            case let .compose(keys, shows):
                if !keys.isEmpty { _ = try xdotool(["type", "--delay", "20", keys]) }
                if asKeyform {
                    try waitForState(display: server.displayName, window: window) { state in
                        shows.contains { state.hasSuffix(" composing " + LiveForm.codePoints($0)) }
                    }
                }
            case .key, .click:
                let before = asKeyform ? try state(display: server.displayName, window: window) : ""
                if case .key(let key) = step {
                    _ = try xdotool(["key", "--delay", "50", key])
                } else if case .click(let entry) = step {
                    let centre = try entryCentre(entry, of: try #require(UInt32(window)), display: server.displayName)
                    _ = try xdotool(["mousemove", "--window", window, String(centre.x), String(centre.y), "click", "1"])
                }
                // Before composing again, Keyform is seen to have acted on the key or click, as a person
                // looks: its composition changed, or it ended and the caret moved (a commit alone
                // leaves the caret where it was, the key still on its way).
                guard asKeyform, index + 1 < script.steps.count, case .compose = script.steps[index + 1] else { break }
                let spot = { (state: String) in state.split(separator: " ").dropFirst(2).first }
                try waitForState(display: server.displayName, window: window) { state in
                    state != before && (state.contains(" composing ") || spot(state) != spot(before))
                }
            }
        }
        waitUntil("the script to end") { !process.isRunning }
        return (try? String(contentsOf: out, encoding: .utf8)) ?? ""
    }

    /// The middle of the `index`th text entry of `window`, top to bottom, found the same way in
    /// GTK's window and Keyform's: a band of rows that are white across half the window or more
    /// (an entry's background; GTK's buttons are shaded, Keyform's narrower).
    static func entryCentre(_ index: Int, of window: UInt32, display: String) throws -> (x: Int, y: Int) {
        let shot = try XTestDriver(displayName: display).screenshot(window: window)
        let (width, height) = shot.imageSize, pixels = shot.argbPixels
        func whiteRun(_ y: Int) -> Range<Int> {
            var best = 0..<0, start = 0
            for x in 0...width {
                if x < width && pixels[y * width + x] == 0xFFFF_FFFF { continue }
                if x - start > best.count { best = start..<x }
                start = x + 1
            }
            return best
        }
        var bands: [(rows: Range<Int>, columns: Range<Int>)] = []
        for y in 0..<height {
            let run = whiteRun(y)
            guard run.count * 2 >= width else { continue }
            if let last = bands.last, last.rows.upperBound == y { bands[bands.count - 1].rows = last.rows.lowerBound..<y + 1 } else { bands.append((y..<y + 1, run)) }
        }
        let band = try #require(index < bands.count ? bands[index] : nil, "entry \(index) of \(bands.count) in a \(width)×\(height) window")
        return ((band.columns.lowerBound + band.columns.upperBound) / 2, (band.rows.lowerBound + band.rows.upperBound) / 2)
    }

    /// Keyform's `_KEYFORM_INPUT_METHOD` on `window`: `ibus focused 28,96 composing U+D55C`.
    static func state(display: String, window: String) throws -> String {
        let run = try runProgram("/usr/bin/xprop", ["-display", display, "-id", window, "_KEYFORM_INPUT_METHOD"])
        return run.stdout.split(separator: "\"", maxSplits: 1).dropFirst().first.map { String($0.dropLast(2)) } ?? ""
    }

    /// Waits until Keyform's `_KEYFORM_INPUT_METHOD` on `window` satisfies `condition`.
    static func waitForState(display: String, window: String, sourceLocation: SourceLocation = #_sourceLocation,
                             _ condition: (String) -> Bool) throws {
        var current = ""
        let held = try waitUntil("_KEYFORM_INPUT_METHOD to change (it is \(current))", sourceLocation: sourceLocation) {
            current = try state(display: display, window: window)
            return condition(current)
        }
        try #require(held, sourceLocation: sourceLocation)
    }
}
