import CGio
import CXCB
import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformGLib

/// fcitx5 through its own D-Bus input context (`org.fcitx.Fcitx.InputContext1`, fcitx5's
/// `src/frontend/dbusfrontend/dbusfrontend.cpp`), as GTK's and Qt's fcitx5 modules reach it:
/// chosen over XIM when the environment names fcitx and fcitx5 is on the session bus
/// (docs/input-methods.md). The window draws the composition (capability `Preedit`), so a click
/// into another field (or a Tab the engine gives back) commits it in the field it was typed in,
/// whatever style fcitx5's XIM frontend is set to.
///
/// Each key event is asked of the input context (`ProcessKeyEvent`) and input waits for its
/// answer (`isCatchingUp`): the commits, composition and forwarded keys it sends while it handles
/// the key come before the answer, and a key it did not handle is the form's, in its turn, before
/// any key after it. Nothing here waits on the bus: GDBus's replies and signals come through a
/// GLib main context of its own, run by the window's loop (`companion`). A fcitx5 that dies, or
/// does not answer a key within `InputMethod.hangTimeout`, is left behind: the composition shown
/// is committed, the key is the form's, and keys go straight to the form until a new input
/// context is made.
@MainActor
final class FcitxInputMethod: InputMethodConnection, WindowCompanion {
    private static let service = "org.fcitx.Fcitx5"
    private static let inputMethodPath = "/org/freedesktop/portal/inputmethod"
    private static let inputMethodInterface = "org.fcitx.Fcitx.InputMethod1"
    private static let contextInterface = "org.fcitx.Fcitx.InputContext1"
    /// `CapabilityFlag::Preedit | FormattedPreedit` (src/lib/fcitx-utils/capabilityflags.h): the
    /// composition is sent to the window, in clauses, and fcitx5 draws only its candidates.
    private static let capability: UInt64 = 1 << 1 | 1 << 4

    private let glib: OpaquePointer
    private let loop: GLibMainLoop
    private var bus: DBusConnection?
    /// The input context's object path, nil while there is none.
    private var path: String?
    /// Counts input contexts: an answer for one that is gone is ignored.
    private var generation = 0
    /// fcitx5 has been on the bus since the window started looking.
    private var seen = false
    /// An input context was made: from then on the window keeps to D-Bus.
    private var hadContext = false
    /// fcitx5 is not on the session bus (or there is none), or made no input context: the window
    /// uses XIM instead.
    private(set) var isUnavailable = false
    private let keysym: @MainActor (xcb_key_press_event_t) -> UInt32
    private let screenOrigin: @MainActor () -> Point
    private var status: InputMethodStatus
    private var told = InputMethod.Told.nothing
    /// The caret last sent (`SetCursorRect`), in window coordinates.
    private var caret: Rect?
    private var preedit = FcitxPreedit()
    /// Keys asked about and not answered yet, oldest first.
    private var pending: [PendingKey] = []
    /// Text the form committed itself (focus moved): fcitx5's own commit of it is dropped.
    private var echo: String?
    private var output: [InputMethod.Output] = []

    private struct PendingKey {
        var event: xcb_key_press_event_t
        var keysym: UInt32
        /// fcitx5 sent it back (`ForwardKey`), and it went to the form then.
        var forwarded = false
        var isRelease: Bool { Int32(event.response_type & 0x7f) == XCB_KEY_RELEASE }
    }

    /// Whether the environment names fcitx as GTK and Qt read it: `GTK_IM_MODULE` or
    /// `QT_IM_MODULE` is `fcitx` (or `fcitx5`), or `XMODIFIERS` is `@im=fcitx`.
    nonisolated static func isNamed(by variable: (String) -> String?) -> Bool {
        let modules = ["GTK_IM_MODULE", "QT_IM_MODULE"].compactMap(variable)
        let names = modules + [variable("XMODIFIERS").flatMap(InputMethod.name(in:))].compactMap { $0 }
        return names.contains { $0 == "fcitx" || $0 == "fcitx5" }
    }

    /// Starts looking for fcitx5 on the session bus when the environment names it; nil when it
    /// does not, or there is no session bus. `keysym` reads a key event as fcitx5 wants it;
    /// `screenOrigin` says where the window is (fcitx5 places its candidates on the screen).
    init?(connection: XConnection, window: xcb_window_t, keysym: @escaping @MainActor (xcb_key_press_event_t) -> UInt32,
          screenOrigin: @escaping @MainActor () -> Point) {
        guard Self.isNamed(by: Environment.value), let address = DBusConnection.sessionBusAddress else { return nil }
        glib = g_main_context_new()
        loop = GLibMainLoop(context: glib)
        self.keysym = keysym
        self.screenOrigin = screenOrigin
        status = InputMethodStatus(connection: connection, window: window, name: "fcitx")
        inOwnContext {
            DBusConnection.open(address) { [weak self] bus in self?.opened(bus) }
        }
    }

