import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformLauncher
import KeyformX11

/// A form in an X11 window, the same window `keyform --form` opens: run it, and get what the
/// person submitted, or `.cancelled`.
///
/// ```swift
/// switch try FormWindow(form).run() {
/// case .submitted(let values): print(values.serialized)
/// case .cancelled: exit(1)
/// }
/// ```
@MainActor
public final class FormWindow {
    /// The session the window drives: read it, or change the form, while the window is open
    /// (from key commands and hooks).
    public let session: FormSession
    /// Hears of problems that do not end the form (a paste that never came); by default they go
    /// to standard error.
    public var report: (String) -> Void = { message in
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
    /// cancelled, or the window is closed (`.cancelled`). Throws when there is no display, or
    /// when the display or the window goes away; `session.values` still holds what was typed.
    public func run(display: String? = nil) throws -> FormResult { try show(display: display) }

    /// `run(display:)` from async code. The window's loop runs on the main actor until the form
    /// ends, so other main-actor work waits for it meanwhile.
    public func run(display: String? = nil) async throws -> FormResult { try show(display: display) }

    private func show(display: String?) throws -> FormResult {
        // The window's clock from here on: the session's timers run on it.
        session.core.advanceClock(to: MonotonicClock.now())
        // The scale follows what `keyform` follows: the toolkits' variables, then the desktop's settings.
        let environment = ScaleSettings.environment(from: Environment.value)
        let connection = try XConnection(displayName: display)
        StartupTimeline.mark("connected")
        return try WindowLauncher.run(session.core, on: connection, scaleSettings: ScaleSettings(environment: environment), theme: .auto,
                                      report: report)
    }
}
