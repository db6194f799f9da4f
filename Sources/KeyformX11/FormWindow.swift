import CXCB
import Glibc
import KeyformCairo
import KeyformCore

/// The form on screen: one X window whose events feed a `FormSession` and whose pixels come from
/// the session's display list, painted only where the session says something changed.
@MainActor
public final class FormWindow {
    let session: FormSession
    /// The text layouts the session's measurer shares with the painter; the desktop's font is set here.
    let layouts: TextLayouts
    let x: XConnection
    let window: XWindow
    let keyboard: XKeyboard
    let painter: WindowPainter
    /// The window's size in device pixels; the session's viewport is the same in logical units.
    var width: UInt16
    var height: UInt16
    /// Device pixels per logical unit (`FormWindow+Scale`).
    public internal(set) var scale: DisplayScale
    /// `--scale` and the environment; the desktop's part comes from `desktop`.
    let scaleSettings: ScaleSettings
    /// The desktop's XSETTINGS and X resources, followed while the window is open; nil if the
    /// server refused the requests.
    let desktop: DesktopSettingsWatcher?
    var clicks = ClickCounter()
    /// The last pointer position not yet given to the session: a burst of motion is one event.
    var pendingMotion: Point?
    /// Rectangles the server asked us to redraw since the last paint, each with the sequence
    /// number of the last request it had read from us then (`WindowPainter.paint`).
    var exposed: [(rect: Rect, sequence: UInt32)] = []
    var hasFocus = false
    /// The window manager asked to close the window (WM_DELETE_WINDOW).
    var closeRequested = false
    /// Another client destroyed the window (`xdotool windowclose`, a window manager's kill).
    var destroyed = false
    /// _NET_WM_PING messages of this batch, answered once it is painted.
    var pings: [xcb_client_message_event_t] = []
    /// Tells whoever runs the form of a problem that does not end it (a paste that never came);
    /// the `keyform` command writes it to standard error.
    public var report: (String) -> Void = { _ in }
    /// Saves a draft the session asks for (`--draft`, `FormSession.autosave`): nil when the
    /// values are safe, else why not.
    public var saveDraft: (JSONValue) -> String? = { _ in "nowhere to save the draft" }
    let clipboard: Clipboard
    /// The I-beam and arrow; nil if xcb-cursor cannot load them.
    let cursors: PointerCursors
    /// Pointer events through XInput 2.1 (smooth scrolling), from when the pointer first comes.
    var pointerInput = PointerInput.awaitingPointer
    /// The input method: fcitx5 over D-Bus when the environment names it and it is on the
    /// session bus, else the one `XMODIFIERS` names, over XIM (`FormWindow+InputMethod`); nil
    /// when none is named.
    var inputMethod: (any InputMethodConnection)? { didSet { listCompanions() } }
    /// Input events held until the input method has caught up (`holdsForInputMethod`).
    var deferredInput: [xcb_generic_event_t] = []
    /// Assistive technology offered each key first (the accessibility bridge); set before `run`.
    public var keyListeners: (any KeyListeners)?
    /// Input events waiting behind a key offered to `keyListeners` (`FormWindow+KeyListeners`).
    var heldForKeyListeners: [xcb_generic_event_t] = []
    /// The first of `heldForKeyListeners` is offered, and its answer has not come.
    var keyOffered = false
    /// `_NET_WM_USER_TIME`, from the last key or button press.
    let userTime: UserTime
    /// `--theme`: with `auto`, the palette follows the desktop's theme as it changes.
    let theme: ThemeChoice
    /// GNOME's colour settings, watched from the first time they are read
    /// (`FormWindow+Desktop`); nil until then, and where they cannot be read.
    var gnomeSettings: GnomeSettingsWatcher? { didSet { listCompanions() } }
    var lookedForGnomeSettings = false
    /// Events read into xcb's queue after a pass (while flushing), for the next pass.
    var queued: UnsafeMutablePointer<xcb_generic_event_t>?
    /// The clock at the start of the current pass.
    var turnStarted = 0.0
    /// When the session wants the next pass at the latest, as the last pass's update said.
    var sessionDeadline: Double?
    var painted = false
    var composeLoad = ComposeLoadSchedule()
    /// The open popup's own window, made when the first popup opens (`FormWindow+Popup`).
    var popupWindow: PopupWindow?
    /// Where the window's top-left corner is on the screen (device pixels), as last asked.
    var rootOrigin: Point
    /// The screen's monitors (`Monitors.areas`), asked when the window is first mapped.
    var monitors: [Rect]?
    /// Served by the loop too (the accessibility bus); set before `run`.
    public var companion: (any WindowCompanion)? { didSet { listCompanions() } }
    /// Served by the loop too: what the program feeds the form while it runs (yad's values on
    /// standard input); set before `run`.
    public var feed: (any WindowCompanion)? { didSet { listCompanions() } }
    /// What the loop serves besides the X connection, listed again when one of them changes
    /// (`listCompanions`): each pass of the loop reads it twice, and made anew it was an
    /// allocation each time.
    private var companions: [any WindowCompanion] = []

