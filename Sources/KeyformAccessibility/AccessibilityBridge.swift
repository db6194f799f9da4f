import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformGLib

/// The form on the accessibility bus while an assistive technology listens (docs/architecture.md ›
/// Accessibility). With no session bus, nothing happens at all: no GLib call, no thread, no socket.
/// With one, it asks `org.a11y.Status` whether a screen reader is on, and keeps listening for a
/// change; once one is, it connects to the accessibility bus (its address from the `AT_SPI_BUS`
/// root window property when that is a local socket, else from `org.a11y.Bus`), serves the tree
/// there, embeds it in the registry's desktop, and from then on sends the session's events. When
/// the screen reader goes off it leaves the bus again and the session stops working events out.
///
/// The window runs it from its own loop (`prepareToWait`, `dispatch`, `publish`, `close`):
/// everything happens on the main thread, nothing waits on a bus.
@MainActor
public final class AccessibilityBridge {
    private let session: FormSession
    private let screenOrigin: () -> Point
    private let scale: () -> Double
    private let busProperty: () -> String?
    private let report: (String) -> Void
    /// GLib's loop, from the first connection on.
    private var loop: GLibMainLoop?
    private var status: AccessibilityStatus?
    private var bus: DBusConnection?
    private var server: AccessibleServer?
    /// The registry's keystroke listeners, followed while the tree is on the bus.
    private var keystrokes: KeystrokeListeners?
    /// A connection to the accessibility bus is on its way.
    private var connecting = false

    /// `screenOrigin` gives where the window is on the screen; `busProperty` reads the root
    /// window's `AT_SPI_BUS` (nil when it has none).
    /// `scale` is the window's (device pixels per logical unit). `report` hears a problem that
    /// does not stop the form, for standard error.
    public init(session: FormSession, screenOrigin: @escaping () -> Point, scale: @escaping () -> Double = { 1 },
                busProperty: @escaping () -> String?, report: @escaping (String) -> Void = { _ in }) {
        self.session = session
        self.screenOrigin = screenOrigin
        self.scale = scale
        self.busProperty = busProperty
        self.report = report
        // GTK's and Qt's way to keep an application off the bus.
        guard Environment.value("NO_AT_BRIDGE") != "1", let address = DBusConnection.sessionBusAddress else { return }
        loop = GLibMainLoop()
        DBusConnection.open(address) { [weak self] connection in
            guard let self, let connection else { return }
            status = AccessibilityStatus(session: connection) { [weak self] on in on ? self?.connect() : self?.disconnect() }
        }
    }

    /// Whether the tree is on the accessibility bus now.
    public var isServing: Bool { session.accessibilityListening }

    private func connect() {
        guard server == nil, !connecting else { return }
        connecting = true
        if let address = busProperty(), Self.isLocalSocket(address) { return open(address) }
        status?.busAddress { [weak self] address in
            guard let self else { return }
            guard let address else { connecting = false; return }
            open(address)
        }
    }

