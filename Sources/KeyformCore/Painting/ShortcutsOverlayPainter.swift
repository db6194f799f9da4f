/// Where the shortcuts overlay's parts go: a panel in the middle of the window, its rows in as
/// many columns as the window is wide enough for, scrolling when even that does not fit.
struct ShortcutsOverlayLayout {
    enum Row: Equatable {
        case heading(String)
        case item(ShortcutsOverlay.Item)

        var isItem: Bool { if case .item = self { true } else { false } }
    }

    var panel: Rect
    /// Where the rows show; they scroll inside it.
    var list: Rect
    var columns: [[Row]]
    var columnWidths: [Double]
    var contentHeight: Double
    var listHeight: Double { list.height }

    static let margin = 8.0, padding = 12.0, headerHeight = 26.0, rowHeight = 21.0, columnGap = 20.0
    static let titleFont = Font(size: 14, bold: true), headingFont = Font(size: 11, bold: true)
    static let itemFont = Font(size: 12), keyFont = Font(size: 11, bold: true)
    static let keyPadding = 4.0, keyGap = 4.0, titleGap = 12.0

    /// The row, within its column, of the overlay's item `index`; nil when there is none.
    func row(ofItem index: Int) -> Int? {
        var items = 0
        for column in columns {
            for (row, entry) in column.enumerated() {
                guard case .item = entry else { continue }
                if items == index { return row }
                items += 1
            }
        }
        return nil
    }

    /// Rows in columns of at most `capacity`; a heading never ends a column (it moves on with
    /// its items).
    static func split(_ rows: [Row], capacity: Int) -> [[Row]] {
        var columns: [[Row]] = [[]]
        for (index, row) in rows.enumerated() {
            let filled = columns[columns.count - 1].count
            var breaks = filled >= capacity
            // A heading in a column's last place would be alone there: it moves on with its items.
            if case .heading = row, filled + 1 >= capacity, index + 1 < rows.count { breaks = true }
            if breaks && filled > 0 { columns.append([]) }
            columns[columns.count - 1].append(row)
        }
        return columns
    }
}

