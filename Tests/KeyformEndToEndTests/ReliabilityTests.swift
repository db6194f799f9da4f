import CCairo
import Foundation
import KeyformCairo
import KeyformX11
import Testing

/// The X side going wrong under a form with typed text: the server crashing, freezing, storms of
/// resizes and Exposes, a 1×1 window, the keymap changing between keys. Nothing crashes, nothing
/// typed is lost. (A server stopped with SIGTERM, with and without --draft, is in
/// ScriptWindowTests; a 10 MB paste and selection owners that never answer in ClipboardTests.)
@Suite("X faults under a form", .serialized) struct ReliabilityTests {
    /// `kill -9` on the X server: no goodbye on the socket. Quietly, or while the form is busy with
    /// a thousand resizes and the keys that came with them.
    @Test(arguments: [false, true])
    @MainActor func theServerCrashingEndsTheFormWithExit3AndTheValues(midStorm: Bool) throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        try form.fillEveryTextKind()
        let xvfb = form.server.processID
        if midStorm {
            let client = try FaultClient(display: form.server.displayName)
            let window = try form.windowID()
            for step in 0..<1_000 { client.resize(window, width: UInt32(1 + step % 400), height: UInt32(1 + step % 300)) }
            client.x.flush()
        }
        kill(xvfb, SIGKILL)
        #expect(form.exitStatus() == 3, "\(form.stderr)")
        try form.expectFilledValuesOnStandardError()
    }

    /// Another client destroying the window (`xdotool windowclose` sends DestroyWindow) leaves
    /// nothing to show: the form ends as when the server goes away, exit 3 with the values.
    @Test @MainActor func aWindowDestroyedByAnotherClientEndsTheFormWithExit3AndTheValues() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        try form.fillEveryTextKind()
        try form.xdotool("windowclose", String(try form.windowID()))
        #expect(form.exitStatus() == 3, "\(form.stderr)")
        #expect(form.stderr.hasPrefix("keyform: the window was destroyed by another client; the values entered so far"), "\(form.stderr)")
        try form.expectFilledValuesOnStandardError()
    }

    /// A server that stops answering (SIGSTOP) never holds the form: a session manager's SIGTERM
    /// still ends it, by that signal, with the draft saved.
    @Test @MainActor func aFrozenServerDoesNotKeepTheFormFromSavingAndExiting() throws {
        let draft = try temporaryDirectory().appendingPathComponent("frozen.draft").path
        let form = try ScriptedWindow(["--form", "-", "--draft", draft], stdin: everyTextKindForm)
        try form.fillEveryTextKind()
        let xvfb = form.server.processID
        kill(xvfb, SIGSTOP)
        defer { kill(xvfb, SIGCONT) }
        kill(form.process.processIdentifier, SIGTERM)
        #expect(form.diedBy(SIGTERM), "\(form.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: draft))) as? [String: Any])
        #expect(sameValues(saved, ScriptedWindow.filledValues), "\(saved)")
    }

    /// Shrunk to a single pixel, the form still takes keys and submits them.
    @Test @MainActor func aOneByOneWindowKeepsWorkingAndSubmits() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        let window = try form.windowID()
        try form.xdotool("windowsize", String(window), "1", "1")
        let client = try FaultClient(display: form.server.displayName)
        let size = try client.size(of: window)
        #expect(size.width == 1 && size.height == 1)
        try form.fillEveryTextKind()
        var values = try form.submit()
        #expect(values.removeValue(forKey: "pin") as? String == "s3cret-Pin")
        #expect(sameValues(values, ScriptedWindow.filledValues), "\(values)")
    }

    /// A thousand sizes from 1×1 up, as fast as the server takes them, keys typed all along; back
    /// at its size the window looks exactly as before, and every key arrived.
    @Test @MainActor func aThousandResizesInARowLoseNothing() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        let window = try form.windowID()
        let client = try FaultClient(display: form.server.displayName)
        try form.type("Ada")
        let before = try form.driver.screenshot(window: window)
        let original = try client.size(of: window)
        for step in 0..<1_000 {
            client.resize(window, width: UInt32(1 + step * 37 % 800), height: UInt32(1 + step * 53 % 600))
            if step % 100 == 99 {
                // A key among the resizes: the server has them all before the next hundred.
                client.tap(keycode: Self.qwerty[step / 100 % Self.qwerty.count])
                try client.sync()
            }
        }
        client.resize(window, width: UInt32(original.width), height: UInt32(original.height))
        try client.sync()
        for _ in 0..<10 { try form.xdotool("key", "BackSpace") }  // the ten letters typed during the storm
        try form.xdotool("key", "Page_Up")  // small sizes scrolled the name field into view; back to the top
        try expectSamePixels(form.driver.screenshot(window: window), before)
        #expect(try form.submit()["name"] as? String == "Ada")
    }

    /// Keycodes of Q W E R T Y on the evdev keyboard.
    static let qwerty: [UInt8] = [24, 25, 26, 27, 28, 29]

    /// Covered and uncovered 500 times, unmapped and mapped 50 times, with keys between: every
    /// Expose is answered from the back buffer, so the window ends up exactly as it was.
    @Test @MainActor func exposeStormsLeaveTheWindowIntact() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        let window = try form.windowID()
        try form.fillEveryTextKind()
        let before = try form.driver.screenshot(window: window)
        let client = try FaultClient(display: form.server.displayName)
        let cover = client.coveringWindow()
        for step in 0..<500 {
            client.map(cover)
            client.unmap(cover)
            if step % 10 == 9 {
                client.unmap(window)
                client.map(window)
            }
            if step % 50 == 49 { try client.sync() }
        }
        try client.sync()
        _ = try form.windowID()  // unmapping took the input focus away
        try form.type("!")
        try form.xdotool("key", "BackSpace")
        try expectSamePixels(form.driver.screenshot(window: window), before)
        var values = try form.submit()
        #expect(values.removeValue(forKey: "pin") as? String == "s3cret-Pin")
        #expect(sameValues(values, ScriptedWindow.filledValues), "\(values)")
    }

    /// `setxkbmap` between every two keys: the same physical key (AC01) types what the layout of
    /// that moment puts on it. Each key is seen drawn before the next change: like any X client,
    /// the form reads the keymap when it gets to the change, and a client lagging behind (under a
    /// sanitizer, say) would read a later one.
    @Test @MainActor func aKeymapChangeBetweenKeysAppliesToTheNextKey() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        let window = try form.windowID()
        let client = try FaultClient(display: form.server.displayName)
        let layouts: [(name: String, letter: String)] = [("us", "a"), ("ru", "ф"), ("fr", "q"), ("gr", "α"), ("il", "ש"), ("de", "a")]
        for _ in 0..<3 {
            for layout in layouts {
                let run = try runProgram("/usr/bin/setxkbmap", ["-display", form.server.displayName, layout.name])
                #expect(run.status == 0, "\(run.stderr)")
                let before = try form.driver.screenshot(window: window)
                client.tap(keycode: 38)
                try form.driver.waitForRepaint(of: window, from: before)
            }
        }
        _ = try runProgram("/usr/bin/setxkbmap", ["-display", form.server.displayName, "us"])
        let name = try form.submit()["name"] as? String
        #expect(name == String(repeating: layouts.map(\.letter).joined(), count: 3), "\(name ?? "nil")")
    }
}

/// Expects a screenshot to match an earlier one; if not, keeps both as PNGs and says where.
func expectSamePixels(_ after: CairoSurface, _ before: CairoSurface, sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard !samePixels(after, before) else { return }
    let directory = try temporaryDirectory()
    try before.writePNG(to: directory.appendingPathComponent("before.png").path)
    try after.writePNG(to: directory.appendingPathComponent("after.png").path)
    Issue.record("the window does not look as it did: \(directory.path)/{before,after}.png", sourceLocation: sourceLocation)
}

/// Whether two screenshots have the same size and the same pixels.
func samePixels(_ a: CairoSurface, _ b: CairoSurface) -> Bool {
    a.flush()
    b.flush()
    let (width, height) = (cairo_image_surface_get_width(a.pointer), cairo_image_surface_get_height(a.pointer))
    let stride = Int(cairo_image_surface_get_stride(a.pointer))
    guard width == cairo_image_surface_get_width(b.pointer), height == cairo_image_surface_get_height(b.pointer),
          stride == Int(cairo_image_surface_get_stride(b.pointer)),
          let first = cairo_image_surface_get_data(a.pointer), let second = cairo_image_surface_get_data(b.pointer) else { return false }
    return memcmp(first, second, stride * Int(height)) == 0
}
