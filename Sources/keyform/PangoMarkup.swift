/// The text of Pango markup, which zenity's and yad's `--text` are: Keyform draws a text in one
/// style, so the tags (`<b>`, `<span …>`) are left out and the entities (`&lt;`, `&amp;`,
/// `&#169;`) become their characters. Text that is not markup (a lone `<` or `&`) stays as it is.
enum PangoMarkup {
    static let entities: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]

    static func text(of markup: String) -> String {
        var result = "", rest = markup[...]
        while let character = rest.first {
            if character == "<", let end = rest.firstIndex(of: ">"), Self.isTag(rest[rest.index(after: rest.startIndex)..<end]) {
                rest = rest[rest.index(after: end)...]
            } else if character == "&", let end = rest.firstIndex(of: ";"), let decoded = Self.entity(rest[rest.index(after: rest.startIndex)..<end]) {
                result += decoded
                rest = rest[rest.index(after: end)...]
            } else {
                result.append(character)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    /// `b`, `/b`, `span font="12"`: a name after an optional `/`, no `<` inside.
    private static func isTag(_ inside: Substring) -> Bool {
        let name = inside.drop { $0 == "/" }
        return name.first?.isLetter == true && !inside.contains("<")
    }

    private static func entity(_ name: Substring) -> String? {
        if let named = entities[name] { return named }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init).map { String($0) }
    }
}
