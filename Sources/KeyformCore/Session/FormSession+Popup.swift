/// The popup a control opened (see `Popup`): showing, repainting and closing it. Drawn in the
/// window's display list, or, when the host gives `popupScreen`, in a window of its own that the
/// host places from `SessionUpdate.popup` and paints from `popupDisplayList(in:)`.
extension FormSession {
    /// Shows a popup, or shows a changed one again: what the old one covered is repainted, then
    /// what the new one covers, then its field.
    func show(_ newPopup: any Popup) {
        if let old = popup { invalidateInWindow(old) }
        newPopup.prepare(in: context(newPopup.node))
        popup = newPopup
        invalidateInWindow(newPopup)
        invalidate(node: newPopup.node)
    }

    func closePopup() {
        guard let old = popup else { return }
        popup = nil
        invalidateInWindow(old)
        invalidate(node: old.node)
    }

    /// A popup drawn in the window repaints what it covers there: its frame and the shadow it
    /// casts below it, so no pixel it drew is left behind. One in a window of its own is
    /// repainted there, all of it.
    private func invalidateInWindow(_ popup: any Popup) {
        effects.popupChanged = true
        if popupScreen == nil { invalidate(area(of: popup)) }
    }

    func popupFrame(_ popup: any Popup) -> Rect { popup.frame(in: context(popup.node)) }

    /// What a popup covers, in window coordinates: its frame and the shadow it casts.
    private func area(of popup: any Popup) -> Rect {
        let frame = popupFrame(popup)
        return frame.union(Painter.popupShadow(frame))
    }

    /// What the open popup covers (see `area(of:)`); nil when none is open.
    public var popupArea: Rect? { popup.map(area(of:)) }

    /// The popup alone over the form's background, for the part `rect` of it (window
    /// coordinates): its own window paints its frame; `renderedImage` what reaches past the window.
    public func popupDisplayList(in rect: Rect) -> DisplayList {
        var list = DisplayList()
        guard let popup else { return list }
        list.append(.pushClip(rect))
        list.append(.fill(rect, palette.background, radius: 0))
        popup.paint(into: &list, in: context(popup.node))
        list.append(.popClip)
        return list
    }

    /// The window moved, or popups went to windows of their own: an open one is placed again
    /// (a list may have room for more rows), and the window repainted when popups leave it or
    /// come back.
    func popupScreenChanged(wasSet: Bool) {
        if (popupScreen != nil) != wasSet { invalidateAll() }
        guard let popup else { return }
        popup.prepare(in: context(popup.node))
        effects.popupChanged = true
    }

    /// What `SessionUpdate.popup` tells of: the popup shown, changed or moved since the last
    /// update, or closed; nil when it is as it was.
    func takePopupChange() -> PopupChange? {
        let frame = popup.map(popupFrame)
        defer { effects.reportedPopup = frame; effects.popupChanged = false }
        guard let popup, let frame else { return effects.reportedPopup == nil ? nil : .closed }
        return frame != effects.reportedPopup || effects.popupChanged ? .shown(frame: frame, kind: popup.kind) : nil
    }
}