    /// Whether a bus address is one local socket (`unix:path=…` or `unix:abstract=…`, with
    /// at most a `guid`), as the bus launcher writes into `AT_SPI_BUS`. Any X client can write that
    /// property: another transport (`tcp:`, `nonce-tcp:…,noncefile=…`, which reads a file and
    /// sends it on), another key, or a list of addresses is not taken, and the session bus's
    /// `org.a11y.Bus` is asked instead.
    static func isLocalSocket(_ address: String) -> Bool {
        guard address.hasPrefix("unix:"), !address.contains(";") else { return false }
        let pairs = address.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false).map { $0.split(separator: "=", maxSplits: 1) }
        guard pairs.allSatisfy({ $0.count == 2 && !$0[1].isEmpty }) else { return false }
        let keys = pairs.map { String($0[0]) }
        let sockets = keys.filter { $0 == "path" || $0 == "abstract" }
        return sockets.count == 1 && keys.allSatisfy { $0 == "path" || $0 == "abstract" || $0 == "guid" } && keys.count == Set(keys).count
    }

    private func open(_ address: String) {
        DBusConnection.open(address) { [weak self] connection in
            guard let self else { return }
            connecting = false
            // The screen reader may have gone while the connection was on its way.
            guard let connection, status?.isEnabled == true,
                  let server = AccessibleServer(connection: connection, session: session, screenOrigin: screenOrigin, scale: scale,
                                                report: report) else { return }
            bus = connection
            self.server = server
            keystrokes = KeystrokeListeners(connection: connection)
            server.embed { [weak self] embedded in
                guard let self, embedded, self.server === server else { return }
                session.accessibilityListening = true
                announceWindow()
            }
        }
    }

    /// A reader that arrives after the window opened hears it as if it had just been activated:
    /// the window, then where focus is.
    private func announceWindow() {
        guard let server, session.accessibleNode(.window)?.states.contains(.active) == true else { return }
        server.emit(AccessibleEvent(.window, .windowActivated))
        if let focus = session.accessibleFocus { server.emit(AccessibleEvent(focus, .stateChanged(.focused, true))) }
    }

    private func disconnect() {
        session.accessibilityListening = false
        server?.stop()
        server = nil
        keystrokes?.stop()
        keystrokes = nil
        bus = nil
    }

    // MARK: Keys

    /// Whether a reader listens for keys (Orca does, for its commands and its echo): then each
    /// key is offered to it before the form acts on it, as GTK 3 and Qt offer theirs.
    public var wantKeys: Bool { keystrokes?.wantKeys ?? false }

    /// Offers a key press or release to the registry, as at-spi2-atk does: the keysym, the
    /// keycode, the X core modifier state, the time, and the text it types or else the
    /// keysym's name (`Tab`). `answer` gets, once and within a second, whether a listener
    /// consumed it (then the form never sees it); with the bus gone or slow, false.
    public func offerKey(pressed: Bool, keysym: UInt32, keycode: UInt8, state: UInt16, text: String, keysymName: String,
                         time: UInt32, answer: @escaping @MainActor (Bool) -> Void) {
        guard let keystrokes else { return answer(false) }
        let control = state & 0x4 != 0
        let shown = !text.isEmpty && (control || text.unicodeScalars.first.map(Self.isGraphic) == true) ? text : keysymName
        // AT-SPI's event: type (0 pressed, 1 released), keysym, keycode, modifiers, time, string,
        // and whether the string is text (at-spi2-atk: it starts with a printable character).
        let event = DBusValue.tuple([.uint32(pressed ? 0 : 1), .int32(Int32(bitPattern: keysym)), .int32(Int32(keycode)),
                                     .int32(Int32(state)), .int32(Int32(bitPattern: time)), .string(shown),
                                     .bool(shown.unicodeScalars.first.map { Self.isGraphic($0) || $0 == " " } ?? false)])
        keystrokes.offer(event, answer: answer)
    }

    /// A character that shows something: not a space, not a control character.
    private static func isGraphic(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
            && scalar.properties.generalCategory != .format && scalar.properties.generalCategory != .unassigned
    }

    // MARK: The window's loop

    /// Before the window waits: GLib's descriptors to wait on too, and how long it may wait.
    public func prepareToWait() -> (descriptors: [pollfd], timeout: Int32) {
        loop?.prepare() ?? ([], -1)
    }

    /// After the wait, with what it found on those descriptors: replies, calls and signals run.
    public func dispatch(_ polled: [pollfd]) {
        loop?.dispatch(polled)
    }

    /// After the window handled a batch: the events it caused (`SessionUpdate.accessibleEvents`) go out.
    public func publish(_ update: SessionUpdate) {
        guard let server else { return }
        for event in update.accessibleEvents { server.emit(event) }
    }

    /// The window is closing, its last update published: the answer to the call that may have
    /// closed it (a `press` on Submit, on the bus or a peer's connection) goes out, within half a
    /// second so a hung bus or peer cannot hold the exit.
    public func close() {
        guard let bus, let loop else { return }
        let connections = server?.connections ?? [bus]
        var unflushed = connections.count
        for connection in connections { connection.flush { unflushed -= 1 } }
        loop.run(forAtMost: 500) { unflushed == 0 }
        weak let leaving = server
        disconnect()
        // GDBus lets go of the server it served (the registration's own reference) from the
        // main context, a turn after it is taken off the bus: without that turn it outlives
        // the window, and LeakSanitizer reports it at exit.
        loop.run(forAtMost: 100) { leaving == nil }
    }
}
