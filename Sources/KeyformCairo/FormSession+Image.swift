import KeyformCore

extension FormSession {
    /// The whole window as it looks now, drawn as the window draws it: for `keyform render` and
    /// the library's `writePNG`. A popup that reaches past the window (a calendar opened in a
    /// short one) is not cut off: the image grows right and down to hold it, the form's
    /// background around it (docs/architecture.md › Host contract).
    public func renderedImage(scale: DisplayScale = .one) -> CairoSurface {
        let window = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        let extent = popupArea.map(window.union) ?? window
        let surface = CairoSurface.image(size: Size(width: extent.maxX, height: extent.maxY), scale: scale)
        let renderer = CairoRenderer(), context = CairoContext(surface)
        renderer.render(displayList(in: window), in: context, clip: nil)
        let pastTheWindow = [Rect(x: window.maxX, y: 0, width: extent.maxX - window.maxX, height: extent.maxY),
                             Rect(x: 0, y: window.maxY, width: window.maxX, height: extent.maxY - window.maxY)]
        for part in pastTheWindow where !part.isEmpty {
            renderer.render(popupDisplayList(in: part), in: context, clip: part)
        }
        return surface
    }
}
