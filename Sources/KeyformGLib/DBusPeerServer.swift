import CGio
import Glibc

/// A private D-Bus server of our own, for peer-to-peer connections (no bus daemon between the
/// two ends), as at-spi2-atk serves an application's tree to screen readers: a Unix socket in a
/// fresh directory that only the user can open (0700, made with `mkdtemp`, so a directory left by
/// a process that was killed never stands in the way of the next), and only a peer that proves
/// with its socket's credentials (EXTERNAL) that it runs as the same user is let in. Each peer
/// goes to `accepted` before its first message is read, and is let in if that says so; one whose
/// connection closes goes to `closed`, and is let go of. `stop`, or the last reference, closes
/// every peer and removes the socket and its directory.
@MainActor
package final class DBusPeerServer {
    /// What a client connects to: `unix:path=…`.
    package let address: String
    private let server: OpaquePointer
    /// Lets only EXTERNAL through (`allowOnlyExternal`).
    private let observer: OpaquePointer
    private let directory: String, socket: String
    /// The peers let in, with the handler of each one's `closed` signal.
    private var peers: [(connection: DBusConnection, closedHandler: gulong)] = []
    private var newConnectionHandler: gulong = 0
    private let accepted: @MainActor (DBusConnection) -> Bool
    private let closed: @MainActor (DBusConnection) -> Void
    private var stopped = false

    /// More peers than this at once are turned away: a screen reader needs one, a test two or three.
    static let maximumPeers = 32

    /// `sockaddr_un`'s `sun_path` less its closing NUL.
    static let longestSocketPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    package struct SetupError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Listens in a new directory under `parent` (made, 0700, if it is not there, as at-spi2-atk
    /// makes `XDG_RUNTIME_DIR`). Throws, saying why, when the directory or the socket cannot be made.
    package init(under parent: String, accepted: @escaping @MainActor (DBusConnection) -> Bool,
                 closed: @escaping @MainActor (DBusConnection) -> Void) throws(SetupError) {
        let template = parent + "/keyform-at-spi-XXXXXX"
        // GLib binds a longer path cut short, where no client looks for it.
        guard (template + "/socket").utf8.count <= Self.longestSocketPath else {
            throw SetupError(description: "cannot listen in \(parent): the path is too long for a socket")
        }
        guard g_mkdir_with_parents(parent, 0o700) == 0 else { throw SetupError(description: "cannot make \(parent): \(Self.errorText())") }
        var name = Array(template.utf8CString)
        guard let made = mkdtemp(&name) else { throw SetupError(description: "cannot make a directory in \(parent): \(Self.errorText())") }
        directory = String(cString: made)
        socket = directory + "/socket"
        let escaped = g_dbus_address_escape_value(socket)!
        address = "unix:path=" + String(cString: escaped)
        g_free(escaped)
        let guid = g_dbus_generate_guid()!
        defer { g_free(guid) }
        var error: UnsafeMutablePointer<GError>?
        observer = Self.allowOnlyExternal()
        let flags = GDBusServerFlags(rawValue: G_DBUS_SERVER_FLAGS_AUTHENTICATION_REQUIRE_SAME_USER.rawValue)
        guard let server = g_dbus_server_new_sync(address, flags, guid, observer, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no reason given"
            g_clear_error(&error)
            g_object_unref(UnsafeMutableRawPointer(observer))
            rmdir(directory)
            throw SetupError(description: "cannot listen on \(socket): \(reason)")
        }
        self.server = server
        self.accepted = accepted
        self.closed = closed
        let handler: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, connection, data in
            guard let connection, let data else { return 0 }
            // Emitted in the main context, which the window's loop dispatches on the main thread.
            return onMainThread { Unmanaged<DBusPeerServer>.fromOpaque(data).takeUnretainedValue().accept(connection) } ? 1 : 0
        }
        newConnectionHandler = g_signal_connect_data(UnsafeMutableRawPointer(server), "new-connection", unsafeBitCast(handler, to: GCallback.self),
                                                     Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        g_dbus_server_start(server)
    }

    deinit {
        onMainThread {
            stop()
            g_object_unref(UnsafeMutableRawPointer(server))
            g_object_unref(UnsafeMutableRawPointer(observer))
        }
    }

    /// Stops listening, closes every peer, and removes the socket and its directory.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        g_signal_handler_disconnect(UnsafeMutableRawPointer(server), newConnectionHandler)
        g_dbus_server_stop(server)
        for peer in peers { g_signal_handler_disconnect(UnsafeMutableRawPointer(peer.connection.pointer), peer.closedHandler) }
        // Each connection is closed as its last reference goes (`DBusConnection`'s deinit).
        peers = []
        unlink(socket)
        rmdir(directory)
    }

    /// A peer that authenticated as the same user: let in, unless there are too many.
    private func accept(_ pointer: OpaquePointer) -> Bool {
        guard peers.count < Self.maximumPeers else { return false }
        let connection = DBusConnection(retaining: pointer)
        guard accepted(connection) else { return false }
        let handler: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = { connection, _, _, data in
            guard let connection, let data else { return }
            onMainThread { Unmanaged<DBusPeerServer>.fromOpaque(data).takeUnretainedValue().forget(connection) }
        }
        let closedHandler = g_signal_connect_data(UnsafeMutableRawPointer(pointer), "closed", unsafeBitCast(handler, to: GCallback.self),
                                                  Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        peers.append((connection, closedHandler))
        return true
    }

    /// A peer whose connection closed (it went away, or sent what cannot be read).
    private func forget(_ pointer: OpaquePointer) {
        guard let index = peers.firstIndex(where: { $0.connection.pointer == pointer }) else { return }
        let peer = peers.remove(at: index)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(pointer), peer.closedHandler)
        closed(peer.connection)
    }

    /// Only EXTERNAL: the peer's user as its socket's credentials say, which the server compares
    /// with its own (`G_DBUS_SERVER_FLAGS_AUTHENTICATION_REQUIRE_SAME_USER`). No cookie files, never
    /// ANONYMOUS.
    // GDBus asks on its own thread: nothing here may assume the main actor.
    private nonisolated static func allowOnlyExternal() -> OpaquePointer {
        let observer = g_dbus_auth_observer_new()!
        let allow: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, gpointer?) -> gboolean = { _, mechanism, _ in
            mechanism.map { strcmp($0, "EXTERNAL") == 0 } == true ? 1 : 0
        }
        g_signal_connect_data(UnsafeMutableRawPointer(observer), "allow-mechanism", unsafeBitCast(allow, to: GCallback.self),
                              nil, nil, GConnectFlags(rawValue: 0))
        return observer
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
