extension Direction {
    /// The direction a paragraph of text reads in, from its first strong letter (Unicode's bidi
    /// rule P2, as Pango's auto direction and GTK's text views apply it): right to left from a
    /// Hebrew or Arabic letter, left to right from any other letter; nil when it has no letter
    /// (empty, digits, punctuation), for the caller's default.
    public init?(firstStrongIn text: some StringProtocol) {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                // ASCII's letters are A to Z and a to z: known without Unicode's property tables.
                if ("a"..."z") ~= scalar || ("A"..."Z") ~= scalar { self = .ltr; return }
                continue
            }
            if Self.isRightToLeft(scalar) { self = .rtl; return }
            if scalar.properties.isAlphabetic && scalar.properties.generalCategory != .nonspacingMark { self = .ltr; return }
        }
        return nil
    }

    /// The blocks of the scripts written right to left: Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan, Mandaic, their presentation forms, and the historic scripts of the SMP.
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            // Marks (Hebrew points, Arabic harakat) and digits in these blocks are not strong.
            return scalar.properties.isAlphabetic && scalar.properties.generalCategory != .nonspacingMark
        default:
            return false
        }
    }
}