extension FormSession {
    func shortcutsOverlayLayout(_ overlay: ShortcutsOverlay) -> ShortcutsOverlayLayout {
        typealias L = ShortcutsOverlayLayout
        var rows: [L.Row] = [], group: String?
        for item in overlay.items {
            if item.group != group { rows.append(.heading(item.group)) }
            group = item.group
            rows.append(.item(item))
        }
        let area = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height).insetBy(dx: L.margin, dy: L.margin)
        let innerWidth = max(1, area.width - 2 * L.padding)
        let rowsFit = max(1, Int((area.height - 2 * L.padding - L.headerHeight) / L.rowHeight))
        let widths = rows.map(rowWidth)
        // One column more at a time until the rows fit the height, as long as the columns (each
        // as wide as its widest row) fit across; what still does not fit scrolls.
        var columns = [rows], columnWidths = [min(innerWidth, widths.max() ?? 0)], capacity = rows.count
        for count in 2...max(2, rows.count) where capacity > rowsFit {
            var tried = max(1, (rows.count + count - 1) / count)
            while L.split(rows, capacity: tried).count > count { tried += 1 }
            let split = L.split(rows, capacity: tried)
            var start = 0
            let splitWidths = split.map { column in
                defer { start += column.count }
                return widths[start..<start + column.count].max() ?? 0
            }
            guard splitWidths.reduce(0, +) + Double(split.count - 1) * L.columnGap <= innerWidth else { break }
            (columns, columnWidths, capacity) = (split, splitWidths, tried)
        }
        let contentHeight = Double(capacity) * L.rowHeight
        // Whole rows only: a scrolled list never shows half a row at its end.
        let listHeight = min(contentHeight, Double(rowsFit) * L.rowHeight)
        let width = columnWidths.reduce(0, +) + Double(columns.count - 1) * L.columnGap + 2 * L.padding
        let height = listHeight + L.headerHeight + 2 * L.padding
        let panel = Rect(x: ((viewport.width - width) / 2).rounded(), y: ((viewport.height - height) / 2).rounded(),
                         width: width, height: height)
        let list = Rect(x: panel.minX + L.padding, y: panel.minY + L.padding + L.headerHeight,
                        width: width - 2 * L.padding, height: listHeight)
        return L(panel: panel, list: list, columns: columns, columnWidths: columnWidths, contentHeight: contentHeight)
    }

    private func rowWidth(_ row: ShortcutsOverlayLayout.Row) -> Double {
        typealias L = ShortcutsOverlayLayout
        switch row {
        case .heading(let text): return measurer.width(text.uppercased(), font: L.headingFont)
        case .item(let item): return measurer.width(item.title, font: L.itemFont) + L.titleGap + keysWidth(item.chords)
        }
    }

    private func keysWidth(_ chords: [String]) -> Double {
        typealias L = ShortcutsOverlayLayout
        return chords.reduce(0) { $0 + measurer.width($1, font: L.keyFont) + 2 * L.keyPadding } + Double(chords.count - 1) * L.keyGap
    }

    func paintShortcutsOverlay(_ overlay: ShortcutsOverlay, into list: inout DisplayList) {
        typealias L = ShortcutsOverlayLayout
        let layout = shortcutsOverlayLayout(overlay)
        let panel = layout.panel
        list.append(.fill(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), palette.scrim, radius: 0))
        list.append(.fill(panel.offsetBy(dx: 0, dy: 3), palette.overlayShadow, radius: 10))
        list.append(.fill(panel, palette.fieldBackground, radius: 10))
        list.append(.stroke(panel.insetBy(dx: 0.5, dy: 0.5), palette.border, lineWidth: 1, radius: 10))
        let titleY = panel.minY + L.padding + (L.headerHeight - 8 - measurer.lineHeight(L.titleFont)) / 2
        let title = "Keyboard shortcuts"
        list.append(.text(TextRun(text: title, origin: Point(x: panel.minX + L.padding, y: titleY), font: L.titleFont, color: palette.text)))
        // How to close it, where there is room beside the title.
        let hint = overlay.shownByHold ? "Release Ctrl to close" : "Escape closes"
        let hintWidth = measurer.width(hint, font: L.itemFont)
        if measurer.width(title, font: L.titleFont) + L.columnGap + hintWidth <= panel.width - 2 * L.padding {
            let y = titleY + measurer.lineHeight(L.titleFont) - measurer.lineHeight(L.itemFont)
            list.append(.text(TextRun(text: hint, origin: Point(x: panel.maxX - L.padding - hintWidth, y: y),
                                      font: L.itemFont, color: palette.placeholder)))
        }
        list.append(.pushClip(layout.list))
        var x = layout.list.minX, item = 0
        for (rows, width) in zip(layout.columns, layout.columnWidths) {
            for (index, row) in rows.enumerated() {
                let rowRect = Rect(x: x, y: layout.list.minY + Double(index) * L.rowHeight - overlay.scroll,
                                   width: width, height: L.rowHeight)
                let highlighted = row.isItem && item == overlay.highlighted
                if row.isItem { item += 1 }
                guard rowRect.intersects(layout.list) else { continue }
                if highlighted { list.append(.fill(rowRect.insetBy(dx: -4, dy: 0), palette.highlight, radius: 4)) }
                paintOverlayRow(row, in: rowRect, into: &list)
            }
            x += width + L.columnGap
        }
        list.append(.popClip)
        if layout.contentHeight > layout.listHeight {
            let track = Rect(x: panel.maxX - 7, y: layout.list.minY, width: 4, height: layout.listHeight)
            let thumbHeight = max(16, track.height * layout.listHeight / layout.contentHeight)
            let thumbY = track.minY + (track.height - thumbHeight) * overlay.scroll / (layout.contentHeight - layout.listHeight)
            list.append(.fill(Rect(x: track.minX, y: thumbY, width: track.width, height: thumbHeight), palette.scrollThumb, radius: 2))
        }
    }

    private func paintOverlayRow(_ row: ShortcutsOverlayLayout.Row, in rect: Rect, into list: inout DisplayList) {
        typealias L = ShortcutsOverlayLayout
        switch row {
        case .heading(let text):
            let y = rect.maxY - measurer.lineHeight(L.headingFont) - 3
            list.append(.text(TextRun(text: text.uppercased(), origin: Point(x: rect.minX, y: y), font: L.headingFont, color: palette.tokenText)))
        case .item(let item):
            let lineHeight = measurer.lineHeight(L.keyFont) + 2
            var x = rect.maxX
            for chord in item.chords.reversed() {
                let cap = Rect(x: x - measurer.width(chord, font: L.keyFont) - 2 * L.keyPadding, y: rect.midY - lineHeight / 2,
                               width: measurer.width(chord, font: L.keyFont) + 2 * L.keyPadding, height: lineHeight)
                list.append(.fill(cap, palette.background, radius: 4))
                list.append(.stroke(cap, palette.separator, lineWidth: 1, radius: 4))
                list.append(.text(TextRun(text: chord, origin: Point(x: cap.minX + L.keyPadding, y: cap.minY + 1),
                                          font: L.keyFont, color: palette.labelText)))
                x = cap.minX - L.keyGap
            }
            let room = x + L.keyGap - L.titleGap - rect.minX
            let title = painter.fitted(item.title, font: L.itemFont, width: room)
            list.append(.text(TextRun(text: title, origin: Point(x: rect.minX, y: rect.midY - measurer.lineHeight(L.itemFont) / 2),
                                      font: L.itemFont, color: palette.text)))
        }
    }
}
