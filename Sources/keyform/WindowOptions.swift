import KeyformCairo
import KeyformCommandLine
import KeyformX11

/// How the window presents itself as a dialog (zenity's and yad's flags of the same names).
struct WindowOptions {
    static let attach = OptionSpec.value("attach", "WINDOW", help: "Open as the dialog of another window (its X id, decimal or 0x hex), kept above it. "
                                                                   + "e.g. --attach $(xdotool getactivewindow)")
    static let modal = OptionSpec.flag("modal", help: "Hold the --attach window's input while open (a modal dialog).")
    static let center = OptionSpec.flag("center", help: "Open in the middle of the screen.")
    static let windowIcon = OptionSpec.value("window-icon", "FILE", help: "The window's icon, a PNG file; default: Keyform's own. e.g. --window-icon app.png",
                                             completion: .file)

    static let options = [attach, modal, center, windowIcon]

    let attach: WindowID?
    let modal: Bool
    let center: Bool
    let windowIcon: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        attach = try arguments.value(Self.attach, WindowID.init(argument:))
        modal = arguments.flag(Self.modal)
        center = arguments.flag(Self.center)
        windowIcon = arguments.value(Self.windowIcon)
        if modal && attach == nil { throw UsageError("--modal needs --attach WINDOW: the window it holds the input of") }
    }

    /// The manners, the icon read now: a file that is not a PNG stops the start (exit 2).
    func manners() throws(UsageError) -> WindowManners {
        var manners = WindowManners(parent: attach?.id, modal: modal, centered: center)
        if let windowIcon {
            do { manners.icon = try WindowIconImage.png(windowIcon) } catch {
                throw UsageError("--window-icon: \(error)")
            }
        }
        return manners
    }
}

/// An X window id as `xdotool` and `xwininfo` print it: decimal, or hexadecimal after `0x`.
struct WindowID {
    let id: UInt32

    init?(argument: String) {
        let hex = argument.lowercased().hasPrefix("0x")
        guard let id = hex ? UInt32(argument.dropFirst(2), radix: 16) : UInt32(argument), id != 0 else { return nil }
        self.id = id
    }
}
