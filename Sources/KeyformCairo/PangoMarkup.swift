import CPango

/// Pango markup (`<b>…</b>`, `<span foreground="red">`, `&lt;`), read by Pango's own parser
/// (`pango_parse_markup`), as GTK reads a label's: zenity's and yad's `--text` and yad's label
/// texts are markup. The plain text is what screen readers and replay read; the markup is
/// drawn as it is (`MarkupLayout`).
public enum PangoMarkup {
    /// Why a text is not markup: Pango's message (GTK warns with it and shows no text).
    public struct Invalid: Error, Equatable {
        public let message: String
    }

    /// The text of `markup` without its tags, its entities read.
    public static func plainText(of markup: String) throws(Invalid) -> String {
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, &error) != 0, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not markup"
            if let error { g_error_free(error) }
            throw Invalid(message: message)
        }
        defer { g_free(text) }
        return String(cString: text)
    }
}
