import CXCB
import CXCBRandR
import Glibc
import KeyformEnvironment

/// The connection to one X server and the screen the display name chose. Owns the
/// `xcb_connection_t`: `init` connects, `deinit` disconnects.
public final class XConnection {
    /// The `xcb_connection_t *`, valid for the life of this object.
    public let connection: OpaquePointer
    /// The screen's record, copied out of the connection setup.
    public let screen: xcb_screen_t
    /// The screen's number, as the display name chose it (`:0.1` → 1).
    public let screenNumber: Int32
    /// The root window's visual, which our windows use. Points into the connection's setup data,
    /// so it lives exactly as long as the connection.
    package let rootVisual: UnsafeMutablePointer<xcb_visualtype_t>
    public let atoms: Atoms
    /// Every atom interned so far, by name: the ones the desktop settings, the clipboard and the
    /// user time intern are interned at connect with ours, so theirs cost no round trip.
    private var knownAtoms: [String: xcb_atom_t] = [:]

    /// Connects to `displayName`, or to `$DISPLAY` when nil.
    public init(displayName: String? = nil) throws {
        var screenNumber: Int32 = 0
        let c: OpaquePointer = xcb_connect(displayName, &screenNumber)
        let shownName = displayName ?? Environment.value("DISPLAY") ?? ""
        // xcb_connect never returns nil: failure is a static error connection, which
        // xcb_disconnect knows to leave alone.
        guard xcb_connection_has_error(c) == 0 else {
            xcb_disconnect(c)
            throw X11Error.cannotOpenDisplay(shownName)
        }
        var roots = xcb_setup_roots_iterator(xcb_get_setup(c))
        for _ in 0..<screenNumber where roots.rem > 0 { xcb_screen_next(&roots) }
        guard roots.rem > 0, let screen = roots.data, let visual = Self.visual(screen.pointee.root_visual, of: screen) else {
            xcb_disconnect(c)
            throw X11Error.cannotOpenDisplay(shownName)
        }
        // Their replies come back with the atoms': one wait for all, not one each at first use.
        keyform_prefetch_extensions(c)
        keyform_prefetch_randr(c)
        let names = Atoms.names + DesktopSettingsWatcher.atomNames(screen: screenNumber) + SelectionAtoms.names + UserTime.atomNames
        let interned = internAtomsOf(c, names)
        do {
            atoms = Atoms(try interned.prefix(Atoms.names.count).map { try $0.get() })
        } catch {
            xcb_disconnect(c)
            throw error
        }
        connection = c
        self.screen = screen.pointee
        self.screenNumber = screenNumber
        rootVisual = visual
        // An atom of another part's that failed is asked for again, and its error told, when it asks.
        for (name, result) in zip(names, interned) {
            if case .success(let atom) = result { knownAtoms[name] = atom }
        }
    }

    deinit { xcb_disconnect(connection) }

    /// True once the connection broke; every later request is a no-op.
    public var hasError: Bool { xcb_connection_has_error(connection) != 0 }

    /// Throws `.connectionLost` if the connection broke.
    public func checkConnection() throws {
        if hasError { throw X11Error.connectionLost }
    }

    public func flush() { xcb_flush(connection) }

    public var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }

    public func generateID() -> UInt32 { xcb_generate_id(connection) }

    /// Waits for a reply (`fetch` calls some `xcb_…_reply` on a cookie already sent), reads it
    /// with `read` and frees the reply or the error, exactly once, here. `request` names the
    /// request in the error.
    package func reply<Reply, T>(
        _ request: @autoclosure () -> String,
        _ fetch: (UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>) -> UnsafeMutablePointer<Reply>?,
        read: (UnsafeMutablePointer<Reply>) throws -> T
    ) throws -> T {
        try xcbReply(connection, request(), fetch, read: read)
    }

    /// Interns `names` in one round trip at most, none when every one is known.
    package func internAtoms(_ names: [String]) throws -> [xcb_atom_t] {
        let unknown = names.filter { knownAtoms[$0] == nil }
        for (name, result) in zip(unknown, internAtomsOf(connection, unknown)) { knownAtoms[name] = try result.get() }
        return names.map { knownAtoms[$0]! }
    }

    /// Waits for a `…_checked` request and throws its error, freed here, if it failed.
    func check(_ cookie: xcb_void_cookie_t, _ request: String) throws {
        guard let error = xcb_request_check(connection, cookie) else { return try checkConnection() }
        let code = error.pointee.error_code
        free(error)
        throw X11Error.requestFailed(request, code: code)
    }

    private static func visual(_ id: xcb_visualid_t, of screen: UnsafeMutablePointer<xcb_screen_t>) -> UnsafeMutablePointer<xcb_visualtype_t>? {
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                if visuals.data.pointee.visual_id == id { return visuals.data }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return nil
    }
}

/// Interns `names` on `c` in one round trip: every request is sent before any reply is read, and
/// every reply is read, even after a failure, so none is left queued.
private func internAtomsOf(_ c: OpaquePointer, _ names: [String]) -> [Result<xcb_atom_t, any Error>] {
    // `withCString`: an implicit String-to-pointer conversion copies the name into an array first.
    let cookies = names.map { name in name.withCString { xcb_intern_atom(c, 0, UInt16(name.utf8.count), $0) } }
    return zip(names, cookies).map { name, cookie in
        Result { try xcbReply(c, "InternAtom(\(name))", { xcb_intern_atom_reply(c, cookie, $0) }) { $0.pointee.atom } }
    }
}

/// The one place an xcb reply or error is read and freed (see `XConnection.reply`).
/// `request` names the request in the error, made only for one.
func xcbReply<Reply, T>(
    _ c: OpaquePointer, _ request: @autoclosure () -> String,
    _ fetch: (UnsafeMutablePointer<UnsafeMutablePointer<xcb_generic_error_t>?>) -> UnsafeMutablePointer<Reply>?,
    read: (UnsafeMutablePointer<Reply>) throws -> T
) throws -> T {
    var error: UnsafeMutablePointer<xcb_generic_error_t>?
    let reply = fetch(&error)
    if let error {
        let code = error.pointee.error_code
        free(error)
        if let reply { free(reply) }
        throw X11Error.requestFailed(request(), code: code)
    }
    guard let reply else { throw X11Error.connectionLost }
    defer { free(reply) }
    return try read(reply)
}

/// The atoms we use that are not predefined, interned in one round trip.
public struct Atoms: Sendable {
    public let wmProtocols: xcb_atom_t
    public let wmDeleteWindow: xcb_atom_t
    public let netWmPing: xcb_atom_t
    public let netWmName: xcb_atom_t
    public let netWmPid: xcb_atom_t
    public let utf8String: xcb_atom_t
    public let netWmWindowType: xcb_atom_t
    public let netWmWindowTypeDialog: xcb_atom_t
    public let netWmState: xcb_atom_t
    public let netWmStateModal: xcb_atom_t
    public let netWmIcon: xcb_atom_t

    static let names = ["WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_PING", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING",
                        "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_DIALOG", "_NET_WM_STATE", "_NET_WM_STATE_MODAL", "_NET_WM_ICON"]

    /// From the atoms of `names`, in their order.
    init(_ atoms: [xcb_atom_t]) {
        (wmProtocols, wmDeleteWindow, netWmPing) = (atoms[0], atoms[1], atoms[2])
        (netWmName, netWmPid, utf8String) = (atoms[3], atoms[4], atoms[5])
        (netWmWindowType, netWmWindowTypeDialog, netWmState, netWmStateModal, netWmIcon) = (atoms[6], atoms[7], atoms[8], atoms[9], atoms[10])
    }
}
