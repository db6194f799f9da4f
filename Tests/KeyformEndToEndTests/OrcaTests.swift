import Foundation
import KeyformCore
import Testing

/// Orca 43 itself reading Keyform (issue #58): real key presses through XTEST, and what Orca
/// said, from speech-dispatcher's output module (`OrcaDesktop`). Each step waits for Orca's
/// words, never for a time. The same steps run against zenity, GTK's dialog, so that what is
/// asserted of Keyform is what Orca does with a toolkit it knows. `make test-orca` runs this
/// suite alone.
@Suite("Orca reads the form", .serialized)
struct OrcaTests {
    static let form = #"""
    {"title": "Sign up", "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "email", "type": "text", "label": "_Email"}]}
    """#

    /// X keysyms the steps press.
    enum Keysym {
        static let kpEnter: UInt32 = 0xff8d, kpAdd: UInt32 = 0xffab, insert: UInt32 = 0xff63, h: UInt32 = 0x68
    }

    /// Orca hears each key before the form (its key echo says it), and keeps its own: KP_Enter
    /// is "where am I" (it must not move on or submit), the keypad's + is "say all" (it must not
    /// type), Insert+H enters learn mode, in which keys are described and not acted on, and the
    /// Escape that leaves it must not cancel the form. What was typed is all that is submitted.
    @MainActor static func fillInWithOrcasOwnKeys(_ orca: OrcaDesktop, _ application: AccessibilityDesktop.Application,
                                       field: String, submit: [(UInt32, Modifiers)], sourceLocation: SourceLocation = #_sourceLocation) {
        let driver = application.driver
        driver.type("a")
        orca.hear("a", whole: true, sourceLocation: sourceLocation)
        driver.type("b")
        orca.hear("b", whole: true, sourceLocation: sourceLocation)
        driver.key(Keysym.kpEnter)
        let whereAmI = orca.hear("ab", sourceLocation: sourceLocation).joined(separator: " ")
        #expect(whereAmI.contains(field), "where am I said \(whereAmI)", sourceLocation: sourceLocation)
        driver.key(Keysym.kpAdd)
        orca.hear("plus", whole: true, sourceLocation: sourceLocation)
        driver.keyDown(Keysym.insert)
        driver.key(Keysym.h)
        driver.keyUp(Keysym.insert)
        orca.hear("Entering learn mode", sourceLocation: sourceLocation)
        driver.key(Key.tab.keysym)
        orca.hear("tab", whole: true, sourceLocation: sourceLocation)
        driver.key(Key.escape.keysym)
        orca.hear("Exiting learn mode", sourceLocation: sourceLocation)
        driver.type("c")
        orca.hear("c", whole: true, sourceLocation: sourceLocation)
        for (keysym, modifiers) in submit { driver.key(keysym, modifiers: modifiers) }
    }

    @Test @MainActor func orcaHearsEveryKeyAndKeepsItsOwn() throws {
        let orca = try OrcaDesktop()
        let keyform = try orca.keyform(Self.form)
        orca.hear("Sign up")
        Self.fillInWithOrcasOwnKeys(orca, keyform, field: "Name entry", submit: [(Key.returnKey.keysym, .control)])
        let (status, values) = keyform.finish()
        #expect(status == 0)
        #expect(values == #"{"name":"abc","email":""}"# + "\n")
    }

    /// The same steps in GTK's dialog: its entry has no name ("text"), and where-am-I says its
    /// text apart. Return in its entry does not press OK: three Tabs go to OK, and Return presses it.
    @Test @MainActor func theSameStepsInZenity() throws {
        let orca = try OrcaDesktop()
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Sign up", "--add-entry=Name",
                                                                              "--add-entry=Email"],
                                                          wmClass: "zenity", on: orca.desktop)
        orca.hear("Sign up")
        Self.fillInWithOrcasOwnKeys(orca, zenity, field: "text", submit: Array(repeating: (Key.tab.keysym, Modifiers()), count: 3) + [(Key.returnKey.keysym, Modifiers())])
        let (status, values) = zenity.finish()
        #expect(status == 0)
        #expect(values == "abc|\n")
    }

    /// Another window (a zenity message) takes the focus, and is closed: Orca must say where the
    /// person is on coming back, the focused field as it is.
    @MainActor static func goElsewhereAndBack(_ orca: OrcaDesktop, to field: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let other = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--info", "--title=Elsewhere", "--text=Away"],
                                                         wmClass: "zenity", on: orca.desktop)
        orca.hear("Elsewhere", sourceLocation: sourceLocation)
        other.driver.key(Key.escape.keysym)
        _ = other.finish(sourceLocation: sourceLocation)
        orca.hear("Sign up", sourceLocation: sourceLocation)
        orca.hear(field, sourceLocation: sourceLocation)
    }

    static let fullForm = #"""
    {"title": "Sign up", "fields": [
      {"id": "intro", "type": "label", "label": "Tell us about you"},
      {"id": "name", "type": "text", "label": "_Name", "placeholder": "Ada Lovelace"},
      {"id": "email", "type": "text", "label": "_Email", "value": "ada@x"}]}
    """#

    /// On open: the window as a dialog with its title, the form's text, then the focused field
    /// with its placeholder as a placeholder (read after its name and role, not as its content).
    /// A mnemonic into a filled field says the field's name with its text. Coming back to the
    /// window says the field again.
    @Test @MainActor func theWindowAndTheFocusedFieldAreSaid() throws {
        let orca = try OrcaDesktop()
        let keyform = try orca.keyform(Self.fullForm)
        // The text once: as the dialog's description, and not again as a label in it.
        #expect(orca.said(until: "Sign up") == "Sign up dialog Tell us about you.")
        #expect(orca.said(until: "Name entry") == "Name entry Ada Lovelace.")
        keyform.driver.key(0x65, modifiers: .alt)  // Alt+E
        #expect(orca.hear("ada@x").last == "Email entry ada@x selected.")
        try Self.goElsewhereAndBack(orca, to: "Email entry")
        keyform.driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(keyform.finish().stdout == #"{"name":"","email":"ada@x"}"# + "\n")
    }

    /// GTK on the same steps: its dialog, the text (the name of a panel there), the focused entry
    /// (nameless: "text") on open and on coming back.
    @Test @MainActor func zenitySaysTheSameOnOpenAndOnReturn() throws {
        let orca = try OrcaDesktop()
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Sign up", "--text=Tell us",
                                                                              "--add-entry=Name"],
                                                          wmClass: "zenity", on: orca.desktop)
        // Orca ends the utterance with a full stop or not, as what follows reaches it (seen both
        // ways under load): the words are what is compared.
        #expect(["Sign up dialog.", "Sign up dialog"].contains(orca.said(until: "Sign up")))
        orca.hear("Tell us")
        orca.hear("text")
        try Self.goElsewhereAndBack(orca, to: "text")
        zenity.driver.key(Key.escape.keysym)
        #expect(zenity.finish().status == 1)
    }

    static let kindsForm = #"""
    {"title": "Kinds", "fields": [
      {"id": "pin", "type": "password", "label": "PIN"},
      {"id": "notes", "type": "textarea", "label": "Notes"},
      {"id": "news", "type": "checkbox", "label": "Newsletter"},
      {"id": "size", "type": "radio", "label": "Size", "options": ["Small", "Large"]},
      {"id": "tea", "type": "picker", "label": "Tea", "options": ["Green", "Black"]},
      {"id": "go", "type": "button", "label": "Send"}]}
    """#

    /// The kinds the other tests do not reach, in Tab order, each said with its name and role
    /// and each key's effect said after it: a password's character is never said (a bullet is),
    /// Ctrl+Tab leaves the text area, Space checks the box, Down selects the next radio button and
    /// the next option, Space on the button submits.
    @Test @MainActor func everyOtherKindIsSaid() throws {
        let orca = try OrcaDesktop()
        let keyform = try orca.keyform(Self.kindsForm)
        let driver = keyform.driver
        orca.hear("PIN password text")
        driver.type("1")
        driver.key(Key.tab.keysym)
        #expect(!orca.said(until: "Notes entry").contains("1"))
        driver.type("x")
        orca.hear("x", whole: true)
        driver.key(Key.tab.keysym, modifiers: .control)
        orca.hear("Newsletter check box not checked")
        driver.key(Key.space.keysym)
        orca.hear("checked", whole: true)
        driver.key(Key.tab.keysym)
        orca.hear("Size panel")
        orca.hear("Small")
        orca.hear("not selected radio button", whole: true)
        driver.key(Key.down.keysym)
        orca.hear("Large")
        orca.hear("selected radio button", whole: true)
        driver.key(Key.tab.keysym)
        orca.hear("Tea combo box")
        driver.key(Key.down.keysym)
        orca.hear("Black")
        driver.key(Key.tab.keysym)
        orca.hear("Send push button")
        driver.key(Key.space.keysym)
        #expect(keyform.finish().stdout == #"{"pin":"1","notes":"x","news":true,"size":"Large","tea":"Black"}"# + "\n")
    }

    /// GTK on the kinds zenity's form has of these: its password entry and its combo box, said
    /// by role without a name ("password text", "combo box"), the password's character unsaid.
    @Test @MainActor func zenitySaysItsPasswordAndComboByRole() throws {
        let orca = try OrcaDesktop()
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Kinds", "--add-password=PIN",
                                                                              "--add-combo=Tea", "--combo-values=Green|Black"],
                                                          wmClass: "zenity", on: orca.desktop)
        orca.hear("password text")
        zenity.driver.type("1")
        zenity.driver.key(Key.tab.keysym)
        #expect(!orca.said(until: "combo box").contains("1"))
        zenity.driver.key(Key.down.keysym)
        orca.hear("Green")
        zenity.driver.key(Key.escape.keysym)
        #expect(zenity.finish().status == 1)
    }

    /// A validation message is heard when the person is done with the field: on submit, and
    /// when focus leaves it still invalid (after the Tab, before the next field); never as each
    /// key changes it, so never stale once the date is right.
    @Test @MainActor func validationIsSaidWhenThePersonIsDone() throws {
        let orca = try OrcaDesktop()
        let form = #"{"title": "Dates", "fields": [{"id": "born", "type": "date", "label": "Born"}, {"id": "next", "type": "text", "label": "Next"}]}"#
        let keyform = try orca.keyform(form)
        let driver = keyform.driver
        orca.hear("Born entry")
        driver.type("2020-1")
        orca.hear("1", whole: true)
        driver.key(Key.returnKey.keysym, modifiers: .control)
        orca.hear("use the form YYYY-MM-DD")
        driver.type("3-01")  // 2020-13-01: another message, told when the person leaves
        orca.hear("1", whole: true)
        driver.key(Key.tab.keysym)
        let leaving = orca.hear("Next entry")
        let told = leaving.firstIndex { $0.contains("there is no month 13") }, tab = leaving.firstIndex(of: "tab")
        #expect(told != nil && tab != nil && told! > tab!, "the message is told on leaving, not while typing: \(leaving)")
        driver.key(Key.tab.keysym, modifiers: .shift)
        // Back in the field, it is read with its state and its message.
        orca.hear("Born entry")
        orca.hear("invalid entry")
        orca.hear("there is no month 13")
        driver.type("2020-12-03")
        let typed = orca.hear("3", whole: true)
        driver.key(Key.tab.keysym)
        let stale = (typed + orca.hear("Next entry")).filter { $0.contains("use the form") || $0.contains("month") }
        #expect(stale.isEmpty, "said while typing a right date: \(stale)")
        driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(keyform.finish().stdout == #"{"born":"2020-12-03","next":""}"# + "\n")
    }

    /// Nothing typed is lost, and nothing comes out of order, when the registry hangs (a key
    /// then waits a short while for it, and goes to the form: the form submits with the registry
    /// still stopped), comes back, dies, or when Orca dies: the form then gets every key itself.
    @Test @MainActor func nothingTypedIsLostWhenTheRegistryOrOrcaGoes() throws {
        let orca = try OrcaDesktop()
        let first = try orca.keyform(Self.form)
        orca.hear("Name entry")
        first.driver.type("a")
        orca.hear("a", whole: true)
        let registry = try orca.reader.registry()
        kill(registry, SIGSTOP)
        first.driver.type("bcd")
        first.driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(first.finish().stdout == #"{"name":"abcd","email":""}"# + "\n")
        kill(registry, SIGCONT)

        let second = try orca.keyform(Self.form)
        orca.hear("Name entry")
        second.driver.type("e")
        orca.hear("e", whole: true)  // the registry answers again, and Orca hears keys again
        kill(registry, SIGKILL)
        second.driver.type("f")
        second.driver.sync()
        orca.reader.killOrca()
        second.driver.type("g")
        second.driver.key(Key.returnKey.keysym, modifiers: .control)
        let (status, values) = second.finish()
        #expect(status == 0)
        #expect(values == #"{"name":"efg","email":""}"# + "\n")
    }

    /// Orca too busy to answer the first key in time (stopped here, as a loaded machine stops it
    /// for a while): that key goes to the form after its wait, and the keys after it are still
    /// offered to the registry, which still answers, so Orca, back, hears them and echoes the
    /// last. When one late answer sent the keys after it straight to the form, Orca never heard
    /// them: the echo of "d" was missed (one fresh-clone run in four of `orcaReadsWhatWasTyped`).
    @Test @MainActor func orcaBusyForAWhileStillHearsTheKeysTypedMeanwhile() throws {
        let orca = try OrcaDesktop()
        let keyform = try orca.keyform(Self.form)
        orca.hear("Name entry")
        orca.reader.signalOrca(SIGSTOP)
        // Typed by the pyatspi client, which waits until the form has taken every letter.
        let typed = try orca.desktop.client(pid: keyform.pid, scenario: #"{"steps": [{"type": "ab cd", "on": {"role": "entry", "name": "Name"}}]}"#)
        orca.reader.signalOrca(SIGCONT)
        #expect(typed.status == 0, "typing: \(typed.stderr)")
        orca.hear("d", whole: true)
        keyform.driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(keyform.finish().stdout == #"{"name":"ab cd","email":""}"# + "\n")
    }

    /// The shortcuts overlay is read item by item as Down moves through it, and the Escape that
    /// closes it leaves the form open, focus where it was.
    @Test @MainActor func theShortcutsOverlayIsReadItemByItem() throws {
        let orca = try OrcaDesktop()
        let keyform = try orca.keyform(Self.form)
        let driver = keyform.driver
        orca.hear("Name entry")
        driver.key(0xffbe)  // F1
        orca.hear("Keyboard shortcuts")
        driver.key(Key.down.keysym)
        orca.hear("Paste: Ctrl+V")
        driver.key(Key.down.keysym)
        orca.hear("Next field: Tab")
        driver.key(Key.escape.keysym)
        orca.hear("Name entry")
        driver.type("x")
        orca.hear("x", whole: true)
        driver.key(Key.returnKey.keysym, modifiers: .control)
        let (status, values) = keyform.finish()
        #expect(status == 0)
        #expect(values == #"{"name":"x","email":""}"# + "\n")
    }

    /// A token field says how many tokens it has when focus comes, and each token added or
    /// removed, with the new count.
    @Test @MainActor func tokensAreCountedAndEachChangeIsSaid() throws {
        let orca = try OrcaDesktop()
        let form = #"""
        {"title": "Tags", "fields": [{"id": "name", "type": "text", "label": "_Name"},
         {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["C", "Swift"], "options": ["Haskell", "Rust"]}]}
        """#
        let keyform = try orca.keyform(form)
        let driver = keyform.driver
        orca.hear("Name entry")
        driver.key(Key.tab.keysym)
        orca.hear("2 tokens")
        driver.type("Rust")
        driver.key(Key.returnKey.keysym)
        orca.hear("“Rust” added")
        orca.hear("3 tokens")
        driver.key(Key.backSpace.keysym)
        orca.hear("“Rust” removed")
        orca.hear("2 tokens")
        driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(keyform.finish().stdout == #"{"name":"","skills":["C","Swift"]}"# + "\n")
    }

    /// The suggestions a token field offers as the person types are read as they open and as
    /// the highlight moves (the entry's active descendant, as an editable combo box tells its
    /// list's item); the one chosen is said as added.
    @Test @MainActor func suggestionsAreReadAsTheHighlightMoves() throws {
        let orca = try OrcaDesktop()
        let form = #"{"title": "Tags", "fields": [{"id": "skills", "type": "tokens", "label": "S_kills", "options": ["Haskell", "Rust", "Ruby"]}]}"#
        let keyform = try orca.keyform(form)
        let driver = keyform.driver
        orca.hear("Tags")
        orca.hear("0 tokens")  // the entry: "Skills autocomplete", with its count
        driver.type("R")
        orca.hear("Rust")  // highlighted as the list opens
        driver.key(Key.down.keysym)
        orca.hear("Ruby")
        driver.key(Key.returnKey.keysym)
        orca.hear("“Ruby” added")
        driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(keyform.finish().stdout == #"{"skills":["Ruby"]}"# + "\n")
    }

    /// Orca's reading commands on what was typed, in Keyform and in zenity alike: Left reads
    /// the character the caret comes to, KP_Up (say current line) the line, KP_Begin (flat
    /// review, current word) the word, Ctrl+Left the word the caret moves to.
    @Test(arguments: ["keyform", "zenity"]) @MainActor func orcaReadsWhatWasTyped(_ program: String) throws {
        let orca = try OrcaDesktop()
        let application = program == "keyform"
            ? try orca.keyform(Self.form)
            : try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Sign up", "--add-entry=Name", "--add-entry=Email"],
                                                   wmClass: "zenity", on: orca.desktop)
        let driver = application.driver
        orca.hear("Sign up")
        orca.hear(program == "keyform" ? "Name entry" : "text")
        driver.type("ab cd")
        orca.hear("d", whole: true)
        driver.key(Key.left.keysym)
        orca.hear("d", whole: true)
        driver.key(0xff97)  // KP_Up
        orca.hear("ab cd")
        driver.key(0xff9d)  // KP_Begin
        orca.hear("cd", whole: true)
        driver.key(Key.left.keysym, modifiers: .control)
        orca.hear("cd", whole: true)
        driver.key(Key.escape.keysym)
        #expect(application.finish().status == 1)
    }
}
