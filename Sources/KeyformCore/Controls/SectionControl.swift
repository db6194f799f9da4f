/// A titled group of fields laid out in `columns`, with its own `tabOrder`; it never takes focus
/// itself (its fields do), and F6 leaves it.
final class SectionControl: Control {
    init(field: Field) {}

    static var fileKeys: Set<String> { ["fields", "tabOrder", "columns"] }
    static var takesFocus: Bool { false }
    static var labelStyle: (font: Font, firstLine: Double) { (Theme.sectionFont, Theme.sectionTitleHeight) }
    var shape: ControlShape { .group }

    /// Its title, and a rule under it across the section.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        guard !context.field.label.isEmpty else { return }
        let title = context.labelFrame, block = context.blockFrame
        context.paintLabel(in: title, color: context.palette.labelText, into: &list)
        let y = title.maxY - 7
        list.append(.line(from: Point(x: block.minX, y: y), to: Point(x: block.maxX, y: y), context.palette.separator, lineWidth: 1))
    }
}
