/// What can go wrong talking to an X server. The `keyform` command exits 3 for the first three.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    /// `xcb_connect` failed; the associated value is the display name that was tried.
    case cannotOpenDisplay(String)
    /// The connection broke while the window was open (the server went away or killed us).
    case connectionLost
    /// Another client destroyed the window while it was open.
    case windowDestroyed
    /// The server lacks an extension we need (`XKEYBOARD`, `XTEST`).
    case missingExtension(String)
    /// A request came back with an X error; names the request and the error code.
    case requestFailed(String, code: UInt8)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name) where name.isEmpty: return "no display: $DISPLAY is not set"
        case .cannotOpenDisplay(let name): return "cannot open display \"\(name)\""
        case .connectionLost: return "the connection to the X server was lost"
        case .windowDestroyed: return "the window was destroyed by another client"
        case .missingExtension(let name): return "the X server lacks the \(name) extension"
        case .requestFailed(let request, let code): return "X request \(request) failed with error \(code)"
        }
    }
}
