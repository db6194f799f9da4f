/// Where every field sits, in content coordinates, for one viewport width: the flow layout
/// (docs/architecture.md › Form files: label above its control, sections as grids), or a field's
/// own `frame`.
struct FormLayout {
    /// The label, control and message of each field; zero height for fields not shown.
    var blocks: [Rect]
    /// The part a person clicks and types in.
    var controls: [Rect]
    /// Where each field's label is drawn (a section's title; a `label` field's text), its lines
    /// from the top; zero height for none.
    var labels: [Rect]
    /// Where the form's title is drawn, above the fields.
    var title: Rect
    var contentSize: Size

    /// Nothing placed yet.
    init() {
        blocks = []; controls = []; labels = []; title = .zero; contentSize = Size(width: 0, height: 0)
    }

    /// - Parameters:
    ///   - isShown: by field, whether it is shown, by itself and its ancestors (hidden, showWhen, removed).
    ///   - hasMessage: by field, whether a validation message is shown under it.
    ///   - controlHeights: by field, the height of its control in the flow (`Control.controlHeight`).
    ///   - titleHeight: the height of the form's title, wrapped at `contentWidth(window:)` or less.
    ///   - labelHeight: the height of a field's label (a section's title) wrapped at a width.
    init(tree: FormTree, width: Double, direction: Direction, isShown: [Bool], hasMessage: [Bool],
         controlHeights: [Double], titleHeight: Double,
         labelHeight: @escaping (_ node: Int, _ width: Double) -> Double) {
        blocks = Array(repeating: .zero, count: tree.count)
        controls = Array(repeating: .zero, count: tree.count)
        labels = Array(repeating: .zero, count: tree.count)
        contentSize = Size(width: width, height: 0)
        let builder = Builder(tree: tree, direction: direction, isShown: isShown, hasMessage: hasMessage,
                              controlHeights: controlHeights, labelHeight: labelHeight)
        let inner = Self.contentWidth(window: width)
        title = Rect(x: Theme.padding, y: Theme.padding, width: inner, height: titleHeight)
        var y = title.maxY
        var buttons: [Int] = []
        for index in tree.topLevel {
            if Self.standsInButtonRow(index, tree: tree) && isShown[index] { buttons.append(index); continue }
            let height = builder.place(index, x: Theme.padding, y: y, width: inner, into: &self)
            if height > 0 { y += height + Theme.fieldSpacing }
        }
        y += placeButtonRow(Self.desktopOrder(buttons, tree: tree), y: y, x: Theme.padding, width: inner, direction: direction)
        var bottom = y - Theme.fieldSpacing + Theme.padding
        for rect in blocks where !rect.isEmpty { bottom = max(bottom, rect.maxY + Theme.padding) }
        contentSize.height = bottom
    }

    /// The width the fields share in a window `width` wide. Never narrower than the window's
    /// minimum size allows: a window made smaller anyway (no window manager, or one that ignores
    /// the hints; down to 1×1) clips the form. Squeezed to zero width, every control would lose
    /// focus and the keys typed next would go nowhere.
    static func contentWidth(window width: Double) -> Double {
        max(width, Theme.minimumSize.width) - 2 * Theme.padding - Theme.scrollBarWidth
    }

    private struct Builder {
        let tree: FormTree
        let direction: Direction
        let isShown: [Bool]
        let hasMessage: [Bool]
        let controlHeights: [Double]
        let labelHeight: (Int, Double) -> Double

        /// Places a field in the band `x..<x+width` at `y`, returns the height it took (0 if not shown).
        /// - Parameter labelRoom: the least room above its control, so controls in a row line up.
        func place(_ index: Int, x: Double, y: Double, width: Double, labelRoom: Double = 0, into layout: inout FormLayout) -> Double {
            guard isShown[index] else {
                layout.blocks[index] = Rect(x: x, y: y, width: 0, height: 0)
                layout.controls[index] = layout.blocks[index]
                layout.labels[index] = layout.blocks[index]
                for child in tree[index].children { _ = place(child, x: x, y: y, width: 0, into: &layout) }
                return 0
            }
            let shape = tree[index].control.shape
            if let frame = tree[index].field.frame {
                guard shape == .group else { return placeFramed(index, frame: frame, into: &layout) }
                // A framed section holds its title and fields in its frame; it stands outside the flow.
                _ = placeSection(index, x: frame.x, y: frame.y, width: frame.width, into: &layout)
                return 0
            }
            switch shape {
            case .group:
                return placeSection(index, x: x, y: y, width: width, into: &layout)
            case .button:
                let buttonWidth = min(width, Theme.buttonWidth)
                let bx = direction == .ltr ? x + width - buttonWidth : x
                let rect = Rect(x: bx, y: y, width: buttonWidth, height: Theme.controlHeight)
                layout.blocks[index] = rect
                layout.controls[index] = rect
                return rect.height
            case .paragraph:
                let rect = Rect(x: x, y: y, width: width, height: labelHeight(index, width) + 2)
                layout.blocks[index] = rect
                layout.controls[index] = rect
                layout.labels[index] = rect
                return rect.height
            case .row:
                // In a section's row it lines up with the controls beside it, under their labels.
                let top = y + labelRoom
                let label = rowLabel(index, in: Rect(x: x, y: top, width: width, height: 0))
                let control = Rect(x: x, y: top, width: width, height: max(controlHeights[index], label.maxY + Self.rowLabelInset - top))
                return place(index, label: label, control: control, top: y, into: &layout)
            case .labelled:
                let label = Rect(x: x, y: y, width: width, height: tree[index].field.label.isEmpty ? 0 : labelHeight(index, width))
                let control = Rect(x: x, y: y + max(labelRoom, self.labelRoom(of: index, width: width)), width: width,
                                   height: controlHeights[index])
                return place(index, label: label, control: control, top: y, into: &layout)
            }
        }

