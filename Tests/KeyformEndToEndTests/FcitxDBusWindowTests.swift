import Foundation
import KeyformAutomation
import KeyformCore
import Testing

/// fcitx5 as a desktop runs it for GTK and Qt: the form on fcitx5's session bus, where the window
/// speaks fcitx5's own D-Bus protocol, not XIM, and draws the composition itself. fcitx5's XIM
/// option is left as it ships (on-the-spot off): over D-Bus it does not matter. The same keys as
/// over XIM (`Fcitx5WindowTests`), and what XIM cannot do for fcitx5 as it ships: a click or a
/// Tab into another field commits the composition in the field it was typed in.
@Suite("fcitx5 over D-Bus in the window under Xvfb", .serialized) struct FcitxDBusWindowTests {
    @MainActor static func form(_ inputMethod: String = "hangul", form text: String = InputMethodWindowTests.form) throws
        -> (LiveForm, PrivateInputMethod) {
        try InputMethodWindowTests.form(typingThrough: .fcitx5(inputMethod: inputMethod, onTheSpot: false), form: text, onItsBus: true)
    }

    @Test(arguments: InputMethodWindowTests.keysGivenBack)
    @MainActor func aKeyGivenBackActsAfterTheCommit(key: String, a: String?, b: String?) throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.expectGivenBack(key, in: form, a: a, b: b)
        fcitx.stop()
    }

    @Test @MainActor func theNextFieldsTextLandsInTheNextField() throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.expectTabThenSubmit(in: form)
        fcitx.stop()
    }

    @Test(arguments: [true, false])
    @MainActor func keysTypedAcrossTabLandInTheNextField(waiting: Bool) throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.expectTypedAcrossTab(in: form, waiting: waiting)
        fcitx.stop()
    }

    @Test @MainActor func returnInATextAreaBreaksTheLineAfterTheSyllable() throws {
        let (form, fcitx) = try Self.form(form: InputMethodWindowTests.notes)
        try InputMethodWindowTests.expectLineBreak(in: form)
        fcitx.stop()
    }

    @Test @MainActor func aCompositionInATokenFieldSurvivesBackSpace() throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.expectTokens(in: form)
        fcitx.stop()
    }

    /// 한, composed in a, is committed in a by the click into b (over XIM with fcitx5 as it ships
    /// it follows the caret into b: `aClickInFcitxsOwnWindowTakesTheCompositionAlong`).
    @Test @MainActor func aClickElsewhereCommitsWhatIsShown() throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.expectAClickToCommit(in: form)
        fcitx.stop()
    }

    /// Pinyin's composition (its letters, `ni hao`) is committed in a by a click into b, and
    /// what is typed in b after it is b's.
    @Test @MainActor func aClickCommitsPinyinInTheFieldItWasTypedIn() throws {
        let (form, fcitx) = try Self.form("pinyin")
        let b = try #require(try form.session().controlFrame(of: "b"))
        try form.compose("nihao", into: "ni hao")
        let inA = try form.inputMethodState()
        form.driver.click(x: b.midX, y: b.midY)
        form.driver.sync()
        try form.inputMethodState { $0.contains(" focused ") && !$0.contains(" composing ") && $0 != inA }
        try form.compose("zaijian", into: "zai jian")
        try form.xdotool("key", "space")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["a"] as? String == "ni hao")
        #expect(values["b"] as? String == "再见")
        fcitx.stop()
    }

    /// fcitx5 places its candidate window at the caret the window sends it (`SetCursorRect`, in
    /// screen coordinates: the window moved first), in the field Tab moved to, after the keys
    /// that composed there.
    @Test @MainActor func theCandidateWindowOpensAtTheCaret() throws {
        let (form, fcitx) = try Self.form("pinyin")
        try form.xdotool("windowmove", String(form.window), "100", "50")
        let before = try form.inputMethodState()
        try form.xdotool("key", "Tab")
        _ = try form.inputMethodState { $0.contains(" focused ") && $0 != before }
        try form.compose("nihao", into: "ni hao")
        // Pinyin puts its caret before the composition (fcitx5-chinese-addons 5.0.16,
        // im/pinyin/pinyin.cpp, `preeditCursorPositionAtBeginning`).
        let caret = try #require(try form.session(events: ["Tab", "preedit:ni hao:0"]).inputMethodSpot)
        let origin = try form.windowOrigin()
        #expect(origin != Point(x: 0, y: 0))
        let atCaret = { (window: Rect) in abs(window.x - (origin.x + caret.minX)) <= 2 && abs(window.y - (origin.y + caret.maxY)) <= 2 }
        let candidates = try form.visibleWindow(wmClass: "fcitx") { $0.width > 20 && atCaret($0) }
        #expect(atCaret(candidates), "candidates at \(candidates), caret at \(caret) in a window at \(origin)")
        fcitx.stop()
    }

    /// fcitx5 on the bus with its D-Bus frontend turned off makes no input context: the window
    /// types through its XIM server, as though it were not on the bus.
    @Test @MainActor func fcitxWithoutItsDBusFrontendIsReachedOverXIM() throws {
        let framework = PrivateInputMethod.Framework.fcitx5(inputMethod: "hangul", disabled: ["dbusfrontend"])
        if let missing = framework.missing { try Test.cancel("fcitx5 cannot run here: \(missing)") }
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let fcitx = try PrivateInputMethod(display: server.displayName, framework: framework, timeout: patience)
        let form = try LiveForm(arguments: ["--field", "Name"], server: server, environment: fcitx.clientEnvironment)
        try form.inputMethodState { $0.hasPrefix("fcitx focused") }
        try form.compose("gks", into: "한")
        // The frontend is off indeed: the window has no context on the bus.
        #expect(try fcitx.hasFocusedInputContext(for: "keyform") == false)
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["name"] as? String == "한 ")
        fcitx.stop()
    }

    /// fcitx5 stopped or killed mid-composition: the window goes on without it once the key it
    /// was asked about goes unanswered (or at once, killed), and 한 is kept.
    @Test(arguments: [SIGSTOP, SIGKILL])
    @MainActor func fcitxThatHangsOrDiesIsLeftBehind(signal: Int32) throws {
        let (form, fcitx) = try Self.form()
        let server = try InputMethodWindowTests.compose(in: form, thenSend: signal, toTheServerOf: fcitx)
        defer { kill(server, SIGCONT) }
        try form.xdotool("type", "--delay", "20", "abc")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["a"] as? String == "한abc")
        fcitx.stop()
    }

    /// Killed, it is left behind at once, and used again when it is back on the bus.
    @Test @MainActor func fcitxThatDiesIsFoundAgain() throws {
        let (form, fcitx) = try Self.form()
        try InputMethodWindowTests.compose(in: form, thenSend: SIGKILL, toTheServerOf: fcitx)
        _ = try form.inputMethodState { $0.hasPrefix("fcitx gone") }
        try form.xdotool("type", "--delay", "20", "abc")
        try fcitx.restart()
        _ = try form.inputMethodState { $0.hasPrefix("fcitx focused") }
        try form.compose("rmf", into: "글")
        try form.commitComposition(with: "space")
        try form.xdotool("key", "ctrl+Return")
        let a = try form.submittedValues()["a"] as? String
        #expect(a == "한abc글 ")
        fcitx.stop()
    }
}
