import CGio
import Glibc
import KeyformEnvironment

/// One connection to a D-Bus bus through GDBus: acquired in `open`, released in `deinit`. GDBus
/// reads and writes on a thread of its own, so no call here ever waits on the bus: sending is
/// queued, and replies, method calls and signals come back through the main loop
/// (`GLibMainLoop`). A bus that hangs cannot freeze the window.
@MainActor
package final class DBusConnection {
    package let pointer: OpaquePointer
    /// Signal subscriptions and name watches, undone in `deinit`.
    private var subscriptions: [guint] = []
    private var nameWatches: [guint] = []

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// A connection GDBus made and lends (a peer of a `DBusPeerServer`), kept with a reference of its own.
    package convenience init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.init(pointer)
    }

    // The last reference goes on the main thread, as every use does.
    deinit {
        onMainThread {
            for id in subscriptions { g_dbus_connection_signal_unsubscribe(pointer, id) }
            for id in nameWatches { g_bus_unwatch_name(id) }
            // Closed without waiting; GDBus lets go of it once its thread has.
            g_dbus_connection_close(pointer, nil, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(pointer))
        }
    }

    /// Connects to the bus at `address` (a message bus: it says hello and gets a unique name),
    /// without waiting; `then` gets the connection, or nil when the bus cannot be reached.
    package static func open(_ address: String, then: @escaping @MainActor (DBusConnection?) -> Void) {
        let flags = GDBusConnectionFlags(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
            | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        g_dbus_connection_new_for_address(address, flags, nil, nil, { _, result, data in
            let then = Callback<DBusConnection?>.take(data)
            let made = g_dbus_connection_new_for_address_finish(result, nil)
            let connection = onMainThread { made.map(DBusConnection.init) }
            // Our own connection, not the shared one: a bus that goes away must not end the process.
            if let connection { g_dbus_connection_set_exit_on_close(connection.pointer, 0) }
            then(connection)
        }, Callback(then).retained())
    }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else the user's bus socket in
    /// `XDG_RUNTIME_DIR` when there is one. Never X11 autolaunching, which would start a bus.
    package static var sessionBusAddress: String? {
        if let address = Environment.value("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return address }
        guard let runtime = Environment.value("XDG_RUNTIME_DIR"), access(runtime + "/bus", F_OK) == 0 else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    /// The name the bus gave this connection.
    package var uniqueName: String { g_dbus_connection_get_unique_name(pointer).map { String(cString: $0) } ?? "" }

    /// Calls a method without waiting; `then` gets the reply's arguments, or nil for an error
    /// (no such service, a refusal, no answer within `timeout` milliseconds, -1: GDBus's default).
    package func call(_ destination: String, _ path: String, _ interface: String, _ method: String, _ arguments: DBusValue? = nil,
              autoStart: Bool = true, timeout: Int32 = -1, then: @escaping @MainActor (DBusArguments?) -> Void) {
        let flags = autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
        g_dbus_connection_call(pointer, destination, path, interface, method, arguments?.gVariant(), nil, flags, timeout, nil, { source, result, data in
            let then = Callback<DBusArguments?>.take(data)
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
            then(reply.map(DBusArguments.init))
            if let reply { g_variant_unref(reply) }
        }, Callback(then).retained())
    }

    /// Sends a signal to whoever listens (AT-SPI's events are broadcast).
    package func emit(_ path: String, _ interface: String, _ member: String, _ arguments: DBusValue) {
        g_dbus_connection_emit_signal(pointer, nil, path, interface, member, arguments.gVariant(), nil)
    }

    /// Calls `handler` with the arguments of each matching signal, for the connection's life.
    package func subscribe(sender: String, path: String, interface: String, member: String,
                   _ handler: @escaping @MainActor (DBusArguments) -> Void) {
        let box = Callback(handler)
        subscriptions.append(g_dbus_connection_signal_subscribe(pointer, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE, {
            _, _, _, _, _, parameters, data in
            let handler = Callback<DBusArguments>.peek(data)
            parameters.map { handler(DBusArguments(tuple: $0)) }
        }, box.retained(), { Callback<DBusArguments>.release($0) }))
    }

    /// Calls `handler` with true when `name` gets an owner on the bus (at once if it has one),
    /// and with false when it loses it, for the connection's life.
    package func watch(name: String, _ handler: @escaping @MainActor (Bool) -> Void) {
        let box = Callback(handler)
        nameWatches.append(g_bus_watch_name_on_connection(pointer, name, G_BUS_NAME_WATCHER_FLAGS_NONE, { _, _, _, data in
            let handler = Callback<Bool>.peek(data)
            handler(true)
        }, { _, _, data in
            let handler = Callback<Bool>.peek(data)
            handler(false)
        }, box.retained(), { Callback<Bool>.release($0) }))
    }

    /// Starts writing out what is queued; `then` runs once it is written (or cannot be).
    package func flush(then: @escaping @MainActor () -> Void) {
        g_dbus_connection_flush(pointer, nil, { source, result, data in
            let then = Callback<Void>.take(data)
            _ = g_dbus_connection_flush_finish(OpaquePointer(source), result, nil)
            then(())
        }, Callback<Void> { _ in then() }.retained())
    }
}

/// A main-actor closure taking an `Argument`, carried through C as a `gpointer`: `retained()`
/// gives GLib a reference, which a one-shot callback `take`s back and a repeated one only `peek`s
/// at until GLib `release`s it. GLib calls back on the main thread (from `GLibMainLoop`'s dispatch),
/// which the kept function checks (`onMainThread`) before it runs the closure.
package final class Callback<Argument: Sendable>: @unchecked Sendable {
    private let body: (Argument) -> Void
    package init(_ body: @escaping @MainActor (Argument) -> Void) {
        self.body = { argument in onMainThread { body(argument) } }
    }

    package func retained() -> gpointer { Unmanaged.passRetained(self).toOpaque() }
    package static func take(_ data: gpointer?) -> (Argument) -> Void { Unmanaged<Callback>.fromOpaque(data!).takeRetainedValue().body }
    package static func peek(_ data: gpointer?) -> (Argument) -> Void { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body }
    package static func release(_ data: gpointer?) { Unmanaged<Callback>.fromOpaque(data!).release() }
}
