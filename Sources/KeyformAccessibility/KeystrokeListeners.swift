import CGio
import KeyformGLib

/// The keystroke listeners the AT-SPI registry has (Orca registers one per modifier mask), kept
/// as at-spi2-atk keeps them: asked for once (`GetKeystrokeListeners`), then followed through the
/// registry's `KeystrokeListenerRegistered` / `Deregistered` signals, and dropped with the
/// process that registered them or with the registry. While there is one, each key is offered
/// to the registry (`NotifyListenersSync`) before the form acts on it; while there is none,
/// nothing is sent.
@MainActor
final class KeystrokeListeners {
    static let registry = "org.a11y.atspi.Registry"
    static let controllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"
    static let controllerInterface = "org.a11y.atspi.DeviceEventController"
    /// The registry's listener signals carry this interface, not the controller's.
    static let listenerInterface = "org.a11y.atspi.DeviceEventListener"
    /// One listener as the registry describes it.
    static let listenerType = "(souua(iisi)u(bbb))"
    /// How long a key waits for the registry: after that it goes to the form as if no listener
    /// took it. at-spi2-atk waits 500 ms (`send_and_allow_reentry`); Orca on a busy machine
    /// answered later than that, and its own KP_Enter then moved focus in the form.
    static let patience: Int32 = 1000

    private let connection: DBusConnection
    /// Each listener (bus name, path, mask, event types) with how many times it is registered.
    private var registered: [Listener: Int] = [:]
    /// A key timed out, and the registry is being asked whether it still answers (a ping, as
    /// patient as a key): the keys after it wait for the answer here, in order.
    private var askingAfterTimeout: [@MainActor () -> Void]?
    /// The registry did not answer that ping either: until it answers one, keys go straight to
    /// the form, so a hung registry costs two waits, not one per key. A registry that answers
    /// (it is only slow: it waits up to 3 s for a busy Orca, serving other calls meanwhile) keeps
    /// being offered every key, so Orca still hears each one; it went without the burst typed
    /// after one slow answer when a single timeout sent keys straight to the form.
    private var stalled = false

    struct Listener: Hashable {
        var busName: String, path: String, mask: UInt32, types: UInt32
    }

    init(connection: DBusConnection) {
        self.connection = connection
        for (member, registering) in [("KeystrokeListenerRegistered", true), ("KeystrokeListenerDeregistered", false)] {
            connection.subscribe(sender: Self.registry, path: Self.controllerPath, interface: Self.listenerInterface, member: member) {
                [weak self] arguments in
                guard let listener = arguments.read(0, Self.listenerType, Self.listener) else { return }
                self?.change(listener, registering: registering)
            }
        }
        // A reader that dies deregisters nothing: its listeners go with its name.
        connection.subscribe(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                             member: "NameOwnerChanged") { [weak self] arguments in
            guard let self, arguments.string(2).isEmpty else { return }
            let gone = arguments.string(0)
            registered = registered.filter { $0.key.busName != gone }
        }
        connection.watch(name: Self.registry) { [weak self] running in
            guard let self else { return }
            registered = [:]
            stalled = false
            answerAsking()
            if running { askForListeners() }
        }
    }

    /// Whether a key is to be offered to the registry now.
    var wantKeys: Bool { !registered.isEmpty && !stalled }

    /// Offers a key to the registry; `answer` gets whether a listener consumed it, once: false
    /// when the registry refuses, is gone, or has not answered within `patience`. After a key
    /// that timed out, the next waits (at most `patience` more) to learn whether the registry
    /// still answers, and is offered if it does.
    func offer(_ event: DBusValue, answer: @escaping @MainActor (Bool) -> Void) {
        if askingAfterTimeout != nil {
            askingAfterTimeout?.append { [weak self] in
                guard let self, wantKeys else { return answer(false) }
                offer(event, answer: answer)
            }
            return
        }
        connection.call(Self.registry, Self.controllerPath, Self.controllerInterface, "NotifyListenersSync", .tuple([event]),
                        autoStart: false, timeout: Self.patience) { [weak self] reply in
            guard let reply else {
                self?.askAfterTimeout()
                return answer(false)
            }
            answer(reply.bool(0))
        }
    }

    private func askAfterTimeout() {
        guard askingAfterTimeout == nil, !stalled else { return }
        askingAfterTimeout = []
        ping(timeout: Self.patience) { [weak self] answered in
            guard let self, askingAfterTimeout != nil else { return }
            if !answered {
                stalled = true
                ping(timeout: -1) { [weak self] _ in self?.stalled = false }
            }
            answerAsking()
        }
    }

    /// The keys that waited to learn whether the registry answers go on, offered or not.
    private func answerAsking() {
        let waiting = askingAfterTimeout ?? []
        askingAfterTimeout = nil
        for next in waiting { next() }
    }

    private func ping(timeout: Int32, then: @escaping @MainActor (Bool) -> Void) {
        connection.call(Self.registry, Self.controllerPath, "org.freedesktop.DBus.Peer", "Ping", autoStart: false, timeout: timeout) {
            then($0 != nil)
        }
    }

    private func askForListeners() {
        connection.call(Self.registry, Self.controllerPath, Self.controllerInterface, "GetKeystrokeListeners", autoStart: false) {
            [weak self] reply in
            guard let self, let reply else { return }
            let listeners = reply.read(0, "a" + Self.listenerType) { array in
                (0..<g_variant_n_children(array)).compactMap { index -> Listener? in
                    let item = g_variant_get_child_value(array, index)!
                    defer { g_variant_unref(item) }
                    return Self.listener(item)
                }
            } ?? []
            for listener in listeners { change(listener, registering: true) }
        }
    }

    private func change(_ listener: Listener, registering: Bool) {
        let count = (registered[listener] ?? 0) + (registering ? 1 : -1)
        registered[listener] = count > 0 ? count : nil
    }

    /// A `(souua(iisi)u(bbb))`: bus name, path, type, event types, keys, mask, mode.
    private nonisolated static func listener(_ value: OpaquePointer) -> Listener {
        let fields = DBusArguments(tuple: value)
        let path = fields.read(1, "o") { String(cString: g_variant_get_string($0, nil)) } ?? ""
        return Listener(busName: fields.string(0), path: path, mask: fields.uint(5), types: fields.uint(3))
    }
}
