import KeyformCairo

/// How the window presents itself to the window manager, as a dialog does (EWMH, ICCCM): what
/// it belongs to, whether it holds that window's input, its icon and where it opens.
public struct WindowManners: Sendable {
    /// `--attach WINDOW`: the window it is a dialog for (`WM_TRANSIENT_FOR`), kept above it.
    public var parent: UInt32?
    /// `--modal`: the parent takes no input while it is open (`_NET_WM_STATE_MODAL`).
    public var modal = false
    /// `--center`: open in the middle of the screen rather than where the window manager puts it.
    public var centered = false
    /// `_NET_WM_ICON`: width, height, then non-premultiplied ARGB pixels (`WindowIconImage`).
    public var icon: [UInt32] = []

    public init(parent: UInt32? = nil, modal: Bool = false, centered: Bool = false, icon: [UInt32] = []) {
        self.parent = parent; self.modal = modal; self.centered = centered; self.icon = icon
    }

    /// These manners, with Keyform's own icon if they name none. Drawn with Cairo, it needs no
    /// font: `keyform` draws it while fontconfig loads, off the way to the first paint.
    public var withKeyformIconIfNone: WindowManners {
        guard icon.isEmpty else { return self }
        var manners = self
        manners.icon = WindowIconImage.keyform
        return manners
    }
}
