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
    /// What the registry is being asked whose answer decides whether keys are offered.
    private var asking: Set<Question> = [.listeners]
    /// The keys that came meanwhile, in order: each is offered or handed back once nothing is asked.
    private var waiting: [@MainActor () -> Void] = []
    /// A key timed out and the registry did not answer the ping after it either: until it answers one, keys go straight to
    /// the form, so a hung registry costs two waits, not one per key. A registry that answers
    /// (it is only slow: it waits up to 3 s for a busy Orca, serving other calls meanwhile) keeps
    /// being offered every key, so Orca still hears each one; it went without the burst typed
    /// after one slow answer when a single timeout sent keys straight to the form.
    private var stalled = false

    enum Question {
        /// Its listeners, asked when the form joins the bus and when the registry (re)starts: a
        /// reader that was there first hears the first keys too, typed before the answer came.
        case listeners
        /// Whether it still answers (a ping, as patient as a key), asked after a key timed out.
        case stillThere
    }

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
            asking.remove(.stillThere)
            if running { askForListeners() } else { answered(.listeners) }
        }
    }

    /// Whether a key is to be offered to the registry now.
    var wantKeys: Bool { (!registered.isEmpty || asking.contains(.listeners)) && !stalled }

    /// Offers a key to the registry; `answer` gets whether a listener consumed it, once: false
    /// when the registry refuses, is gone, or has not answered within `patience`. After a key
    /// that timed out, the next waits (at most `patience` more) to learn whether the registry
    /// still answers, and is offered if it does; a key typed while the listeners are being asked
    /// waits for them the same way.
    func offer(_ event: DBusValue, answer: @escaping @MainActor (Bool) -> Void) {
        if !asking.isEmpty {
            waiting.append { [weak self] in
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
        guard !asking.contains(.stillThere), !stalled else { return }
        asking.insert(.stillThere)
        ping(timeout: Self.patience) { [weak self] answered in
            guard let self, asking.contains(.stillThere) else { return }
            if !answered {
                stalled = true
                ping(timeout: -1) { [weak self] _ in self?.stalled = false }
            }
            self.answered(.stillThere)
        }
    }

    /// The form leaves the bus: the keys still waiting go to the form, none is kept back.
    func stop() {
        registered = [:]
        asking = []
        handOnWaitingKeys()
    }

    /// Once nothing is asked, the keys that waited go on, offered or not.
    private func answered(_ question: Question) {
        asking.remove(question)
        if asking.isEmpty { handOnWaitingKeys() }
    }

    private func handOnWaitingKeys() {
        let keys = waiting
        waiting = []
        for next in keys { next() }
    }

    private func ping(timeout: Int32, then: @escaping @MainActor (Bool) -> Void) {
        connection.call(Self.registry, Self.controllerPath, "org.freedesktop.DBus.Peer", "Ping", autoStart: false, timeout: timeout) {
            then($0 != nil)
        }
    }

    /// Keys wait for the answer at most `patience`; a registry that takes longer is asked again
    /// without keys waiting, and its listeners count from its answer on.
    private func askForListeners(keysWait: Bool = true) {
        if keysWait { asking.insert(.listeners) }
        connection.call(Self.registry, Self.controllerPath, Self.controllerInterface, "GetKeystrokeListeners", autoStart: false,
                        timeout: keysWait ? Self.patience : -1) { [weak self] reply in
            guard let self else { return }
            let listeners = reply?.read(0, "a" + Self.listenerType) { array in
                (0..<g_variant_n_children(array)).compactMap { index -> Listener? in
                    let item = g_variant_get_child_value(array, index)!
                    defer { g_variant_unref(item) }
                    return Self.listener(item)
                }
            }
            for listener in listeners ?? [] { change(listener, registering: true) }
            guard keysWait else { return }
            answered(.listeners)
            if reply == nil { askForListeners(keysWait: false) }
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
