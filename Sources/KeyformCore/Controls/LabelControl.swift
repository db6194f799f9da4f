/// Text to read among the fields (`--text`, `type: "label"`): wrapped at its width, never focused,
/// and a `_` in it is shown as typed.
final class LabelControl: Control {
    init(field: Field) {}

    static var takesFocus: Bool { false }
    static var labelHasMnemonic: Bool { false }
    var shape: ControlShape { .paragraph }

    /// Text to read: a label named by its text, with no action.
    func accessibleNode(in context: ControlContext) -> AccessibleNode { context.accessibleNode(.label, action: nil) }

    func paint(into list: inout DisplayList, in context: ControlContext) {
        context.paintLabel(in: context.windowFrame, color: context.palette.labelText, into: &list)
    }
}
