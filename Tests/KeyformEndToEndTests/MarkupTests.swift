import Foundation
import KeyformCairo
import Testing

/// zenity's and yad's `--text` and yad's label texts are Pango markup, drawn styled as GTK draws
/// them (`keyform render` draws what the window draws), read by screen readers as plain text.
@Suite("Pango markup in zenity's and yad's texts") struct MarkupTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var name: String
        var first: [String]
        var second: [String]
        /// Events for both renders (on standard input: a yad line's arguments are its values),
        /// or for the first only.
        var events: [String] = []
        var eventsOnFirstOnly = false
        /// Whether the two must look the same, pixel for pixel.
        var same: Bool
        var testDescription: String { name }
    }

    static let yad = ["--form", "--title", "Markup", "--field", "Name"]
    static let zenity = ["--forms", "--title", "Markup", "--add-entry", "Name"]

    static let pairs: [Pair] = [
        Pair(name: "yad: bold markup is not the plain word", first: yad + ["--text", "<b>Bold</b> text"],
             second: yad + ["--no-markup", "--text", "Bold text"], same: false),
        Pair(name: "yad: --no-markup shows the tags", first: yad + ["--text", "<i>it</i>"],
             second: yad + ["--no-markup", "--text", "<i>it</i>"], same: false),
        Pair(name: "yad: entities read are the characters", first: yad + ["--text", "&lt;x&gt; &amp; &#169;"],
             second: yad + ["--no-markup", "--text", "<x> & ©"], same: true),
        Pair(name: "yad: a span with no attributes changes nothing", first: yad + ["--text", "<span>Plain</span>"],
             second: yad + ["--no-markup", "--text", "Plain"], same: true),
        Pair(name: "yad: a colour and a size", first: yad + ["--text", #"<span foreground="red" size="x-large">Red</span>"#],
             second: yad + ["--no-markup", "--text", "Red"], same: false),
        Pair(name: "yad: a LBL field's text is markup", first: yad + ["--field", "<b>Part</b>:LBL"],
             second: yad + ["--no-markup", "--field", "Part:LBL"], same: false),
        // A TXT field's label is markup with no mnemonic (GTK's set_markup): its `_` is text.
        Pair(name: "yad: a TXT field's label shows its _", first: yad + ["--field", "<span>snake_case</span>:TXT"],
             second: yad + ["--no-markup", "--field", "snake_case:TXT"], same: true),
        Pair(name: "yad: a LBL field's entities", first: yad + ["--field", "a &amp; b:LBL"],
             second: yad + ["--no-markup", "--field", "a & b:LBL"], same: true),
        // An entry's label is markup with a mnemonic, as GTK's markup_with_mnemonic: the `_` is
        // not drawn, and its letter is underlined only while Alt is held.
        Pair(name: "yad: an entry's label is markup", first: yad + ["--field", "<b>_Town</b>"],
             second: yad + ["--no-markup", "--field", "_Town"], same: false),
        Pair(name: "yad: an entry's label hides its mnemonic's _", first: yad + ["--field", "<span>_Town</span>"],
             second: yad + ["--no-markup", "--field", "_Town"], same: true),
        Pair(name: "yad: an entry's label underlines its mnemonic while Alt is held",
             first: yad + ["--field", "<span>_Town</span>"], second: yad + ["--no-markup", "--field", "_Town"],
             events: ["hold:alt"], same: true),
        Pair(name: "yad: Alt held underlines a letter in a markup label",
             first: yad + ["--field", "<span>_Town</span>"], second: yad + ["--field", "<span>_Town</span>"],
             events: ["hold:alt"], eventsOnFirstOnly: true, same: false),
        // Buttons' labels are markup with a mnemonic too (yad's get_label), centred as GTK centres them.
        Pair(name: "yad: a --button's label is markup", first: yad + ["--button", "<i>Go</i>:0"],
             second: yad + ["--no-markup", "--button", "Go:0"], same: false),
        Pair(name: "yad: a --button's markup that styles nothing looks as its text", first: yad + ["--button", "<span>_Go</span>:0"],
             second: yad + ["--no-markup", "--button", "_Go:0"], same: true),
        Pair(name: "yad: a BTN field's label is markup", first: yad + ["--field", "<i>Run</i>:BTN"],
             second: yad + ["--no-markup", "--field", "Run:BTN"], same: false),
        Pair(name: "yad: a BTN field's label hides its mnemonic's _", first: yad + ["--no-markup", "--field", "_Run:BTN"],
             second: yad + ["--no-markup", "--field", "Run:BTN"], same: true),
        // zenity 3.44's --no-markup is its other dialogs': a form's text stays markup.
        Pair(name: "zenity: --no-markup leaves a form's text markup", first: zenity + ["--text", "<b>Bold</b> and <i>it</i>"],
             second: zenity + ["--no-markup", "--text", "<b>Bold</b> and <i>it</i>"], same: true),
        Pair(name: "zenity: markup is styled", first: zenity + ["--text", "<b>Bold</b> and <i>it</i>"],
             second: zenity + ["--text", "Bold and it"], same: false),
        Pair(name: "zenity: \\n breaks the line in markup too", first: zenity + ["--text", #"<b>one</b>\ntwo"#],
             second: zenity + ["--text", "<b>one</b>\ntwo"], same: true),
    ]

    @Test(arguments: pairs)
    func rendersDifferWhereTheyMust(_ pair: Pair) throws {
        let look = pair.same ? "look the same" : "differ"
        let same = try Self.render(pair.first, events: pair.events) == Self.render(pair.second, events: pair.eventsOnFirstOnly ? [] : pair.events)
        #expect(same == pair.same, "\(pair.first) and \(pair.second) should \(look)")
    }

    /// A screen reader reads the text, not the tags: the label's name and the dialog's description.
    @Test func theAccessibleTextIsPlain() throws {
        let run = try runProgram(keyformBinary, ["accessibility"] + Self.zenity + ["--text", "<b>Bold</b> and <i>it</i> &lt;x&gt;"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""description":"Bold and it <x>""#), "\(run.stdout)")
        #expect(run.stdout.contains(#""role":"label","name":"Bold and it <x>""#), "\(run.stdout)")
        #expect(!run.stdout.contains("<b>") && !run.stdout.contains("&lt;"), "\(run.stdout)")
    }

    /// Text that is not markup: GTK warns and shows no text; so does Keyform, naming the place.
    @Test func markupPangoRefusesShowsNoTextWithAWarning() throws {
        let bad = try runProgram(keyformBinary, ["accessibility"] + Self.yad + ["--text", "Save & quit"])
        #expect(bad.status == 0)
        #expect(bad.stderr.contains("--text is not Pango markup"), "\(bad.stderr)")
        #expect(!bad.stdout.contains("Save"), "\(bad.stdout)")
        let plain = try runProgram(keyformBinary, ["accessibility"] + Self.yad + ["--no-markup", "--text", "Save & quit"])
        #expect(plain.stderr.isEmpty && plain.stdout.contains(#""name":"Save & quit""#), "\(plain)")
    }

    /// The pixels `keyform render` draws for a command line.
    private static func render(_ arguments: [String], events: [String]) throws -> [UInt32] {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("render.png").path
        let run = try runProgram(keyformBinary, ["render", "--png", png] + arguments, stdin: events.map { $0 + "\n" }.joined())
        try #require(run.status == 0 && run.stderr.isEmpty, "keyform render \(arguments): \(run.stderr)")
        return try CairoSurface(png: png).argbPixels
    }
}