    // The last reference goes on the main thread, as every use does.
    deinit {
        onMainThread { g_main_context_unref(glib) }
    }

    /// GDBus calls back in the main context that was the thread's default when a call was made
    /// or a signal subscribed to: this one's own, which the window's loop runs, so that GLib's
    /// default context (the accessibility bridge's) is not touched.
    private func inOwnContext(_ body: () -> Void) {
        g_main_context_push_thread_default(glib)
        body()
        g_main_context_pop_thread_default(glib)
    }

    private func call(_ method: String, _ arguments: DBusValue? = nil, timeout: Int32 = -1,
                      then: @escaping @MainActor (DBusArguments?) -> Void = { _ in }) {
        guard let bus, let path else { return }
        inOwnContext { bus.call(Self.service, path, Self.contextInterface, method, arguments, timeout: timeout, then: then) }
    }

    // MARK: Finding fcitx5

    private func opened(_ bus: DBusConnection?) {
        guard let bus else { isUnavailable = true; return }
        self.bus = bus
        inOwnContext {
            bus.watch(name: Self.service) { [weak self] owned in self?.serviceChanged(owned: owned) }
        }
    }

    /// fcitx5 came onto the bus (at once, if it is there) or left it.
    private func serviceChanged(owned: Bool) {
        if owned {
            seen = true
            createContext()
        } else if seen {
            lost("it went away", lookAgain: false)
        } else {
            isUnavailable = true
        }
    }

    private func createContext() {
        guard let bus else { return }
        generation += 1
        let generation = generation
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "keyform"
        let pairs = [("program", program), ("display", "x11:" + (Environment.value("DISPLAY") ?? ""))]
        let arguments = DBusValue.tuple([.array(itemType: "(ss)", pairs.map { .tuple([.string($0.0), .string($0.1)]) })])
        inOwnContext {
            bus.call(Self.service, Self.inputMethodPath, Self.inputMethodInterface, "CreateInputContext", arguments) { [weak self] reply in
                guard let self, generation == self.generation else { return }
                guard let path = reply?.read(0, "o", { String(cString: g_variant_get_string($0, nil)) }) else {
                    // fcitx5 with its D-Bus frontend turned off (an addon) is on the bus and makes
                    // no input context: XIM, as though it were not there.
                    if !hadContext { isUnavailable = true }
                    return
                }
                created(path, generation: generation)
            }
        }
    }

    /// Its signals are heard while it is the input context (`generation`): a fcitx5 started again
    /// numbers its contexts from the start, and an earlier one's subscription would hear them too.
    private func created(_ path: String, generation: Int) {
        guard let bus else { return }
        self.path = path
        hadContext = true
        told = .nothing
        caret = nil
        let signals: [(String, @MainActor (FcitxInputMethod, DBusArguments) -> Void)] = [
            ("CommitString", { $0.committed($1.string(0)) }),
            ("UpdateFormattedPreedit", { $0.drawn(Self.preedit(from: $1)) }),
            ("ForwardKey", { $0.forwarded(keysym: $1.uint(0), isRelease: $1.bool(2)) }),
        ]
        inOwnContext {
            for (member, handle) in signals {
                bus.subscribe(sender: Self.service, path: path, interface: Self.contextInterface, member: member) { [weak self] arguments in
                    guard let self, self.generation == generation else { return }
                    handle(self, arguments)
                }
            }
        }
        call("SetCapability", .tuple([.uint64(Self.capability)]))
    }

    /// `UpdateFormattedPreedit`'s `a(si)i`.
    private static func preedit(from arguments: DBusArguments) -> FcitxPreedit {
        let pieces = arguments.read(0, "a(si)") { array in
            (0..<g_variant_n_children(array)).map { index -> (text: String, format: Int32) in
                let piece = DBusArguments(tuple: g_variant_get_child_value(array, index))
                defer { g_variant_unref(piece.tuple) }
                return (piece.string(0), Int32(clamping: piece.int(1)))
            }
        } ?? []
        return FcitxPreedit(pieces: pieces, cursor: Int32(clamping: arguments.int(1)))
    }

    // MARK: Keys

