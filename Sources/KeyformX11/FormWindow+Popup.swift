import CXCB
import KeyformCore

/// The session's popup in a window of its own (`PopupWindow`), placed on the monitor the form's
/// window is on (`FormSession.popupScreen`), which is followed as the window maps and moves.
extension FormWindow {
    /// Carries out what the batch did to the popup (`SessionUpdate.popup`), before the form's
    /// window is painted: what the popup uncovered there is painted with it.
    func showPopup(_ change: PopupChange?) {
        let uncovered: PopupWindow.Uncovered?
        switch change {
        case nil: return
        case .closed: uncovered = popupWindow?.hide()
        case let .shown(frame, kind):
            let popup = popupWindow ?? PopupWindow(connection: x, form: window.id, layouts: layouts, device: painter.device)
            popupWindow = popup
            uncovered = popup.show(frame: frame, kind: kind, origin: rootOrigin, scale: scale, session: session)
        }
        if let uncovered { exposed.append(uncovered) }
    }

    /// Tells the session where popups may go: the monitor that holds most of the window, in the
    /// window's logical coordinates. When the window is mapped and each time it is moved or
    /// resized: a round trip for its place on the screen (the monitors are asked once).
    func followScreenPlace() {
        rootOrigin = screenOrigin()
        let frame = Rect(x: rootOrigin.x, y: rootOrigin.y, width: Double(width), height: Double(height))
        let monitors = self.monitors ?? Monitors.areas(on: x)
        self.monitors = monitors
        let monitor = Monitors.area(holding: frame, among: monitors)
        session.popupScreen = scale.logical(monitor.offsetBy(dx: -rootOrigin.x, dy: -rootOrigin.y))
    }

    /// Where a pointer event in `target` (the form's window or the popup's) is in the form's
    /// window, in device pixels.
    func formPixel(in target: xcb_window_t, x px: Int16, y py: Int16) -> (x: Int32, y: Int32) {
        guard let popup = popupWindow, target == popup.id else { return (Int32(px), Int32(py)) }
        return (Int32(px) + popup.offset.x, Int32(py) + popup.offset.y)
    }
}
