/// The session as its controls' host (`ControlHost`): what they read of the form and what they
/// ask of it, answered from the session's state. The requirements the session meets with
/// members of the same name elsewhere (`invalidate(node:)`, `valueChanged`, `show`, …) are not
/// repeated here.
extension FormSession: ControlHost {
    /// Through the nodes themselves: `tree[node]` would copy the whole node first, a field's
    /// twenty references and the rest, on every key typed. (Not lent through a `_read`
    /// accessor: the 6.3.1 compiler's debug build freed a lent node before its reader was done,
    /// which valgrind showed and `keyform check` crashed on in 27 of 60 runs.)
    func field(_ node: Int) -> Field { tree.nodes[node].field }
    func control(_ node: Int) -> any Control { tree.nodes[node].control }
    var direction: Direction { form.direction }
    var painter: Painter {
        Painter(palette: palette, measurer: measurer, direction: form.direction, windowHeight: viewport.height,
                windowActive: focusTracking.windowActive)
    }

    var popupBounds: Rect { popupScreen ?? Rect(x: 0, y: 0, width: viewport.width, height: viewport.height) }

    func controlFrame(_ node: Int) -> Rect { layout.controls[node] }
    func labelFrame(_ node: Int) -> Rect { layout.labels[node] }
    func blockFrame(_ node: Int) -> Rect { layout.blocks[node] }

    var focusedNode: Int? { focus.focused }
    var windowActive: Bool { focusTracking.windowActive }
    func canFocus(_ node: Int) -> Bool { snapshot.nodes[node].canFocus }
    func isShown(_ node: Int) -> Bool { shown[node] }
    func isEnabled(_ node: Int) -> Bool { enabled[node] }
    var composition: Preedit { focusTracking.preedit }
    var caretOn: Bool { clock.caretOn }
    var pointerGrab: PointerState.Grab? { pointerState.grab }
    func message(_ node: Int) -> String? { tree.nodes[node].message }
    func isChecking(node: Int) -> Bool { tree.nodes[node].isChecking }

    func grabPointer(_ grab: PointerState.Grab?) { pointerState.grab = grab }
    func focusNow(_ node: Int) { focusNow(node, cause: .keyboard) }

    /// The app may do what the button does in its place (yad's form buttons run commands). The
    /// id of the button is kept when it ended the form (a submit that a field refused did not).
    func end(_ action: ButtonAction, byButton node: Int) {
        if hooks.pressButton(tree.nodes[node].field.id) { return }
        switch action {
        case .cancel: cancel()
        case .submit: submit()
        }
        if result != nil { endingButton = tree.nodes[node].field.id }
    }

    func suggestions(for node: Int, text: String) -> [String] { hooks.suggestions(tree.nodes[node].field.id, text) }
}