    private func listCompanions() {
        // Built without closures: a closure made here would be main-actor isolated, and every
        // call of it would check the executor.
        var all: [any WindowCompanion] = []
        if let gnomeSettings { all.append(gnomeSettings) }
        if let inputMethodCompanion = inputMethod?.companion { all.append(inputMethodCompanion) }
        if let companion { all.append(companion) }
        if let feed { all.append(feed) }
        companions = all
    }

    static let eventMask = xcb_event_mask_t(
        XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue
            | XCB_EVENT_MASK_KEY_PRESS.rawValue | XCB_EVENT_MASK_KEY_RELEASE.rawValue
            | XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue
            | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)

    /// Creates the window (not yet mapped) with the session's size, title and minimum size, at
    /// the scale `scaleSettings` (`--scale`, the environment) and the desktop choose, in the
    /// colours of `theme`. `layouts`: the ones the session's measurer was given
    /// (`PangoTextMeasurer(layouts:)`), so the window draws what it measured. `desktop`: the
    /// watcher the session's typeface came from, if the caller read the settings first; else
    /// the window starts its own.
    public convenience init(session: FormSession, layouts: TextLayouts, connection: XConnection, manners: WindowManners = WindowManners(),
                            scaleSettings: ScaleSettings = ScaleSettings(), theme: ThemeChoice = .light,
                            desktop: DesktopSettingsWatcher? = nil) throws {
        try self.init(session: session, layouts: layouts, connection: connection, manners: manners, scaleSettings: scaleSettings,
                      theme: theme, desktop: desktop, groundwork: nil)
    }

