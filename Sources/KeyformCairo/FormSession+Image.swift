import KeyformCore

extension FormSession {
    /// The whole window as it looks now, drawn as the window draws it: for `keyform render` and
    /// the library's `writePNG`.
    public func renderedImage(scale: DisplayScale = .one) -> CairoSurface {
        let surface = CairoSurface.image(size: viewport, scale: scale)
        let full = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        CairoRenderer().render(displayList(in: full), in: CairoContext(surface), clip: nil)
        return surface
    }
}
