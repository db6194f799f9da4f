/// The text limits of a form that was not read from a file (quick-form flags, zenity's and yad's
/// command lines, `--title`), the same a form file's texts have (`FormDecoder` checks those as it
/// reads them, with their place).
extension Form {
    /// The first text past `InputLimits.textBytes` (the title, a label, a placeholder, an
    /// option) or the first field with more than `InputLimits.options` options, as a message
    /// that names it; nil when everything fits.
    public var limitProblem: String? {
        let most = InputLimits.describe(bytes: InputLimits.textBytes)
        if title.utf8.count > InputLimits.textBytes { return "the title is longer than \(most), the most a title may hold" }
        return Self.limitProblem(in: fields, most: most)
    }

    private static func limitProblem(in fields: [Field], most: String) -> String? {
        for field in fields {
            let texts = [("a label", field.label), ("a placeholder", field.placeholder)] + field.options.map { ("an option", $0) }
            // An id made from a long label is as long: the message shows its start.
            let id = field.id.count > 40 ? field.id.prefix(40) + "…" : field.id
            if let (what, _) = texts.first(where: { $0.1.utf8.count > InputLimits.textBytes }) {
                return "\"\(id)\" has \(what) longer than \(most), the most a title, label, option or other text may hold"
            }
            if field.options.count > InputLimits.options {
                return "\"\(id)\" has more than \(InputLimits.describe(count: InputLimits.options)) options, the most a field may have"
            }
            if let problem = limitProblem(in: field.fields, most: most) { return problem }
        }
        return nil
    }
}