    /// `groundwork`: what the window needs from the server, if the caller gathered it first
    /// (`keyform` does, while fontconfig loads), with `desktop` and `scaleSettings`; else the
    /// window gathers it.
    package init(session: FormSession, layouts: TextLayouts, connection: XConnection, manners: WindowManners,
                 scaleSettings: ScaleSettings, theme: ThemeChoice, desktop: DesktopSettingsWatcher?, groundwork: WindowGroundwork?) throws {
        self.session = session
        self.layouts = layouts
        x = connection
        self.theme = theme
        self.desktop = desktop ?? (try? DesktopSettingsWatcher(connection: connection))
        let groundwork = try groundwork ?? WindowGroundwork(connection: connection, desktop: self.desktop, scaleSettings: scaleSettings)
        keyboard = groundwork.keyboard
        self.scaleSettings = scaleSettings
        let scale = groundwork.scale
        self.scale = scale
        if let desktop = self.desktop { Self.measure(session, with: layouts, in: desktop.settings.typeface) }
        session.fitContent(within: scale.logical(Self.screenSize(of: connection)))
        width = Self.pixels(session.viewport.width, at: scale)
        height = Self.pixels(session.viewport.height, at: scale)
        let screen = connection.screen
        // Centred on the screen when asked; else the window manager places it (or the corner, with none).
        let origin = manners.centered ? (x: Int16(clamping: (Int(screen.width_in_pixels) - Int(width)) / 2),
                                         y: Int16(clamping: (Int(screen.height_in_pixels) - Int(height)) / 2)) : (x: Int16(0), y: Int16(0))
        window = XWindow(connection: connection, at: origin, width: width, height: height, eventMask: Self.eventMask)
        // Until the window is mapped and asked where it is: where it asked to be, on the root window.
        rootOrigin = Point(x: Double(origin.x), y: Double(origin.y))
        session.popupScreen = scale.logical(Rect(x: -rootOrigin.x, y: -rootOrigin.y, width: Double(screen.width_in_pixels),
                                                 height: Double(screen.height_in_pixels)))
        let manners = manners.withKeyformIconIfNone
        window.setProperties(title: session.title, minimumSize: Self.deviceSize(session.minimumSize, at: scale), manners: manners, origin: origin)
        painter = WindowPainter(connection: connection, window: window.id, width: width, height: height, scale: scale,
                                layouts: layouts, device: groundwork.cairoDevice)
        clipboard = try Clipboard(connection: connection, window: window.id)
        userTime = try UserTime(connection: connection, toplevel: window.id)
        cursors = PointerCursors(connection: connection, window: window.id)
        inputMethod = chooseInputMethod()
        followDesktopTheme()
        if groundwork.focusIsElsewhere { session.handle(.windowFocus(false)) }
        listCompanions()  // an initializer's own assignments (the input method's) call no `didSet`
        StartupTimeline.mark("window created")
    }

    /// Shows the window and runs until the form is submitted or cancelled, or the window is closed
    /// (`.cancelled`). Throws `X11Error.connectionLost` if the server goes away, and
    /// `.windowDestroyed` if another client destroys the window, `.requestFailed` if the server
    /// could not create it: nothing of it is left to show, and the caller saves what was typed.
    /// It holds the thread (the `keyform` command's loop); `run() async` lets the main actor's
    /// other work run while it waits.
    public func run() throws -> FormResult {
        window.map()
        defer { closeWindow() }
        while true {
            if let result = try turn() { return result }
            let wait = prepareToWait()
            finishWait(wait, polled: wait.eventsQueued ? wait.others.descriptors
                : Self.poll(wait.others.descriptors, connection: x.fileDescriptor, timeout: wait.timeout))
        }
    }

    /// What the window leaves when it goes: its companions closed, the clipboard handed over.
    func closeWindow() {
        for companion in companions { companion.close() }
        _ = popupWindow?.hide()
        window.unmap()
        x.flush()
        // A destroyed window owns no selection any more: there is nothing to hand over.
        if !destroyed { clipboard.handOver() }
    }

    /// One pass of the loop: the session's batch (`FormSession.runBatch`: the events read, the
    /// first read of a batch waiting on nothing, and the requests they made), then its update
    /// shown. Returns how the form ended, or nil while it runs.
    func turn() throws -> FormResult? {
        let now = MonotonicClock.now()
        turnStarted = now
        var host = self
        let update = session.runBatch(at: now, on: &host)
        sessionDeadline = update.nextDeadline
        // Last, however the pass ends: when it ends the form, what a screen reader is told of
        // the press that ended it goes out before the window closes.
        defer { for companion in companions { companion.publish(update) } }
        updateInputMethod()
        try x.checkConnection()
        if destroyed { throw X11Error.windowDestroyed }
        if closeRequested { return .cancelled }
        if let result = update.result { return result }
        if let cursor = update.cursor { cursors.show(cursor) }

        if !exposed.isEmpty { composeLoad.exposureAnswered(at: now) }
        showPopup(update.popup)
        painter.paint(session, repaints: update.repaints, exposed: exposed)
        exposed = []
        for ping in pings { x.answer(ping: ping) }
        pings = []
        x.flush()
        if !painted {
            painted = true
            StartupTimeline.mark("first paint sent")
            try window.confirmCreated()
        }
        return nil
    }

