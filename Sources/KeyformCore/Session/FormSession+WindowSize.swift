/// The size a window opens at. A form that gives no `size` opens at the size of its content, as a
/// GTK dialog does: the theme's width, and the height the fields take at it, up to most of the
/// screen, past which the form scrolls. Nothing important starts below the fold.
extension FormSession {
    /// The share of the screen's height a form may take before it scrolls (the rest leaves room
    /// for panels and the window's frame).
    static let screenShare = 0.85

    /// The screen `keyform replay` and `render` assume with no display: the one the tests' Xvfb
    /// has, and a common laptop's.
    public static let assumedScreen = Size(width: 1280, height: 800)

    /// Fits the viewport to the content within `screen`; a form with a `size` keeps it.
    public func fitContent(within screen: Size) {
        guard form.size == nil else { return }
        let width = min(Theme.defaultSize.width, max(Theme.minimumSize.width, screen.width))
        if width != viewport.width { resize(to: Size(width: width, height: viewport.height)) }
        let most = (screen.height * Self.screenShare).rounded(.down)
        let height = min(max(contentSize.height.rounded(.up), Theme.minimumSize.height), max(most, Theme.minimumSize.height))
        if height != viewport.height { resize(to: Size(width: width, height: height)) }
    }
}
