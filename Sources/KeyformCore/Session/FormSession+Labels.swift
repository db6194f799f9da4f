/// Labels, `--text`, section titles and the form's title, wrapped at the width they have (see
/// `WrappedLabel`): the layout asks how tall they are, painting draws their lines.
extension FormSession {
    /// A field's label at `width`, kept per field and broken again only when the width needs it.
    func labelLines(_ node: Int, width: Double) -> WrappedLabel {
        keepLabel(node, width: width)
        return keptLabels[node]!
    }

    /// Makes the kept lines of a field's label hold at `width`. The layout reads them in place
    /// (`labelHeight`): returned, a label is some ten references retained and released again,
    /// for each of a 10,000-field form's labels at every layout.
    private func keepLabel(_ node: Int, width: Double) {
        if keptLabels[node]?.holds(at: width) == true { return }
        let font = labelStyle(node).font
        // A `label` field is text to read, not a control: a `_` in it is shown as typed.
        keptLabels[node] = keptLabels[node]?.at(width: width, font: font, measurer: measurer)
            ?? WrappedLabel(label: tree.shownLabel(of: node), mnemonic: tree.controlType(of: node).labelHasMnemonic,
                            direction: form.direction, font: font, width: width, measurer: measurer)
    }

    /// A field's label as drawn, its lines joined; nil for an unknown id.
    public func shownLabel(of id: String) -> String? {
        tree.index(of: id).map { String(labelLines($0, width: max(1, layout.labels[$0].width)).lines.text) }
    }

    /// The height a field's label takes at `width`.
    func labelHeight(_ node: Int, width: Double) -> Double {
        let style = labelStyle(node)
        if let markup = tree[node].field.markup {
            // Pango's lines, the first in the theme's room for a label's first line.
            return style.firstLine - measurer.lineHeight(style.font)
                + measurer.markupHeight(markup, text: tree.shownLabel(of: node), font: style.font, width: width,
                                        marksMnemonic: ControlContext.marksMnemonic(labelLines(node, width: width)))
        }
        keepLabel(node, width: width)
        return height(lines: keptLabels[node]!.lines.lines.count, firstLine: style.firstLine, font: style.font)
    }

    /// A section's title is set larger than a field's label.
    func labelStyle(_ node: Int) -> (font: Font, firstLine: Double) {
        tree.controlType(of: node).labelStyle
    }

    /// The form's title at the width it has: the fields', less the room the countdown and a
    /// notice take at the other end of its first line.
    func titleLines() -> WrappedLabel {
        let width = max(1, FormLayout.contentWidth(window: viewport.width) - titleRoom)
        let wrapped = keptTitle?.at(width: width, font: Theme.titleFont, measurer: measurer)
            ?? WrappedLabel(label: form.title, mnemonic: false, direction: form.direction, font: Theme.titleFont,
                            width: width, measurer: measurer)
        keptTitle = wrapped
        return wrapped
    }

    var titleHeight: Double { height(lines: titleLines().lines.lines.count, firstLine: Theme.titleHeight, font: Theme.titleFont) }

    /// The theme's room for the first line, and a line of the font for each further one.
    private func height(lines: Int, firstLine: Double, font: Font) -> Double {
        firstLine + Double(lines - 1) * measurer.lineHeight(font)
    }
}
