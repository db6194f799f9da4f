import Foundation
import Keyform
import KeyformAutomation
import KeyformX11
import Testing

/// The library's window in Swift concurrency, under a private Xvfb: `await run()` leaves the
/// main actor free while the window is open. The person (XTEST) and the screen (DAMAGE) are
/// played from a detached task, which blocks on its own connection, never on the main actor's.
@Suite("The library's window in Swift concurrency", .serialized) struct AsyncWindowTests {
    /// How long a wait here may take at most, in seconds. The window answers from the main actor,
    /// which the suites running beside this one hold for as long as each of their synchronous
    /// steps takes (under AddressSanitizer on a busy machine, a minute was once not enough): the
    /// bound only ends a window that never answers.
    static let patience = 600.0

    /// No caret that blinks (the checkbox has focus): the only paint after the change is the change.
    @MainActor static func form() throws -> Form {
        try Form(title: "Async") {
            Checkbox("_Remember me", id: "remember")
            Picker("_Plan", id: "plan", options: ["Free"])
        }
    }

    @Test @MainActor func whileTheWindowIsOpenTheMainActorRunsAndItsChangesAreDrawn() async throws {
        let server = try PrivateXServer()
        let display = server.displayName
        let window = try FormWindow(Self.form())
        let session = window.session
        let running = Task { @MainActor in try await window.run(display: display) }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = directory.appendingPathComponent("before.png").path, after = directory.appendingPathComponent("after.png").path
        try await Task.detached {
            let driver = try XTestDriver(displayName: display)
            driver.patience = Self.patience
            let id = try driver.waitForWindow(timeout: Self.patience)
            let watcher = try ScreenWatcher(displayName: display)
            driver.key(0x20)  // Space: the person checks the box
            driver.sync()
            try driver.screenshot(window: id).writePNG(to: before)
            // The paints so far: the server sent them before the window's answer to `sync`.
            while try watcher.next(until: MonotonicClock.now()) != nil {}
            // The app's changes, from a background task through the main actor, with no X event to
            // wake the window. Twice: a timer of the window's own (loading the compose table) may
            // happen to draw the first, but nothing else the second.
            try await MainActor.run {
                #expect(try session.value(of: "remember", as: Bool.self) == true)
                try session.setOptions(["Free", "Team"], of: "plan")
                try session.setValue(.string("Team"), of: "plan")
            }
            #expect(try watcher.firstDamage(timeout: Self.patience * 1000) != nil, "the change was not drawn")
            while try watcher.next(until: MonotonicClock.now()) != nil {}
            try await MainActor.run { try session.setLabel("_Keep me signed in", of: "remember") }
            #expect(try watcher.firstDamage(timeout: Self.patience * 1000) != nil, "the second change was not drawn")
            driver.sync()
            try driver.screenshot(window: id).writePNG(to: after)
        }.value
        #expect(FileManager.default.contents(atPath: before) != FileManager.default.contents(atPath: after))
        session.submit()
        let result = try await running.value
        #expect(result == .submitted(.object([("remember", .bool(true)), ("plan", .string("Team"))])))
    }

    @Test @MainActor func cancellingTheAwaitingTaskClosesTheWindowAsACancel() async throws {
        let server = try PrivateXServer()
        let display = server.displayName
        let window = try FormWindow(Self.form())
        let running = Task { @MainActor in try await window.run(display: display) }
        try await Task.detached { _ = try XTestDriver(displayName: display).waitForWindow(timeout: Self.patience) }.value
        running.cancel()
        let result = try await running.value
        #expect(result == .cancelled)
    }

    /// Many windows open at once all answer: each window's wait runs on a thread of its own, so
    /// none holds one of the global queue's few threads, which also run the main actor's work
    /// after `dispatch_main` (the test runner, an app's async `main`). Waiting on the global
    /// queue, every open window held one; the main actor's work then waited for Dispatch to add
    /// threads, which it does slowly (these 64 windows answered after 33 s on a quiet machine,
    /// and a window test in a loaded full run did not answer its ping within a minute).
    @Test @MainActor func moreWindowsThanDispatchHasThreadsAllAnswer() async throws {
        let server = try PrivateXServer()
        let display = server.displayName
        let windows = try (0..<64).map { _ in try FormWindow(Self.form()) }
        let runs = windows.map { window in Task { @MainActor in try await window.run(display: display) } }
        // The person, on a thread of their own: a blocked Dispatch must not stop the test too.
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Error>) in
            Thread {
                done.resume(with: Result {
                    let driver = try XTestDriver(displayName: display)
                    _ = try driver.waitForWindow(timeout: Self.patience)
                    driver.key(0x20)  // Space: the person checks the box of the window with focus
                    driver.sync()
                    try driver.check()
                })
            }.start()
        }
        let checked = try windows.filter { try $0.session.value(of: "remember", as: Bool.self) == true }
        #expect(checked.count == 1)
        for window in windows { window.close() }
        for run in runs { #expect(try await run.value == .cancelled) }
    }

    @Test @MainActor func twoWindowsRunAtOnceEachWithItsSession() async throws {
        let server = try PrivateXServer()
        let display = server.displayName
        let first = try FormWindow(Self.form()), second = try FormWindow(Self.form())
        let firstRun = Task { @MainActor in try await first.run(display: display) }
        let secondRun = Task { @MainActor in try await second.run(display: display) }
        // Both windows shown: the person's Space goes to the one with focus, and only its session hears it.
        try await Task.detached {
            let driver = try XTestDriver(displayName: display)
            _ = try driver.waitForWindow(timeout: Self.patience)
            driver.key(0x20)
            driver.sync()
        }.value
        let checked = [try first.session.value(of: "remember", as: Bool.self), try second.session.value(of: "remember", as: Bool.self)]
        #expect(checked.sorted { $0 == false && $1 == true } == [false, true])
        first.session.submit()
        second.close()
        let results = (try await firstRun.value, try await secondRun.value)
        #expect(results.0 != .cancelled)
        #expect(results.1 == .cancelled)
    }

    @Test @MainActor func aWindowNamesItsParent() async throws {
        let server = try PrivateXServer()
        let display = server.displayName
        let window = try FormWindow(Self.form())
        window.parent = 0x2a
        window.isModal = true
        let running = Task { @MainActor in try await window.run(display: display) }
        let properties = try await Task.detached {
            let id = try XTestDriver(displayName: display).waitForWindow(timeout: Self.patience)
            let xprop = Process()
            xprop.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
            xprop.arguments = ["-display", display, "-id", String(id), "WM_TRANSIENT_FOR", "_NET_WM_STATE"]
            let output = Pipe()
            xprop.standardOutput = output
            try xprop.run()
            xprop.waitUntilExit()
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }.value
        #expect(properties.contains("WM_TRANSIENT_FOR(WINDOW): window id # 0x2a"), "\(properties)")
        #expect(properties.contains("_NET_WM_STATE(ATOM) = _NET_WM_STATE_MODAL"), "\(properties)")
        window.close()
        let result = try await running.value
        #expect(result == .cancelled)
    }
}