        /// Puts a field's label and control in the flow from `top`, with room for its message
        /// under the control; returns the height it took.
        private func place(_ index: Int, label: Rect, control: Rect, top: Double, into layout: inout FormLayout) -> Double {
            let message = hasMessage[index] ? Theme.messageHeight : 0
            layout.labels[index] = label
            layout.controls[index] = control
            layout.blocks[index] = Rect(x: control.minX, y: top, width: control.width, height: control.maxY - top + message)
            return layout.blocks[index].height
        }

        /// The room a field in the flow takes above its control for its label and the gap under it.
        private func labelRoom(of index: Int, width: Double) -> Double {
            guard tree[index].control.shape == .labelled, tree[index].field.frame == nil, !tree[index].field.label.isEmpty else {
                return 0
            }
            return labelHeight(index, width) + Theme.labelGap
        }

        /// How far a row's label stands below the row's top: its first line is centred on the mark.
        static let rowLabelInset = (Theme.choiceRowHeight - Theme.labelHeight) / 2

        /// A row's label: beside the square of its mark at the starting edge, wrapped in the rest.
        private func rowLabel(_ index: Int, in row: Rect) -> Rect {
            let width = max(0, row.width - Theme.choiceRowHeight)
            return Rect(x: direction == .ltr ? row.minX + Theme.choiceRowHeight : row.minX, y: row.minY + Self.rowLabelInset,
                        width: width, height: tree[index].field.label.isEmpty ? 0 : labelHeight(index, width))
        }

        private func placeFramed(_ index: Int, frame: Rect, into layout: inout FormLayout) -> Double {
            let field = tree[index].field
            let message = hasMessage[index] ? Theme.messageHeight : 0
            layout.controls[index] = frame
            switch tree[index].control.shape {
            case .paragraph: layout.labels[index] = frame
            case .row: layout.labels[index] = rowLabel(index, in: frame)
            case .button: layout.labels[index] = Rect(x: frame.x, y: frame.y, width: frame.width, height: 0)
            case .labelled, .group:
                // The label stands above the frame, growing upwards with its lines.
                let height = field.label.isEmpty ? 0 : labelHeight(index, frame.width)
                layout.labels[index] = Rect(x: frame.x, y: frame.y - (height > 0 ? height + Theme.labelGap : 0),
                                            width: frame.width, height: height)
            }
            let top = min(frame.y, layout.labels[index].minY)
            layout.blocks[index] = Rect(x: frame.x, y: top, width: frame.width, height: frame.maxY - top + message)
            // A framed field stands outside the flow; its container does not grow for it.
            return 0
        }

        private func placeSection(_ index: Int, x: Double, y: Double, width: Double, into layout: inout FormLayout) -> Double {
            let field = tree[index].field
            let columns = max(1, field.columns)
            let columnWidth = max(0, (width - Double(columns - 1) * Theme.columnGap) / Double(columns))
            layout.labels[index] = Rect(x: x, y: y, width: width, height: field.label.isEmpty ? 0 : labelHeight(index, width))
            let top = layout.labels[index].maxY
            for child in tree[index].children where !isShown[child] { _ = place(child, x: x, y: top, width: 0, into: &layout) }
            let shownChildren = tree[index].children.filter { isShown[$0] }
            var rowTop = top, bottom = top
            for rowStart in stride(from: 0, to: shownChildren.count, by: columns) {
                let row = shownChildren[rowStart..<min(rowStart + columns, shownChildren.count)]
                // The controls of a row line up under the tallest of its labels.
                let labelRoom = row.map { self.labelRoom(of: $0, width: columnWidth) }.max() ?? 0
                var rowHeight = 0.0
                for (column, child) in row.enumerated() {
                    let slot = direction == .ltr ? column : columns - 1 - column
                    let cx = x + Double(slot) * (columnWidth + Theme.columnGap)
                    rowHeight = max(rowHeight, place(child, x: cx, y: rowTop, width: columnWidth, labelRoom: labelRoom, into: &layout))
                }
                bottom = rowTop + rowHeight
                rowTop = bottom + Theme.fieldSpacing
            }
            let block = Rect(x: x, y: y, width: width, height: bottom - y)
            layout.blocks[index] = block
            layout.controls[index] = block
            return block.height
        }
    }
}

extension FormLayout {
    /// Where each field stands in the reading order: its control, or for a section without a
    /// frame the union of its shown fields, since it "sits in the reading order where its contents
    /// are" (docs/architecture.md › Form files) and framed fields may put them far from where the
    /// flow put the section. A section that shows nothing keeps its block.
    func readingFrames(tree: FormTree, isShown: [Bool]) -> [Rect] {
        var frames = controls
        // Fields come after their section in the tree: going backwards, inner sections are done first.
        for index in (0..<tree.count).reversed() where tree[index].control.shape == .group && tree[index].field.frame == nil {
            let contents = tree[index].children.reduce(Rect.zero) { isShown[$1] ? $0.union(frames[$1]) : $0 }
            if !contents.isEmpty { frames[index] = contents }
        }
        return frames
    }
}
