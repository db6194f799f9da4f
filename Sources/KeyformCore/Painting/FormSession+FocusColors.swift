/// The colours that say where focus is: the palette's own while the window is active, greyed
/// while another window has the desktop's focus (as GTK draws a window in the backdrop), so
/// that only the active window seems to take keys.
extension FormSession {
    var focusRingColor: Color { focusTracking.windowActive ? palette.focusRing : palette.inactiveFocusRing }
    /// The focused field's border.
    var focusBorderColor: Color { focusTracking.windowActive ? palette.accent : palette.inactiveFocusRing }
    var selectionColor: Color { focusTracking.windowActive ? palette.selection : palette.inactiveSelection }
}
