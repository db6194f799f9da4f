import Foundation
import KeyformAutomation
import KeyformCairo
import KeyformCore
import KeyformX11
import Testing

/// Input methods for real: ibus and its Hangul engine on a private Xvfb and a private session bus,
/// typed into through XTEST as a person types, the window told `XMODIFIERS=@im=ibus`. Korean
/// two-set keys: g k s = 한, r m f = 글.
///
/// Each key goes to ibus and comes back (or not) later, so nothing is read right after a key:
/// the tests wait for the form's exit, a paint, or the window's `_KEYFORM_INPUT_METHOD`. They
/// type as a person does, who sees the syllable before pressing the key that ends it: ibus can
/// give a key back before the composition of the keys typed ahead of it has arrived, so keys
/// sent in one burst on a busy machine would test ibus's ordering, not the window.
@Suite("Input methods in the window under Xvfb", .serialized) struct InputMethodWindowTests {
    static let form = #"""
    {"title": "Names", "returnKey": "nextThenSubmit", "size": {"width": 400, "height": 300},
     "fields": [{"id": "a", "type": "text", "label": "A"}, {"id": "b", "type": "text", "label": "B"},
                {"id": "t", "type": "tokens", "label": "Tags", "value": ["x", "y"]}]}
    """#

    /// ibus set up as the issue says: Hangul from the first key, no Latin mode; and Hangul its
    /// only engine, so that its panel, when it runs, does not switch to a keyboard engine.
    static let hangulSettings = [("org.freedesktop.ibus.engine.hangul", "disable-latin-mode", "true"),
                                 ("org.freedesktop.ibus.engine.hangul", "initial-input-mode", "'hangul'"),
                                 ("org.freedesktop.ibus.general", "preload-engines", "['hangul']"),
                                 ("org.freedesktop.ibus.general", "engines-order", "['hangul']")]

    /// The form on a private Xvfb with ibus's Hangul engine on, once the window has told ibus
    /// that focus is in its first field. Cancelled (not passed) only where ibus is not installed.
    @MainActor static func hangulForm(panel: Bool = false) throws -> (LiveForm, PrivateInputMethod) {
        try form(typingThrough: .ibus(engine: "hangul", settings: hangulSettings, panel: panel))
    }

    /// The form on a private Xvfb with `framework` running, once the window has told it that
    /// focus is in the first field. Cancelled (not passed) only where it is not installed.
    /// `onItsBus`: the form gets the framework's session bus too, as a desktop's programs do (for
    /// fcitx5 the window then speaks its D-Bus protocol, which the test checks); else only
    /// `XMODIFIERS`, and XIM.
    @MainActor static func form(typingThrough framework: PrivateInputMethod.Framework, form text: String = form,
                                onItsBus: Bool = false) throws -> (LiveForm, PrivateInputMethod) {
        if let missing = framework.missing { try Test.cancel("\(framework.serverName) cannot run here: \(missing)") }
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let inputMethod = try PrivateInputMethod(display: server.displayName, framework: framework, timeout: patience)
        let path = try temporaryDirectory().appendingPathComponent("names.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let name = framework.serverName
        let live = try LiveForm(arguments: ["--form", path], server: server,
                                environment: onItsBus ? inputMethod.clientEnvironment : ["XMODIFIERS": "@im=" + name])
        _ = try live.inputMethodState { $0.hasPrefix(name + " focused") }
        if case .fcitx5 = framework {
            #expect(try inputMethod.hasFocusedInputContext(for: "keyform") == onItsBus, "keyform's input context on fcitx5's bus")
        }
        return (live, inputMethod)
    }

    @Test @MainActor func hangulIsComposedAndCommitted() throws {
        let (form, ibus) = try Self.hangulForm()
        try form.compose("gksrmf", into: "글")
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        // The space after the syllable is typed after it, as GTK with ibus types it.
        #expect(try form.submittedValues()["a"] as? String == "한글 ")
        ibus.stop()
    }

    /// A key the Hangul engine gives back (it commits the syllable, then hands the key on) is the
    /// form's, after the commit, as in GTK and Tk: Return advances, Tab moves on, Left and Home
    /// move before 한, Escape cancels (`nil`: the form exits 1).
    static let keysGivenBack: [(key: String, a: String?, b: String?)] = [
        ("", "한글 ", ""), ("Return", "한", "글 "), ("Tab", "한", "글 "), ("Left", "글 한", ""), ("Home", "글 한", ""), ("Escape", nil, nil),
    ]

    @Test(arguments: keysGivenBack)
    @MainActor func aKeyGivenBackActsAfterTheCommit(key: String, a: String?, b: String?) throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.expectGivenBack(key, in: form, a: a, b: b)
        ibus.stop()
    }

    /// Types 한, presses `key`, types 글 and a space unless the form is gone, submits, and expects
    /// `a` and `b` (nil: cancelled).
    @MainActor static func expectGivenBack(_ key: String, in form: LiveForm, a: String?, b: String?,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard a != nil else {
            try form.compose("gks", into: "한")
            try form.xdotool("key", key)
            #expect(form.finish().status == 1, "the form was not cancelled", sourceLocation: sourceLocation)
            return
        }
        // As a person looks before typing on: 한 committed, and the caret where the key put it.
        try expectHangul(in: form, a: a ?? "", b: b ?? "", sourceLocation: sourceLocation) {
            if !key.isEmpty { try form.commitComposition(with: key, sourceLocation: sourceLocation) }
        }
    }

    /// The issue's keys: g k s Tab k, submitted with the next syllable's ㅏ still composed: the
    /// Tab that ended 한 moves on, and Ctrl+Return commits ㅏ in b, then submits.
    @Test @MainActor func theNextFieldsTextLandsInTheNextField() throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.expectTabThenSubmit(in: form)
        ibus.stop()
    }

    @MainActor static func expectTabThenSubmit(in form: LiveForm, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try form.compose("gks", into: "한", sourceLocation: sourceLocation)
        try form.commitComposition(with: "Tab", sourceLocation: sourceLocation)
        try form.compose("k", into: "ㅏ", sourceLocation: sourceLocation)
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues(sourceLocation: sourceLocation)
        #expect(values["a"] as? String == "한", sourceLocation: sourceLocation)
        #expect(values["b"] as? String == "ㅏ", sourceLocation: sourceLocation)
    }

    /// Keys typed on across the Tab that ends a syllable, without waiting to see it move: 한 is
    /// committed in a, Tab moves on, and what follows lands in b. `waiting`: 한 is seen composed
    /// before the burst, else every key goes in one burst.
    @Test(arguments: [true, false])
    @MainActor func keysTypedAcrossTabLandInTheNextField(waiting: Bool) throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.expectTypedAcrossTab(in: form, waiting: waiting)
        ibus.stop()
    }

    @MainActor static func expectTypedAcrossTab(in form: LiveForm, waiting: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if waiting { try form.compose("gks", into: "한", sourceLocation: sourceLocation) }
        try form.xdotool("type", "--delay", "20", (waiting ? "" : "gks") + "\trmf ")
        // Done once the caret stands after "글 " in b with nothing composed.
        let caret = try #require(try form.session(events: ["type:한", "Tab", "type:글 "]).inputMethodSpot, sourceLocation: sourceLocation)
        let name = try #require(try form.inputMethodState()?.split(separator: " ").first, sourceLocation: sourceLocation)
        try form.inputMethodState({ $0 == "\(name) focused \(Int(caret.minX)),\(Int(caret.maxY))" }, sourceLocation: sourceLocation)
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues(sourceLocation: sourceLocation)
        #expect(values["a"] as? String == "한", sourceLocation: sourceLocation)
        #expect(values["b"] as? String == "글 ", sourceLocation: sourceLocation)
    }

    /// Return that ends a syllable in a text area breaks the line after it.
    @Test @MainActor func returnInATextAreaBreaksTheLineAfterTheSyllable() throws {
        let (form, ibus) = try Self.form(typingThrough: .ibus(engine: "hangul", settings: Self.hangulSettings), form: Self.notes)
        try Self.expectLineBreak(in: form)
        ibus.stop()
    }

    static let notes = #"{"title": "Notes", "fields": [{"id": "n", "type": "textarea", "label": "Notes"}]}"#

    @MainActor static func expectLineBreak(in form: LiveForm, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try form.compose("gks", into: "한", sourceLocation: sourceLocation)
        try form.commitComposition(with: "Return", sourceLocation: sourceLocation)
        try form.compose("gks", into: "한", sourceLocation: sourceLocation)
        try form.commitComposition(with: "space", sourceLocation: sourceLocation)
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues(sourceLocation: sourceLocation)["n"] as? String == "한\n한 ", sourceLocation: sourceLocation)
    }

    /// Types 한, does `meanwhile` while it is composed, types 글 and a space, submits, and
    /// expects `a` and `b`.
    @MainActor static func expectHangul(in form: LiveForm, a: String, b: String, sourceLocation: SourceLocation,
                                        meanwhile: () throws -> Void) throws {
        try form.compose("gks", into: "한")
        try meanwhile()
        try form.compose("rmf", into: "글")
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues(sourceLocation: sourceLocation)
        #expect(values["a"] as? String == a, sourceLocation: sourceLocation)
        #expect(values["b"] as? String == b, sourceLocation: sourceLocation)
    }

    /// BackSpace edits the composition (한 → 하), never the text before it.
    @Test @MainActor func backSpaceEditsTheComposition() throws {
        let (form, ibus) = try Self.hangulForm()
        try form.compose("gks", into: "한")
        try form.xdotool("key", "BackSpace")
        try form.inputMethodState { $0.hasSuffix(" composing " + LiveForm.codePoints("하")) }
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["a"] as? String == "하 ")
        ibus.stop()
    }

    /// The token rule holds for input methods: BackSpace inside a composition in a token field
    /// takes jamo off it and never a token. Return that ends a syllable commits it, then makes
    /// it a token, once.
    @Test @MainActor func aCompositionInATokenFieldSurvivesBackSpace() throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.expectTokens(in: form)
        ibus.stop()
    }

    @MainActor static func expectTokens(in form: LiveForm, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try form.inputMethodState()
        try form.xdotool("key", "Tab", "Tab")  // to the token field
        _ = try form.inputMethodState({ $0.contains(" focused ") && $0 != before }, sourceLocation: sourceLocation)
        try form.compose("gk", into: "하", sourceLocation: sourceLocation)
        try form.xdotool("key", "BackSpace", "BackSpace")  // 하 → ㅎ → nothing
        try form.compose("gks", into: "한", sourceLocation: sourceLocation)
        try form.commitComposition(with: "Return", sourceLocation: sourceLocation)
        try form.compose("rmf", into: "글", sourceLocation: sourceLocation)
        try form.commitComposition(with: "Return", sourceLocation: sourceLocation)
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues(sourceLocation: sourceLocation)["t"] as? [String] == ["x", "y", "한", "글"],
                sourceLocation: sourceLocation)
    }

    /// A click in another field ends the composition as GTK does: 한 stays in a, once.
    @Test @MainActor func aClickElsewhereCommitsWhatIsShown() throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.expectAClickToCommit(in: form)
        ibus.stop()
    }

    /// Types 한, clicks field b, types 글 and a space, submits, and expects 한 in a, once.
    @MainActor static func expectAClickToCommit(in form: LiveForm, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let b = try #require(try form.session().controlFrame(of: "b"))
        try expectHangul(in: form, a: "한", b: "글 ", sourceLocation: sourceLocation) {
            form.driver.click(x: b.midX, y: b.midY)
            form.driver.sync()
        }
    }

    /// The composition is drawn at the caret, underlined, with the part ibus marks (Hangul: the
    /// syllable being composed) highlighted: inside field a the window shows what the session
    /// draws for that composition (the golden case ime-preedit-hangul pins the drawing itself).
    @Test @MainActor func theCompositionIsDrawnUnderlinedAtTheCaret() throws {
        let (form, ibus) = try Self.hangulForm()
        let session = try form.session(events: ["type:12"])
        session.handle(.preedit("한", caret: 1, segments: [PreeditSegment(0..<1, converted: true)]))
        let expected = CairoSurface.image(width: Int(session.viewport.width), height: Int(session.viewport.height))
        let whole = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        CairoRenderer().render(session.displayList(in: whole), in: CairoContext(expected), clip: nil)
        let field = try #require(session.controlFrame(of: "a")).insetBy(dx: 3, dy: 3)
        func inside(_ surface: CairoSurface) -> [UInt32] {
            let (width, _) = surface.imageSize, pixels = surface.argbPixels
            return (Int(field.minY)..<Int(field.maxY)).flatMap { y in (Int(field.minX)..<Int(field.maxX)).map { pixels[y * width + $0] } }
        }
        // Digits are no jamo: the Hangul engine gives them back, and they are typed as they are.
        try form.xdotool("type", "--delay", "20", "12" + "gks")
        let shot = try form.driver.screenshot(of: form.window, when: { shot in
            shot.imageSize == expected.imageSize && GoldenImage.difference(inside(expected), inside(shot)).count == 0
        }, "the window to draw 한 after 12 in field a as the session draws it")
        if GoldenImage.difference(inside(expected), inside(shot)).count > 0 {
            let directory = try temporaryDirectory()
            try shot.writePNG(to: directory.appendingPathComponent("window.png").path)
            try expected.writePNG(to: directory.appendingPathComponent("expected.png").path)
            Issue.record("see \(directory.path)")
        }
        ibus.stop()
    }

    /// A phrase conversion is drawn as the engine marks it: ibus's Anthy converts わたしのなまえは
    /// into clauses and reverses the one being converted (the first; Right moves on to the
    /// next). The window must show, pixel for pixel, what the session draws for that clause
    /// converted among the rest: each part underlined on its own, the converted one highlighted.
    @Test @MainActor func aConversionsClausesAreDrawnApart() throws {
        let (form, ibus) = try Self.form(typingThrough: InputMethodBesideGTKTests.Engine.ibusAnthy.framework)
        try form.compose("watashinonamaeha", into: "わたしのなまえは")
        try form.xdotool("key", "space")
        let first = try form.convertedClause { clause, count in clause.lowerBound == 0 && clause.upperBound < count }
        try form.xdotool("key", "Right")
        let next = try form.convertedClause { clause, _ in clause.lowerBound > 0 }
        #expect(next.lowerBound == first.upperBound)
        ibus.stop()
    }

    /// The candidate window goes where the caret is: ibus's own panel shows its Hanja candidates
    /// (F9) with their top left at the bottom of the caret, in screen coordinates, and the spot
    /// the window sent says the same in window coordinates.
    @Test @MainActor func theCandidateWindowOpensAtTheCaret() throws {
        let (form, ibus) = try Self.hangulForm(panel: true)
        try form.xdotool("type", "--delay", "20", "12")
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "--delay", "20", "345" + "gks")
        let session = try form.session(events: ["type:12", "Tab", "type:345", "preedit:한"])
        let caret = try #require(session.inputMethodSpot)
        let origin = try form.windowOrigin()
        let shown = "ibus focused \(Int(caret.minX)),\(Int(caret.maxY)) composing " + LiveForm.codePoints("한")
        let state = try form.inputMethodState { $0 == shown }
        #expect(state == shown)
        try form.xdotool("key", "F9")
        // The panel may map its window where it last stood before moving it to the spot: wait for
        // it at the caret (a wrong spot never gets there, and the wait says where it was).
        let atCaret = { (window: Rect) in abs(window.x - (origin.x + caret.minX)) <= 2 && abs(window.y - (origin.y + caret.maxY)) <= 2 }
        let candidates = try form.visibleWindow(wmClass: "ibus-ui-gtk3") { $0.width > 20 && $0.height > 20 && atCaret($0) }
        #expect(atCaret(candidates), "candidates at \(candidates), caret at \(caret) in a window at \(origin)")
        ibus.stop()
    }

    /// The spot follows the caret after every key and every scroll: as libpinyin composes 你好
    /// key by key in a field the form scrolled to, and after the wheel scrolled it back up, the
    /// spot the window sent is the caret it draws for the composition shown then (ibus-x11
    /// puts its caret after the composition). ibus's own panel moves its candidate window to a
    /// new spot only when the window changes size (docs/input-methods.md), so the candidates
    /// themselves may stand at the spot of a key earlier, as for any ibus client.
    @Test @MainActor func theSpotFollowsEveryKeyAndScroll() throws {
        let fields = (0..<8).map { #"{"id": "f\#($0)", "type": "text", "label": "F\#($0)"}"# }.joined(separator: ", ")
        let tall = #"{"title": "Tall", "size": {"width": 400, "height": 200}, "fields": [\#(fields)]}"#
        let (form, ibus) = try Self.form(typingThrough: .ibus(engine: "libpinyin"), form: tall)
        // To f5, below the fold: the form scrolls to show it, and the wheel can scroll it back.
        let first = try form.inputMethodState()
        try form.xdotool("key", "Tab", "Tab", "Tab", "Tab", "Tab")
        var before = try form.inputMethodState { $0 != first && $0.contains(" focused ") }
        var scrolled = 0.0
        func expectTheSpotAtTheCaret(_ step: String) throws {
            let state = try form.inputMethodState { $0 != before && $0.contains(" composing ") }
            before = state
            let text = String(String.UnicodeScalarView(state.split(separator: " ").drop { $0 != "composing" }.dropFirst()
                .compactMap { UInt32($0.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }))
            let session = try form.session(events: Array(repeating: "Tab", count: 5) + ["preedit:" + text])
            session.handle(.scroll(dx: 0, dy: scrolled))
            let caret = try #require(session.inputMethodSpot)
            let spot = "ibus focused \(Int(caret.minX)),\(Int(caret.maxY)) composing "
            #expect(try form.inputMethodState { $0.hasPrefix(spot) }.hasPrefix(spot), "after \(step)")
        }
        for key in ["n", "i", "h", "a", "o"] {
            try form.xdotool("type", key)
            try expectTheSpotAtTheCaret(key)
        }
        form.driver.click(x: 200, y: 100, button: 4)
        form.driver.sync()
        scrolled = -48  // a notch, FormWindow.scrollStep
        try expectTheSpotAtTheCaret("a wheel notch up")
        ibus.stop()
    }

    /// An input method that stops answering never freezes the window: what it showed is
    /// committed, and what was typed meanwhile is typed without it.
    @Test @MainActor func aHungInputMethodIsLeftBehind() throws {
        let (form, ibus) = try Self.hangulForm()
        let server = try Self.compose(in: form, thenSend: SIGSTOP, toTheServerOf: ibus)
        defer { kill(server, SIGCONT) }
        try form.xdotool("type", "--delay", "20", "abc")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["a"] as? String == "한abc")
        ibus.stop()
    }

    /// One that dies is left behind at once, and used again when it is back.
    @Test @MainActor func aDeadInputMethodIsLeftBehindAndFoundAgain() throws {
        let (form, ibus) = try Self.hangulForm()
        try Self.compose(in: form, thenSend: SIGKILL, toTheServerOf: ibus)
        _ = try form.inputMethodState { $0.hasPrefix("ibus gone") }
        try form.xdotool("type", "--delay", "20", "abc")
        try ibus.restart()
        _ = try form.inputMethodState { $0.hasPrefix("ibus focused") }
        try form.compose("rmf", into: "글")
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["a"] as? String == "한abc글 ")
        ibus.stop()
    }

    /// Types 한, then sends `signal` to the input method's XIM server, and returns its process id.
    @discardableResult
    @MainActor static func compose(in form: LiveForm, thenSend signal: Int32, toTheServerOf inputMethod: PrivateInputMethod) throws -> pid_t {
        try form.compose("gks", into: "한")
        let server = try #require(inputMethod.processes(named: inputMethod.framework.ximServerProgram).first)
        kill(server, signal)
        return server
    }

    /// uim's XIM server (uim-xim, Anthy on with Shift+Space) drops every character it sends an
    /// xcb-imdkit client (`InputMethod.unusable`): with `@im=uim` the window types without it, as
    /// with no input method, so nothing typed is lost, and never connects.
    @Test @MainActor func uimIsTypedWithout() throws {
        let framework = PrivateInputMethod.Framework.uim(inputMethod: "anthy")
        if let missing = framework.missing { try Test.cancel("uim cannot run here: \(missing)") }
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let uim = try PrivateInputMethod(display: server.displayName, framework: framework, timeout: patience)
        let form = try LiveForm(arguments: ["--field", "Name"], server: server, environment: uim.clientEnvironment)
        try form.xdotool("key", "shift+space")
        try form.xdotool("type", "--delay", "20", "nihongo")
        #expect(try memoryMap(of: form.process.processIdentifier).contains("libxcb-imdkit.so") == false)
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["name"] as? String == " nihongo")
        uim.stop()
    }

    /// XMODIFIERS names ibus but none runs: typing, and dead keys through xkbcommon's compose,
    /// work as without it.
    @Test @MainActor func withNoInputMethodRunningTypingFallsBackSilently() throws {
        let form = try LiveForm(layout: "de", arguments: ["--field", "Name"], environment: ["XMODIFIERS": "@im=ibus"])
        try form.xdotool("type", "--delay", "5", "Jos")
        try form.xdotool("key", "dead_acute", "e", "ctrl+Return")
        #expect(try form.submittedValues()["name"] as? String == "José")
        #expect(try form.inputMethodState() == nil)
    }

    /// xcb-imdkit is loaded when XMODIFIERS names an input method, running or not, and never for
    /// a window without one: a capability costs nothing unused (issue #22).
    @Test(arguments: [("", false), ("@im=none", false), ("@im=ibus", true)])
    @MainActor func xcbIMDKitIsLoadedOnlyForAnInputMethod(modifiers: String, loaded: Bool) throws {
        let form = try LiveForm(arguments: ["--field", "Name"], environment: ["XMODIFIERS": modifiers])
        // Mapped: the window made its input method before it mapped itself.
        #expect(try memoryMap(of: form.process.processIdentifier).contains("libxcb-imdkit.so") == loaded)
    }
}

/// The same through fcitx5 (the framework whose XIM library the window uses) and its Hangul
/// input method, drawing its composition in the window (its "Use On The Spot Style").
@Suite("fcitx5 in the window under Xvfb", .serialized) struct Fcitx5WindowTests {
    @MainActor static func hangulForm() throws -> (LiveForm, PrivateInputMethod) {
        try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: "hangul"))
    }

    @Test(arguments: InputMethodWindowTests.keysGivenBack)
    @MainActor func aKeyGivenBackActsAfterTheCommit(key: String, a: String?, b: String?) throws {
        let (form, fcitx) = try Self.hangulForm()
        try InputMethodWindowTests.expectGivenBack(key, in: form, a: a, b: b)
        fcitx.stop()
    }

    @Test @MainActor func theNextFieldsTextLandsInTheNextField() throws {
        let (form, fcitx) = try Self.hangulForm()
        try InputMethodWindowTests.expectTabThenSubmit(in: form)
        fcitx.stop()
    }

    @Test(arguments: [true, false])
    @MainActor func keysTypedAcrossTabLandInTheNextField(waiting: Bool) throws {
        let (form, fcitx) = try Self.hangulForm()
        try InputMethodWindowTests.expectTypedAcrossTab(in: form, waiting: waiting)
        fcitx.stop()
    }

    /// In fcitx5's own window a composition is fcitx5's alone, and told focus left it drops it
    /// (docs/input-methods.md): a click into another field keeps its focus and moves the spot,
    /// so 한, still composed in fcitx5's window, follows the caret to b and is committed there
    /// by the next syllable: nothing typed is lost.
    @Test @MainActor func aClickInFcitxsOwnWindowTakesTheCompositionAlong() throws {
        let (form, fcitx) = try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: "hangul", onTheSpot: false))
        let b = try #require(try form.session().controlFrame(of: "b"))
        try form.xdotool("type", "--delay", "20", "gks")
        let inA = try form.inputMethodState()
        // The click waits in the window until fcitx5 has answered the keys typed before it.
        form.driver.click(x: b.midX, y: b.midY)
        form.driver.sync()
        try form.inputMethodState { $0.contains(" focused ") && $0 != inA }
        try form.xdotool("type", "--delay", "20", "rmf ")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["a"] as? String == "")
        #expect(values["b"] as? String == "한글 ")
        fcitx.stop()
    }

    /// The same in fcitx5's own window (over the spot), where the window never sees the
    /// composition: every key in one burst.
    @Test @MainActor func keysTypedAcrossTabLandInTheNextFieldInItsOwnWindow() throws {
        let (form, fcitx) = try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: "hangul", onTheSpot: false))
        try InputMethodWindowTests.expectTypedAcrossTab(in: form, waiting: false)
        fcitx.stop()
    }

    @Test @MainActor func returnInATextAreaBreaksTheLineAfterTheSyllable() throws {
        let (form, fcitx) = try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: "hangul"), form: InputMethodWindowTests.notes)
        try InputMethodWindowTests.expectLineBreak(in: form)
        fcitx.stop()
    }

    @Test @MainActor func aCompositionInATokenFieldSurvivesBackSpace() throws {
        let (form, fcitx) = try Self.hangulForm()
        try InputMethodWindowTests.expectTokens(in: form)
        fcitx.stop()
    }

    @Test @MainActor func aClickElsewhereCommitsWhatIsShown() throws {
        let (form, fcitx) = try Self.hangulForm()
        try InputMethodWindowTests.expectAClickToCommit(in: form)
        fcitx.stop()
    }

    /// fcitx5 hung or killed mid-composition: the window goes on without it, and 한 is kept.
    @Test(arguments: [SIGSTOP, SIGKILL])
    @MainActor func anInputMethodThatHangsOrDiesIsLeftBehind(signal: Int32) throws {
        let (form, fcitx) = try Self.hangulForm()
        let server = try InputMethodWindowTests.compose(in: form, thenSend: signal, toTheServerOf: fcitx)
        defer { kill(server, SIGCONT) }
        // Typed at once: keys sent to it and not answered are typed without it once it is gone.
        try form.xdotool("type", "--delay", "20", "abc")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["a"] as? String == "한abc")
        fcitx.stop()
    }

    /// As fcitx5 ships (its composition in a window of its own, on-the-spot off) the window never
    /// sees the composition, and keys still land where they are typed: the Tab that ends 한 moves
    /// on after its commit. The window shows nothing of the composition: after Tab the test looks
    /// for the caret in b, as a person does before typing on.
    @Test @MainActor func fcitxsOwnWindowTypesWhereTheKeysGo() throws {
        let (form, fcitx) = try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: "hangul", onTheSpot: false))
        try form.xdotool("type", "--delay", "20", "gks")
        let inA = try form.inputMethodState()
        try form.xdotool("key", "Tab")
        try form.inputMethodState { $0.contains(" focused ") && $0 != inA }
        try form.xdotool("type", "--delay", "20", "rmf")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["a"] as? String == "한")
        #expect(values["b"] as? String == "글")
        fcitx.stop()
    }
}

extension LiveForm {
    /// Types `keys` and waits until the input method shows `syllable` composed at the caret.
    func compose(_ keys: String, into syllable: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try xdotool("type", "--delay", "20", keys)
        try inputMethodState({ $0.hasSuffix(" composing " + Self.codePoints(syllable)) }, sourceLocation: sourceLocation)
    }

    /// Presses `key`, which ends the composition, and waits until none is shown and the caret
    /// has moved: the key, given back after the commit, acted (typed a space, moved on).
    func commitComposition(with key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let spot = { (state: String) in state.split(separator: " ").dropFirst(2).first }
        let before = try inputMethodState().flatMap(spot)
        try xdotool("key", key)
        try inputMethodState({ $0.contains(" focused ") && !$0.contains(" composing ") && spot($0) != before }, sourceLocation: sourceLocation)
    }

    /// Waits until field a shows its composition (the one `_KEYFORM_INPUT_METHOD` names) with one
    /// clause converted and the rest not, as the session draws it, for a clause `wanted` accepts
    /// (given the composition's length in Characters); returns that clause.
    func convertedClause(sourceLocation: SourceLocation = #_sourceLocation, _ wanted: (Range<Int>, Int) -> Bool) throws -> Range<Int> {
        var found: Range<Int>?, state = ""
        var drawings: [(clause: Range<Int>, pixels: [UInt32])] = []
        let field = try #require(try session().controlFrame(of: "a"), sourceLocation: sourceLocation).insetBy(dx: 3, dy: 3)
        func inside(_ surface: CairoSurface) -> [UInt32] {
            let (width, _) = surface.imageSize, pixels = surface.argbPixels
            return (Int(field.minY)..<Int(field.maxY)).flatMap { y in (Int(field.minX)..<Int(field.maxX)).map { pixels[y * width + $0] } }
        }
        let held = try waitUntil("field a to show a clause converted (\(state))", sourceLocation: sourceLocation) {
            let now = try inputMethodState() ?? ""
            if now != state {
                // The composition and the spot (its caret) it names, drawn with each clause converted.
                state = now
                let words = now.split(separator: " ")
                let text = String(String.UnicodeScalarView(words.drop { $0 != "composing" }.dropFirst()
                    .compactMap { UInt32($0.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }))
                let spot = words.count > 2 ? words[2] : ""
                drawings = []
                for caret in 0...text.count {
                    let session = try self.session()
                    session.handle(.preedit(text, caret: caret))
                    guard let at = session.inputMethodSpot, spot == "\(Int(at.minX)),\(Int(at.maxY))" else { continue }
                    for start in 0..<text.count {
                        for end in start + 1...text.count where wanted(start..<end, text.count) {
                            session.handle(.preedit(text, caret: caret, segments: [PreeditSegment(0..<start), PreeditSegment(start..<end, converted: true),
                                                                               PreeditSegment(end..<text.count)]))
                            let image = CairoSurface.image(width: Int(session.viewport.width), height: Int(session.viewport.height))
                            let whole = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
                            CairoRenderer().render(session.displayList(in: whole), in: CairoContext(image), clip: nil)
                            drawings.append((start..<end, inside(image)))
                        }
                    }
                }
            }
            let shot = inside(try driver.screenshot(window: window))
            found = drawings.first { GoldenImage.difference($0.pixels, shot).count == 0 }?.clause
            return found != nil
        }
        try #require(held, sourceLocation: sourceLocation)
        return try #require(found, sourceLocation: sourceLocation)
    }

    /// How `_KEYFORM_INPUT_METHOD` spells a composition: `U+D55C`.
    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// The window's `_KEYFORM_INPUT_METHOD` (what it last told its input method), nil when unset.
    func inputMethodState() throws -> String? {
        let run = try runProgram("/usr/bin/xprop", ["-display", server.displayName, "-id", String(window), "_KEYFORM_INPUT_METHOD"])
        guard run.status == 0, let quote = run.stdout.firstIndex(of: "\"") else { return nil }
        return String(run.stdout[run.stdout.index(after: quote)...].dropLast(2))
    }

    /// Waits until the window's `_KEYFORM_INPUT_METHOD` satisfies `condition`, and returns it.
    @discardableResult
    func inputMethodState(_ condition: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var state: String?
        let held = try waitUntil("_KEYFORM_INPUT_METHOD to change (it is \(state ?? "unset"))", sourceLocation: sourceLocation) {
            state = try inputMethodState()
            return state.map(condition) ?? false
        }
        try #require(held, sourceLocation: sourceLocation)
        return state ?? ""
    }

    /// A session on the form the window shows, after `events`, to ask where things are drawn.
    func session(events: [String] = []) throws -> FormSession {
        let path = try #require(process.arguments?.firstIndex(of: "--form").map { process.arguments![$0 + 1] })
        var runner = ReplayRunner(session: FormSession(form: try FormFile.parse([UInt8](FileManager.default.contents(atPath: path)!), fileName: path),
                                                       measurer: PangoTextMeasurer()), keys: NoKeys())
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        return runner.session
    }

    /// Where the window is on the screen.
    func windowOrigin() throws -> Point {
        let run = try runProgram("/usr/bin/xwininfo", ["-display", server.displayName, "-id", String(window)])
        func value(_ label: String) -> Double? {
            run.stdout.split(separator: "\n").first { $0.contains(label) }?.split(separator: ":").last
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
        return Point(x: try #require(value("Absolute upper-left X")), y: try #require(value("Absolute upper-left Y")))
    }

    /// Waits for a viewable top-level window of class `wmClass` whose frame satisfies `condition`.
    func visibleWindow(wmClass: String, _ condition: (Rect) -> Bool) throws -> Rect {
        var found: Rect?, seen: [Substring] = []
        _ = try waitUntil("a \(wmClass) window to show (there are \(seen))") {
            let run = try runProgram("/usr/bin/xwininfo", ["-display", server.displayName, "-root", "-children"])
            seen = run.stdout.split(separator: "\n").filter { $0.contains("(\"\(wmClass)\"") }
            found = seen.compactMap { line -> Rect? in
                // 0x60000f "ibus-ui-gtk3": ("ibus-ui-gtk3" "Ibus-ui-gtk3")  159x258+67+96  +67+96
                let fields = line.split(separator: " ").map(String.init)
                guard let geometry = fields.last(where: { $0.contains("x") && $0.contains("+") }) else { return nil }
                let parts = geometry.split(whereSeparator: { "x+".contains($0) }).compactMap { Double($0) }
                guard parts.count == 4 else { return nil }
                let rect = Rect(x: parts[2], y: parts[3], width: parts[0], height: parts[1])
                return condition(rect) && isViewable(line) ? rect : nil
            }.first
            return found != nil
        }
        return try #require(found)
    }

    private func isViewable(_ line: Substring) -> Bool {
        guard let id = line.split(separator: " ").first.map(String.init),
              let run = try? runProgram("/usr/bin/xwininfo", ["-display", server.displayName, "-id", id]) else { return false }
        return run.stdout.contains("IsViewable")
    }
}

/// Replay with no key events: `LiveForm.session` only places fields and types text.
struct NoKeys: KeyResolving {
    func press(keysymName: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        if keysymName == "Tab" { return KeyPress(key: .tab) }
        throw ReplayError("no keys here")
    }

    func press(physicalKey: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress { throw ReplayError("no keys here") }
}
