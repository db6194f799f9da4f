/// Where a token field puts its chips and its input: in rows from the form's starting edge, a
/// chip going on to the next row when it does not fit the rest of this one, and the input after
/// the last chip, or on a row of its own when what is typed in it does not fit there. Offsets are
/// from the starting edge of the room inside the field, so a right-to-left form mirrors them.
/// O(n) in the tokens.
struct TokenFlow: Equatable {
    struct Place: Equatable {
        var row: Int
        var offset: Double
        var width: Double
    }

    var chips: [Place]
    /// The input takes the rest of its row.
    var input: Place
    var rows: Int { input.row + 1 }

    /// - Parameters:
    ///   - chipWidths: each chip's width; one wider than a row is cut to the row.
    ///   - inputWidth: the least room the input needs (its text and the caret).
    ///   - width: the room a row has; `gap` goes between chips.
    init(chipWidths: [Double], inputWidth: Double, width: Double, gap: Double) {
        var row = 0, offset = 0.0
        func place(_ wanted: Double) -> Place {
            if offset > 0 && offset + wanted > width {
                row += 1
                offset = 0
            }
            return Place(row: row, offset: offset, width: min(wanted, width))
        }
        chips = chipWidths.map { chipWidth in
            let chip = place(chipWidth)
            offset += chip.width + gap
            return chip
        }
        input = place(min(inputWidth, width))
        input.width = max(0, width - input.offset)
    }
}