    /// What a pass waits for before the next: the companions' descriptors and the milliseconds
    /// to wait at most (-1: no limit), unless events are already queued.
    struct Wait {
        var companions: [any WindowCompanion]
        var waits: [(descriptors: [pollfd], timeout: Int32)]
        var others: (descriptors: [pollfd], timeout: Int32)
        var timeout: Int32
        var eventsQueued: Bool
    }

    /// After a pass: what to wait on before the next one.
    func prepareToWait() -> Wait {
        let now = turnStarted
        // Flushing can read events into xcb's queue, where poll() cannot see them.
        queued = xcb_poll_for_queued_event(x.connection)
        // On the batch's clock: one read a pass; a due time passed since wakes the loop at once.
        if queued == nil && composeLoad.startsNow(at: now) { keyboard.loadCompose() }
        let companions = self.companions
        var waits: [(descriptors: [pollfd], timeout: Int32)] = []
        for companion in companions { waits.append(companion.prepareToWait()) }
        let others = Self.together(waits)
        let deadline = MonotonicClock.earliest(sessionDeadline, clipboard.nextDeadline, inputMethod?.nextDeadline,
                                               composeLoad.nextDeadline)
        return Wait(companions: companions, waits: waits, others: others, timeout: Self.timeout(until: deadline, others: others.timeout),
                    eventsQueued: queued != nil)
    }

    /// After the wait: each companion its own descriptors back, in the order it gave them.
    func finishWait(_ wait: Wait, polled: [pollfd]) {
        var polled = polled[...]
        for (companion, given) in zip(wait.companions, wait.waits) {
            companion.dispatch(Array(polled.prefix(given.descriptors.count)))
            polled = polled.dropFirst(given.descriptors.count)
        }
    }

    /// The companions' waits as one: their descriptors in order, and the shortest timeout (-1: none).
    /// In one loop: mapped and filtered, each pass of the loop allocated two arrays for it.
    nonisolated static func together(_ waits: [(descriptors: [pollfd], timeout: Int32)]) -> (descriptors: [pollfd], timeout: Int32) {
        var descriptors: [pollfd] = [], timeout: Int32 = -1
        for wait in waits {
            descriptors += wait.descriptors
            if wait.timeout >= 0 { timeout = timeout < 0 ? wait.timeout : min(timeout, wait.timeout) }
        }
        return (descriptors, timeout)
    }

    /// Milliseconds until the session's next `deadline` (forever when it has none) or the
    /// companions' `others` timeout, whichever is first: an idle window uses no CPU.
    nonisolated static func timeout(until deadline: Double?, others: Int32) -> Int32 {
        // Rounded up: waking a fraction early would find nothing due and spin.
        var timeout: Int32 = -1
        if let deadline { timeout = Int32(min(max(0, (deadline - MonotonicClock.now()).rounded(.up)), 3_600_000)) }
        if others >= 0 { timeout = timeout < 0 ? others : min(timeout, others) }
        return timeout
    }

    /// Waits for the connection (or one of `others`, the companions') to become readable, or
    /// for `timeout` milliseconds. Returns `others` with what the wait found on them.
    nonisolated static func poll(_ others: [pollfd], connection: Int32, timeout: Int32) -> [pollfd] {
        // The connection's last, so that dropping it leaves `others` in place, with no copy.
        var descriptors = others
        descriptors.append(pollfd(fd: connection, events: Int16(POLLIN), revents: 0))
        // A signal or the timeout ends the wait the same way: the loop looks again.
        _ = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeout)
        descriptors.removeLast()
        return descriptors
    }

    /// A logical length in whole device pixels, as X wants it.
    static func pixels(_ length: Double, at scale: DisplayScale) -> UInt16 {
        UInt16(clamping: scale.devicePixels(length))
    }

    /// A logical size in device pixels.
    static func deviceSize(_ size: Size, at scale: DisplayScale) -> Size {
        Size(width: Double(pixels(size.width, at: scale)), height: Double(pixels(size.height, at: scale)))
    }
}
