import CGio
import KeyformGLib

/// `Application.GetApplicationBusAddress`, as at-spi2-atk answers it: the address of a private
/// server of our own (`DBusPeerServer`), made when a client first asks. libatspi then makes every
/// method call to the form over a connection straight to it, with no bus daemon in between (a
/// screen reader asks a hundred things per key, each a round trip through the daemon on the bus),
/// while events still go out on the bus. The same objects are exported on each peer
/// (`export(on:)`), and taken off one that goes. An empty answer keeps the client on the bus: the
/// one given when the server cannot be set up.
extension AccessibleServer {
    func applicationBusAddress() -> String {
        if let peerServer { return peerServer.address }
        guard !peerServerFailed else { return "" }
        do {
            // XDG_RUNTIME_DIR, else GLib's stand-in for it (the user's cache directory), as at-spi2-atk.
            let runtime = String(cString: g_get_user_runtime_dir())
            let server = try DBusPeerServer(under: runtime, accepted: { [weak self] peer in self?.export(on: peer) ?? false },
                                            closed: { [weak self] peer in self?.withdraw(from: peer) })
            peerServer = server
            return server.address
        } catch {
            peerServerFailed = true
            report("screen readers reach the form through the accessibility bus only: \(error)")
            return ""
        }
    }
}