    var isCatchingUp: Bool { !pending.isEmpty }
    var hasKeysInFlight: Bool { !pending.isEmpty }
    /// Input already waits for every key asked about.
    func catchUp() {}
    func filter(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> Bool { false }

    func forward(_ event: xcb_key_press_event_t) -> Bool {
        guard path != nil, case .focused = told else { return false }
        let key = PendingKey(event: event, keysym: keysym(event))
        pending.append(key)
        let generation = generation
        call("ProcessKeyEvent", .tuple([.uint32(key.keysym), .uint32(UInt32(event.detail)), .uint32(UInt32(event.state)), .bool(key.isRelease),
                                        .uint32(event.time)]),
             timeout: Int32(InputMethod.hangTimeout)) { [weak self] reply in
            guard let self, generation == self.generation else { return }
            guard let reply else { return lost("no answer to a key", lookAgain: true) }
            answered(handled: reply.bool(0))
        }
        return true
    }

    /// The answer for the oldest key asked about: one fcitx5 did not handle is the form's, now,
    /// after what fcitx5 sent while handling it.
    private func answered(handled: Bool) {
        guard !pending.isEmpty else { return }
        let key = pending.removeFirst()
        if !handled && !key.forwarded { output.append(.key(key.event)) }
    }

    /// A key the engine sends on (`ForwardKey`): the key asked about that it is, the form's now.
    private func forwarded(keysym: UInt32, isRelease: Bool) {
        guard let index = pending.firstIndex(where: { $0.keysym == keysym && $0.isRelease == isRelease && !$0.forwarded }) else { return }
        pending[index].forwarded = true
        output.append(.key(pending[index].event))
    }

    // MARK: What fcitx5 says

    private func committed(_ text: String) {
        if let echo, echo == text {
            self.echo = nil
            return
        }
        echo = nil
        output.append(.commit(text))
    }

    private func drawn(_ new: FcitxPreedit) {
        guard new != preedit else { return }
        if !new.isEmpty { echo = nil }
        preedit = new
        output.append(.preedit(new.text, caret: new.caret ?? new.text.count, segments: new.segments))
        publishFocus()
    }

    func takeOutput() -> [InputMethod.Output] {
        defer { output = [] }
        return output
    }

    /// The form committed what it showed: focus out and in again, which ends fcitx5's
    /// composition (it commits it, as it does for GTK's module on focus out: dropped as `echo`).
    func compositionEnded(_ text: String) {
        guard path != nil, case .focused = told else { return }
        echo = text
        preedit = FcitxPreedit()
        call("FocusOut")
        call("FocusIn")
    }

    /// As XIM's (`InputMethod.update`): one input context serves the window, told focus left only
    /// when no field takes text or the window is inactive; the caret goes to fcitx5 whenever it
    /// moved, in screen coordinates, for its candidate window.
    func update(field: String?, caret newCaret: Rect?) {
        guard path != nil else { return }
        let now = field.map(InputMethod.Told.focused) ?? .unfocused
        if now != told {
            let wasFocused = if case .focused = told { true } else { false }
            if wasFocused && field == nil { call("FocusOut") }
            if !wasFocused && field != nil { call("FocusIn") }
            told = now
            caret = nil
            if field == nil { status.unfocused() }
        }
        guard field != nil, let newCaret, newCaret != caret else { return }
        caret = newCaret
        let origin = screenOrigin()
        call("SetCursorRect", .tuple([.int(Int((origin.x + newCaret.minX).rounded())), .int(Int((origin.y + newCaret.minY).rounded())),
                                      .int(Int(newCaret.width.rounded())), .int(Int(newCaret.height.rounded()))]))
        publishFocus()
    }

    private func publishFocus() {
        guard let caret, case .focused = told else { return }
        status.focused(at: xcb_point_t(x: Int16(clamping: Int(caret.minX.rounded())), y: Int16(clamping: Int(caret.maxY.rounded()))),
                       composing: preedit.text)
    }

    func windowMoved() {
        caret = nil
    }

    /// fcitx5 went away or did not answer: what it showed is committed, the keys it was asked
    /// about are the form's, and keys go straight to the form until a new input context is made
    /// (`lookAgain`: at once, when fcitx5 is still on the bus: it answers when it answers again).
    private func lost(_ why: String, lookAgain: Bool) {
        guard path != nil else { return }
        if !preedit.isEmpty { output.append(.commit(preedit.text)) }
        output += pending.filter { !$0.forwarded }.map { .key($0.event) }
        pending = []
        preedit = FcitxPreedit()
        path = nil
        told = .nothing
        caret = nil
        echo = nil
        generation += 1
        status.gone(why)
        if lookAgain { createContext() }
    }

    // MARK: Time and the loop

    var nextDeadline: Double? { nil }
    func tick(now: Double) {}
    func checkAnswering(now: Double) {}

    var companion: (any WindowCompanion)? { self }
    func prepareToWait() -> (descriptors: [pollfd], timeout: Int32) { loop.prepare() }
    func dispatch(_ polled: [pollfd]) { loop.dispatch(polled) }
    func publish(_ update: SessionUpdate) {}
    /// Nothing to say: fcitx5 drops the input context when the window's connection closes (it
    /// watches its creator's name, `DBusInputContext1`).
    func close() {}
}
