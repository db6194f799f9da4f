/// One font's letter advances, each read from the font the first time it is asked for (see
/// `PangoTextMeasurer.surelyFits`). ASCII is kept in a table by code: opening a form of 10,000
/// labels asks for 100,000 letters, and a dictionary hashed each one, with the font before it.
struct LetterAdvances {
    /// By ASCII code: nil until read; an inner nil for a letter with no advance of its own.
    private var ascii = [Double??](repeating: nil, count: 128)
    private var others: [Unicode.Scalar: Double?] = [:]

    /// The sum of `text`'s advances, or nil when a letter has none; `read` gives a letter's
    /// advance (nil: none), and is asked once for each letter.
    mutating func total(of text: String, read: (Unicode.Scalar) -> Double?) -> Double? {
        var total = 0.0
        for scalar in text.unicodeScalars {
            guard let advance = advance(of: scalar, read: read) else { return nil }
            total += advance
        }
        return total
    }

    private mutating func advance(of scalar: Unicode.Scalar, read: (Unicode.Scalar) -> Double?) -> Double? {
        if scalar.isASCII {
            if let known = ascii[Int(scalar.value)] { return known }
            let advance = read(scalar)
            ascii[Int(scalar.value)] = .some(advance)
            return advance
        }
        if let known = others[scalar] { return known }
        let advance = read(scalar)
        others[scalar] = .some(advance)
        return advance
    }
}
