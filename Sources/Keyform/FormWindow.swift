import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformLauncher
import KeyformX11

/// A form in an X11 window, the same window `keyform --form` opens: run it, and get what the
/// person submitted, or `.cancelled`.
///
/// From async code, `await run()` suspends the caller without holding the main actor: while the
/// window is open, other main-actor work runs (tasks, timers, `MainActor.run` from background
/// tasks), and may change the form through `session` or close it with `close()`; the change is
/// drawn at once. Cancelling the awaiting task closes the window as a cancel. Each window is its
/// own connection and session, so several may be open at once.
///
/// ```swift
/// switch try await FormWindow(form).run() {
/// case .submitted(let values): print(values.serialized)
/// case .cancelled: exit(1)
/// }
/// ```
@MainActor
public final class FormWindow {
    /// The session the window drives: read it, or change the form, while the window is open
    /// (from key commands, hooks, or any main-actor code).
    public let session: FormSession
    /// The X window this one is a dialog for (`WM_TRANSIENT_FOR`, as `keyform --attach`): kept
    /// above it, and with `isModal`, holding its input. Set before `run`.
    public var parent: UInt32?
    /// The parent takes no input while this window is open (`_NET_WM_STATE_MODAL`, `--modal`).
    public var isModal = false
    /// Hears of problems that do not end the form (a paste that never came); by default they go
    /// to standard error.
    public var report: @MainActor (String) -> Void = { message in
        let line = Array("keyform: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// A window for `form`.
    public convenience init(_ form: Form) throws(SessionError) {
        try self.init(session: FormSession(form))
    }

    /// A window driving `session`, as it stands (focus and values kept).
    public init(session: FormSession) {
        self.session = session
    }

    /// Shows the window on `display` (nil: `$DISPLAY`) and runs until the form is submitted or
    /// cancelled, or the window is closed (`.cancelled`), holding the thread meanwhile. Throws
    /// when there is no display, or when the display or the window goes away; `session.values`
    /// still holds what was typed.
    public func run(display: String? = nil) throws(WindowError) -> FormResult {
        do {
            let connection = try connect(display)
            return try WindowLauncher.run(session.core, layouts: session.layouts, on: connection, manners: manners, scaleSettings: scaleSettings, theme: .auto,
                                          report: reportOnMainActor)
        } catch { throw WindowError(error) }
    }

    /// `run(display:)` from async code: suspends the caller until the form ends, and lets other
    /// main-actor work run meanwhile. A cancelled task closes the window and returns `.cancelled`.
    public func run(display: String? = nil) async throws(WindowError) -> FormResult {
        let window: KeyformX11.FormWindow
        do {
            window = try WindowLauncher.open(session.core, layouts: session.layouts, on: try connect(display), manners: manners, scaleSettings: scaleSettings,
                                             theme: .auto, report: reportOnMainActor)
        } catch { throw WindowError(error) }
        // A change the app makes to the session while the window waits ends the wait, to be drawn.
        let waker = WindowWaker()
        session.changed = { waker.wake() }
        defer { session.changed = {} }
        do { return try await window.run(wakingWith: waker) } catch { throw WindowError(error) }
    }

    /// `run(display:)`, the submitted values read into the app's own type
    /// (`FormSession.values(as:)`), or nil when the form was cancelled.
    public func run<T: Decodable>(display: String? = nil, decoding type: T.Type) async throws -> T? {
        guard case .submitted = try await run(display: display) else { return nil }
        return try session.values(as: type)
    }

    /// Closes the window as a cancel (`shouldCancel` is not asked): `run` returns `.cancelled`.
    public func close() { session.close() }

    /// `report` for the window, which tells it of problems from its own events, on the main actor.
    private var reportOnMainActor: (String) -> Void {
        { [report] message in MainActor.assumeIsolated { report(message) } }
    }

    private var manners: WindowManners { WindowManners(parent: parent, modal: isModal) }

    /// The scale follows what `keyform` follows: the toolkits' variables, then the desktop's settings.
    private var scaleSettings: ScaleSettings { ScaleSettings(environment: ScaleSettings.environment(from: Environment.value)) }

    private func connect(_ display: String?) throws -> XConnection {
        // The window's clock from here on: the session's timers run on it.
        session.core.advanceClock(to: MonotonicClock.now())
        let connection = try XConnection(displayName: display)
        StartupTimeline.mark("connected")
        return connection
    }
}

/// Why a window could not be shown or could not go on.
public enum WindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No display to connect to: `$DISPLAY` unset, or the name tried.
    case cannotOpenDisplay(String)
    /// The X server went away while the window was open.
    case connectionLost
    /// Another client destroyed the window.
    case windowDestroyed
    /// The server refused what the window needs, in words that name it.
    case failed(String)

    init(_ error: any Error) {
        switch error as? X11Error {
        case .cannotOpenDisplay(let name): self = .cannotOpenDisplay(name)
        case .connectionLost: self = .connectionLost
        case .windowDestroyed: self = .windowDestroyed
        default: self = .failed("\(error)")
        }
    }

    /// What went wrong, as `keyform` says it.
    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name): X11Error.cannotOpenDisplay(name).description
        case .connectionLost: X11Error.connectionLost.description
        case .windowDestroyed: X11Error.windowDestroyed.description
        case .failed(let message): message
        }
    }
}
