/// The form's buttons as a dialog has them: one row under the fields, at the trailing edge, in
/// the desktop's order — Cancel first, the default button last, at the right (mirrored right to
/// left, as GTK and Qt mirror their dialogs). The tab order follows the row in reading order.
extension FormLayout {
    /// A top-level button in the flow goes in the row; a button in a section, or with its own
    /// `frame`, stays where its author put it.
    static func standsInButtonRow(_ index: Int, tree: FormTree) -> Bool {
        tree[index].parent == nil && tree[index].control.shape == .button && tree[index].field.frame == nil
    }

    /// Cancelling buttons first, then the rest, each in the author's order: the default (submitting)
    /// button ends the row, where the eye and the pointer look for it.
    static func desktopOrder(_ buttons: [Int], tree: FormTree) -> [Int] {
        buttons.filter { tree[$0].field.action == .cancel } + buttons.filter { tree[$0].field.action != .cancel }
    }

    /// Places `buttons` in order on one row at `y` in the band `x..<x+width`, ending at its trailing
    /// edge; each as wide as the theme says, narrower when they would not fit. Returns the height the
    /// row takes with the spacing above it (0 without buttons).
    mutating func placeButtonRow(_ buttons: [Int], y: Double, x: Double, width: Double, direction: Direction) -> Double {
        guard !buttons.isEmpty else { return 0 }
        let count = Double(buttons.count), gap = Theme.buttonGap
        let buttonWidth = max(0, min(Theme.buttonWidth, (width - gap * (count - 1)) / count))
        let rowWidth = buttonWidth * count + gap * (count - 1)
        let top = y + Theme.buttonRowGap
        for (position, index) in buttons.enumerated() {
            let offset = Double(position) * (buttonWidth + gap)
            let bx = direction == .ltr ? x + width - rowWidth + offset : x + rowWidth - offset - buttonWidth
            let rect = Rect(x: bx, y: top, width: buttonWidth, height: Theme.controlHeight)
            blocks[index] = rect
            controls[index] = rect
            labels[index] = Rect(x: bx, y: top, width: buttonWidth, height: 0)
        }
        return Theme.buttonRowGap + Theme.controlHeight + Theme.fieldSpacing
    }
}
