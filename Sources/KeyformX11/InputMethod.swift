import CXCB
import CXCBOnDemand
import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformGLib

/// The input method `XMODIFIERS` names (ibus, fcitx5, uim…), reached through XIM with
/// xcb-imdkit. Owns the `xcb_xim_t`: `init` creates it and starts connecting, `deinit` closes and
/// destroys it. Nothing here waits for the input method: its messages arrive as X events and are
/// read with the rest, so a server that hangs or dies never freezes the window.
///
/// While a writable text field is edited in the focused window, key events go to the input method
/// first (`forward`); what it gives back (keys it did not want, its composition, its commits)
/// leaves as `Output`, which the window hands to the session in order. With no input context (none
/// named, none running, not connected yet, or gone quiet) `forward` declines and keys take the
/// xkbcommon path as before.
@MainActor
final class InputMethod {
    /// The `xcb_xim_t *`, valid for the life of this object; it talks over `x`'s connection.
    private let xim: OpaquePointer
    /// xcb-imdkit, loaded with the first input method (`keyform_xim_load`).
    private let imdkit: UnsafePointer<keyform_xim_library>
    private let window: xcb_window_t
    /// The name after `@im=`, for messages.
    let name: String
    /// The input context, 0 while there is none.
    private var context: xcb_xic_t = 0
    private var styleIndex = 0
    /// What the input method was last told: where focus is, and the spot.
    private var told = Told.nothing
    private var spot: xcb_point_t?
    /// The key events it asked for (XIM_SET_EVENT_MASK); X's KeyPress and KeyRelease by default.
    private var forwardMask = UInt32(XCB_EVENT_MASK_KEY_PRESS.rawValue | XCB_EVENT_MASK_KEY_RELEASE.rawValue)
    private var preedit = PreeditDraft()
    /// Keys sent and not given back, oldest first (see `forward`).
    private var sent: [SentKey] = []
    /// When the first key sent since the input method last said anything was sent.
    private var awaitingSince: Double?
    private var probed = false
    /// When connecting starts over if no context has come by then, and the wait it was given.
    private var reconnect: (at: Double, wait: Double)?
    /// Keys were sent since the input method last caught up (`catchUp`).
    private(set) var hasKeysInFlight = false
    /// A question is on its way whose answer says the input method has handled every key sent
    /// before it.
    private(set) var isCatchingUp = false
    private var settleUntil: Double?
    private var settleLimit = 0.0
    /// Keys it gave back while its composition was shown, until the commit that ended it.
    private var held: [Output] = []
    private var holdUntil: Double?
    /// Text the form committed itself (a click ended the composition): the input method's own
    /// commit of it, if it sends one, is dropped.
    private var echo: String?
    private var output: [Output] = []
    /// `KEYFORM_XIM_TRACE=1`: what goes to the input method and what comes back, on standard
    /// error, for finding out why one misbehaves.
    private static let tracing = Environment.value("KEYFORM_XIM_TRACE") != nil

