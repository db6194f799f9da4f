import KeyformCore

extension FormSession {
    /// The whole window as it looks now, drawn as the window draws it: for `keyform render` and
    /// the library's `writePNG`.
    public func renderedImage() -> CairoSurface {
        let surface = CairoSurface.image(width: Int(viewport.width), height: Int(viewport.height))
        let full = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        CairoRenderer().render(displayList(in: full), in: CairoContext(surface), clip: nil)
        return surface
    }
}
