import ArgumentParser
import KeyformCairo
import KeyformX11

/// How the window presents itself as a dialog (zenity's and yad's flags of the same names).
struct WindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Open as the dialog of another window (its X id, decimal or 0x hex), kept above it. "
                               + "e.g. --attach $(xdotool getactivewindow)", valueName: "WINDOW"))
    var attach: WindowID?

    @Flag(help: "Hold the --attach window's input while open (a modal dialog).")
    var modal = false

    @Flag(help: "Open in the middle of the screen.")
    var center = false

    @Option(help: ArgumentHelp("The window's icon, a PNG file; default: Keyform's own. e.g. --window-icon app.png", valueName: "FILE"))
    var windowIcon: String?

    func validate() throws {
        if modal && attach == nil { throw ValidationError("--modal needs --attach WINDOW: the window it holds the input of") }
    }

    /// The manners, the icon read now: a file that is not a PNG stops the start (exit 2).
    func manners() throws -> WindowManners {
        var manners = WindowManners(parent: attach?.id, modal: modal, centered: center)
        if let windowIcon {
            do { manners.icon = try WindowIconImage.png(windowIcon) } catch {
                throw ValidationError("--window-icon: \(error)")
            }
        }
        return manners
    }
}

/// An X window id as `xdotool` and `xwininfo` print it: decimal, or hexadecimal after `0x`.
struct WindowID: ExpressibleByArgument {
    let id: UInt32

    init?(argument: String) {
        let hex = argument.lowercased().hasPrefix("0x")
        guard let id = hex ? UInt32(argument.dropFirst(2), radix: 16) : UInt32(argument), id != 0 else { return nil }
        self.id = id
    }
}