    private func trace(_ line: @autoclosure () -> String) {
        guard Self.tracing else { return }
        let text = "xim \(Int(MonotonicClock.now()) % 100_000): \(line())\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// A request with a reply is on its way; what comes after it waits in `requests`.
    private var replyPending = false
    private var requests: [Request] = []
    private var status: InputMethodStatus

    /// Starts connecting to the input method `XMODIFIERS` names; nil when it names none
    /// (`@im=none` included), so a window without one pays nothing.
    init?(connection: XConnection, window: xcb_window_t, modifiers: String?) {
        guard let name = modifiers.flatMap(Self.name(in:)), let imdkit = keyform_xim_load(),
              let xim = imdkit.pointee.xcb_xim_create(connection.connection, connection.screenNumber, "@im=" + name) else { return nil }
        self.xim = xim
        self.imdkit = imdkit
        self.window = window
        self.name = name
        status = InputMethodStatus(connection: connection, window: window, name: name)
        imdkit.pointee.xcb_xim_set_use_compound_text(xim, true)
        imdkit.pointee.xcb_xim_set_use_utf8_string(xim, true)
        var callbacks = xcb_xim_im_callback()
        callbacks.set_event_mask = { _, _, mask, _, user in InputMethod.with(user) { $0.forwardMask = mask; $0.heard() } }
        callbacks.forward_event = { _, _, event, user in
            guard let event else { return }
            let copy = event.pointee
            InputMethod.with(user) { $0.givenBack(copy) }
        }
        callbacks.commit_string = { im, _, _, text, length, _, _, user in
            guard let im, let text else { return }
            let committed = XIMText.decode(im, text, Int(length))
            InputMethod.with(user) { $0.committed(committed) }
        }
        callbacks.preedit_start = { _, _, user in InputMethod.with(user) { $0.heard() } }
        callbacks.preedit_draw = { im, _, frame, user in
            guard let im, let frame else { return }
            let change = frame.pointee
            let text = change.status & 1 != 0 || change.preedit_string == nil ? ""
                : XIMText.decode(im, UnsafeRawPointer(change.preedit_string!).assumingMemoryBound(to: CChar.self), Int(change.length_of_preedit_string))
            let feedback = change.status & 2 != 0 ? [] : Array(UnsafeBufferPointer(start: change.feedback_array.items, count: Int(change.feedback_array.size)))
            InputMethod.with(user) { $0.drawn(PreeditDraft.Change(first: Int(change.chg_first), length: Int(change.chg_length), text: text, feedback: feedback, caret: Int(change.caret))) }
        }
        callbacks.preedit_caret = { _, _, frame, user in
            guard let frame else { return }
            // Only XIMAbsolutePosition (10) says where; the relative moves are the server's to make.
            let (position, absolute) = (Int(frame.pointee.position), frame.pointee.direction == 10)
            InputMethod.with(user) { $0.caretMoved(to: absolute ? position : nil) }
        }
        callbacks.preedit_done = { _, _, user in InputMethod.with(user) { $0.drawn(nil) } }
        callbacks.sync = { _, _, user in InputMethod.with(user) { $0.heard() } }
        callbacks.geometry = { _, _, user in InputMethod.with(user) { $0.heard() } }
        callbacks.disconnected = { _, user in InputMethod.with(user) { $0.lost("it went away") } }
        imdkit.pointee.xcb_xim_set_im_callback(xim, &callbacks, Unmanaged.passUnretained(self).toOpaque())
        open()
    }

    /// The input method `XMODIFIERS` names (`@im=ibus` → ibus), as Xlib reads it; nil for none,
    /// and for one the window cannot type through (`unusable`).
    nonisolated static func name(in modifiers: String) -> String? {
        let named = modifiers.split(separator: "@").first { $0.hasPrefix("im=") }.map { String($0.dropFirst(3)) }
        return named.flatMap { $0.isEmpty || $0 == "none" || unusable.contains($0) ? nil : $0 }
    }

    /// XIM servers that lose text with xcb-imdkit, which the window types without, as with none
    /// named. uim-xim (1.8.8) converts what it sends to the encoding the client names, taking
    /// xcb-imdkit's `UTF8_STRING` for a character set: every character fails to convert and is
    /// dropped (Xlib names `UTF-8`, the locale's); offered compound text alone, it crashes.
    nonisolated static let unusable: Set<String> = ["uim"]

    // The last reference goes on the main thread, as every use does.
    deinit {
        onMainThread {
            imdkit.pointee.xcb_xim_close(xim)
            imdkit.pointee.xcb_xim_destroy(xim)
        }
    }

    /// Runs a C callback's work on the object its user data points to; callbacks come from
    /// `xcb_xim_filter_event` and the requests we send, on the main actor.
    private nonisolated static func with(_ user: UnsafeMutableRawPointer?, _ body: @MainActor (InputMethod) -> Void) {
        guard let user else { return }
        // A main-actor class is Sendable: taking it out first leaves the closure no raw pointer.
        let inputMethod = Unmanaged<InputMethod>.fromOpaque(user).takeUnretainedValue()
        onMainThread { body(inputMethod) }
    }

    /// Connects now and again whenever the root window's XIM_SERVERS changes (a server starting
    /// after us, or again after it died).
    private func open(wait: Double = firstConnectWait) {
        trace("connecting")
        reconnect = (MonotonicClock.now() + wait, wait)
        let user = Unmanaged.passUnretained(self).toOpaque()
        _ = imdkit.pointee.xcb_xim_open(xim, { im, user in InputMethod.with(user) { $0.opened() } }, true, user)
    }

    private func opened() {
        styleIndex = 0
        createContext()
    }

    private func createContext() {
        let user = Unmanaged.passUnretained(self).toOpaque()
        let sent = keyform_xim_create_ic(imdkit, xim, { _, context, user in InputMethod.with(user) { $0.created(context) } }, user,
                                         Self.styles[styleIndex], window, spot ?? xcb_point_t(x: 0, y: 0))
        if !sent { created(0) }
    }

    private func created(_ newContext: xcb_xic_t) {
        heard()
        guard newContext == 0 else {
            reconnect = nil
            context = newContext
            told = .nothing
            spot = nil
            return
        }
        // A server that refuses on-the-spot may take a style it draws itself.
        styleIndex += 1
        if styleIndex < Self.styles.count { createContext() } else { reconnect = nil }
    }

    /// Whether the input method gets keys now: connected, with a context, and told it has focus.
    var isActive: Bool {
        if context != 0, case .focused = told { return true }
        return false
    }

    /// Gives an X event to xcb-imdkit (its own ClientMessages, SelectionNotify and
    /// PropertyNotify); true if the event was the input method's.
    func filter(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> Bool {
        imdkit.pointee.xcb_xim_filter_event(xim, event)
    }

    /// Sends a key event to the input method first; false if it takes no keys now (the key then
    /// goes the local way).
    func forward(_ event: xcb_key_press_event_t) -> Bool {
        let mask = (event.response_type & 0x7f) == XCB_KEY_PRESS ? XCB_EVENT_MASK_KEY_PRESS : XCB_EVENT_MASK_KEY_RELEASE
        guard isActive, forwardMask & mask.rawValue != 0 else { return false }
        submit(.key(event))
        let now = MonotonicClock.now()
        if awaitingSince == nil { awaitingSince = now }
        hasKeysInFlight = true
        // Keys it took are never given back: the list keeps the last 64 of the last few seconds.
        sent.append(SentKey(event: event, time: now))
        if sent.count > 64 || now - sent[0].time > Self.hangTimeout * 2 { sent.removeAll { now - $0.time > Self.hangTimeout * 2 } }
        if sent.count > 64 { sent.removeFirst(sent.count - 64) }
        return true
    }

    /// Asks a question the input method answers after every key sent before it (servers handle
    /// requests in order): the window holds input until the answer, or until the input method is
    /// taken for gone.
    func catchUp() {
        isCatchingUp = true
        if awaitingSince == nil { awaitingSince = MonotonicClock.now() }
        submit(.probe(catchUp: true))
    }

    private func answered(catchUp: Bool) {
        if catchUp {
            // ibus answers at once and sends what the keys did a moment later (its XIM server
            // passes the engine's signals on from its main loop): caught up once it is quiet too.
            settleUntil = MonotonicClock.now() + Self.settleTime
            settleLimit = MonotonicClock.now() + Self.settleLimit
        }
        replied()
    }

    /// Done catching up: the input held for it goes.
    private func caughtUp() {
        trace("caught up")
        settleUntil = nil
        isCatchingUp = false
        hasKeysInFlight = false
    }

    /// Tells the input method something, after whatever waits. xcb-imdkit (1.0.4) sends a request
    /// with a reply, then keeps everything after it, keys too, until the next request is made,
    /// not until the reply: the last key typed after a spot location would wait for the next key.
    /// So no request goes to xcb-imdkit while one with a reply is on its way; what comes meanwhile
    /// waits here, and goes when the reply comes.
    private func submit(_ request: Request) {
        trace("\(replyPending ? "queue" : "send") \(request)")
        guard !replyPending else {
            // Only the last spot counts.
            if case .spot = request { requests.removeAll { if case .spot = $0 { true } else { false } } }
            return requests.append(request)
        }
        switch request {
        case .key(var event):
            _ = imdkit.pointee.xcb_xim_forward_event(xim, context, &event)
        case .focus(let focused):
            _ = focused ? imdkit.pointee.xcb_xim_set_ic_focus(xim, context) : imdkit.pointee.xcb_xim_unset_ic_focus(xim, context)
        case .spot(let point):
            let user = Unmanaged.passUnretained(self).toOpaque()
            replyPending = keyform_xim_set_spot(imdkit, xim, context, point, { _, _, user in InputMethod.with(user) { $0.replied() } }, user)
        case .probe(let catchUp):
            let user = Unmanaged.passUnretained(self).toOpaque()
            let answer: xcb_xim_get_ic_values_callback = catchUp
                ? { _, _, _, user in InputMethod.with(user) { $0.answered(catchUp: true) } }
                : { _, _, _, user in InputMethod.with(user) { $0.answered(catchUp: false) } }
            replyPending = keyform_xim_probe(imdkit, xim, context, answer, user)
            if !replyPending && catchUp { caughtUp() }
        }
        if replyPending && awaitingSince == nil { awaitingSince = MonotonicClock.now() }
    }

    /// The reply came: what waited goes, up to the next request with a reply. A reply is heard
    /// like any message: else the wait for an answer would run on from the request (a spot
    /// sent as a field took focus), and the first key typed after it would get less than its time.
    private func replied() {
        trace("reply")
        heard()
        guard replyPending else { return }
        replyPending = false
        while !replyPending, !requests.isEmpty { submit(requests.removeFirst()) }
    }

    /// What the input method did since the last call, in order.
    func takeOutput() -> [Output] {
        defer { output = [] }
        return output
    }

    /// The form ended the composition itself and committed `text`: the input method drops its
    /// own, and a commit of the same text that it sends for it is ignored.
    func compositionEnded(_ text: String) {
        guard context != 0, case .focused = told else { return }
        echo = text
        preedit = PreeditDraft()
        // Focus out and in again, which every framework takes for the end of a composition (ibus
        // commits it, which `echo` drops): XIM_RESET_IC's reply would hold up the keys after it
        // and xcb-imdkit cannot say when it came.
        submit(.focus(false))
        submit(.focus(true))
    }

    /// After each batch of events: tells the input method where focus is (`field`: the text field
    /// taking its text, nil for none or an inactive window) and where the caret is, in window
    /// coordinates, when either changed.
    ///
    /// From one field to another its focus stays, and only the spot moves: one input context
    /// serves the window, and the keys typed after the Tab that moved on may be composing already
    /// (told focus left, fcitx5 drops their composition). A composition the window shows is ended
    /// by the window (`compositionEnded`).
    func update(field: String?, caret: Rect?) {
        guard context != 0 else { return }
        let now = field.map(Told.focused) ?? .unfocused
        if now != told {
            let wasFocused = if case .focused = told { true } else { false }
            if wasFocused && field == nil { submit(.focus(false)) }
            if !wasFocused && field != nil { submit(.focus(true)) }
            told = now
            spot = nil
            if field == nil { status.unfocused() }
        }
        guard field != nil, let caret else { return }
        // Below the caret, as Xlib clients send the baseline: the candidates open under the line.
        let point = xcb_point_t(x: Int16(clamping: Int(caret.minX.rounded())), y: Int16(clamping: Int(caret.maxY.rounded())))
        guard spot.map({ $0.x != point.x || $0.y != point.y }) ?? true else { return }
        spot = point
        submit(.spot(point))
        publishFocus()
    }

    /// `ibus focused X,Y composing …` (`InputMethodStatus`).
    private func publishFocus() {
        guard let spot, case .focused = told else { return }
        status.focused(at: spot, composing: preedit.shown.text)
    }

    /// Forces the spot to be sent again: the window moved, and the server keeps it in screen
    /// coordinates.
    func windowMoved() { spot = nil }

    // MARK: Time

    /// When `tick` or `checkAnswering` next has something to do, or nil.
    var nextDeadline: Double? {
        MonotonicClock.earliest(holdUntil, settleUntil, reconnect?.at, awaitingSince.map { $0 + (probed ? Self.hangTimeout : Self.probeDelay) })
    }

    /// Releases held keys whose commit did not come.
    func tick(now: Double) {
        if let holdUntil, now >= holdUntil { releaseHeld() }
        if let settleUntil, now >= settleUntil { caughtUp() }
    }

    /// Starts connecting over when no input context came in time; asks a quiet input method
    /// whether it is there, and gives up on one that does not answer. Called once the window
    /// has read every event that had come: an answer that arrived while the window was not
    /// running (a busy machine) is an answer, not a silence.
    func checkAnswering(now: Double) {
        if let reconnect, now >= reconnect.at {
            self.reconnect = nil
            if context == 0 && reconnect.wait < Self.lastConnectWait {
                trace("no context after \(Int(reconnect.wait)) ms")
                imdkit.pointee.xcb_xim_close(xim)
                open(wait: reconnect.wait * 2)
            }
        }
        guard let since = awaitingSince else { return }
        if !probed && now >= since + Self.probeDelay {
            probed = true
            submit(.probe(catchUp: false))
        } else if now >= since + Self.hangTimeout {
            lost("no answer for \(Int(Self.hangTimeout / 1000)) s")
            imdkit.pointee.xcb_xim_close(xim)
            open()
        }
    }

    // MARK: What the input method says

    /// Any message: the input method is there, and has read every key sent before it.
    private func heard() {
        awaitingSince = nil
        probed = false
        if let settleUntil { self.settleUntil = min(max(settleUntil, MonotonicClock.now() + Self.settleTime), settleLimit) }
    }

    private func givenBack(_ event: xcb_key_press_event_t) {
        heard()
        // The key sent with this time; an engine that commits first, then sends the key on itself
        // (ibus-hangul), sends it with no time, and after keys sent later (their releases): the
        // last of that key sent.
        let same = { (sent: SentKey) in sent.event.detail == event.detail && sent.event.response_type & 0x7f == event.response_type & 0x7f }
        let index = event.time == 0 ? sent.lastIndex(where: same) : sent.firstIndex { same($0) && $0.event.time == event.time }
        // A key given back is the form's, as with no input method: the Tab or Return that ended a
        // syllable (the Hangul engines commit it, then give the key back) moves on or submits.
        let press = Int32(event.response_type & 0x7f) == XCB_KEY_PRESS
        trace("given back \(press ? "press" : "release") \(event.detail) time \(event.time)\(index == nil ? " (not sent)" : "")")
        if press { echo = nil }
        if let index { sent.remove(at: index) }
        let key = Output.key(event)
        // A press given back while the composition is shown waits for the commit, so that it acts
        // after it (a space typed after the syllable); what follows it waits behind it.
        if preedit.isEmpty {
            releaseHeld()
            return output.append(key)
        }
        guard !held.isEmpty || press else { return output.append(key) }
        held.append(key)
        if holdUntil == nil { holdUntil = MonotonicClock.now() + Self.holdLimit }
    }

    private func committed(_ text: String) {
        heard()
        trace("commit \"\(text)\"\(echo == text ? " (echo, dropped)" : "")")
        if let echo, echo == text { return }
        echo = nil
        output.append(.commit(text))
        releaseHeld()
    }

    /// A change to the composition, or its end (nil).
    private func drawn(_ change: PreeditDraft.Change?) {
        heard()
        trace("preedit \(change.map { "\($0.first)+\($0.length) \"\($0.text)\" feedback \($0.feedback) caret \($0.caret)" } ?? "done")")
        guard let change else {
            guard !preedit.isEmpty else { return }
            preedit = PreeditDraft()
            return show()
        }
        if !change.text.isEmpty { echo = nil }
        // A new composition after an emptied one: no commit is coming for the keys held.
        if preedit.isEmpty && !change.text.isEmpty { releaseHeld() }
        preedit.apply(change)
        show()
    }

    private func caretMoved(to position: Int?) {
        heard()
        guard let position else { return }
        preedit.caret = position
        show()
    }

    private func show() {
        let (text, caret, segments) = preedit.shown
        output.append(.preedit(text, caret: caret, segments: segments))
        publishFocus()
        // Keys it gave back wait for the commit that usually follows an emptied composition.
        if preedit.isEmpty && !held.isEmpty { holdUntil = MonotonicClock.now() + Self.holdLimit / 2 }
    }

    private func releaseHeld() {
        output += held
        held = []
        holdUntil = nil
    }

    /// The input method went away or stopped answering: what it showed is committed (nothing
    /// typed is lost), the keys it kept are typed the local way, and keys go that way until it is
    /// back, silently, as with no input method (`_KEYFORM_INPUT_METHOD` says it is gone).
    private func lost(_ why: String) {
        trace("lost: \(why)")
        if !preedit.isEmpty { output.append(.commit(preedit.shown.text)) }
        releaseHeld()
        let since = awaitingSince ?? .infinity
        output += sent.filter { $0.time >= since }.map { .key($0.event) }
        status.gone(why)
        sent = []
        preedit = PreeditDraft()
        context = 0
        told = .nothing
        spot = nil
        echo = nil
        isCatchingUp = false
        hasKeysInFlight = false
        settleUntil = nil
        replyPending = false
        requests = []
        heard()
    }
}
