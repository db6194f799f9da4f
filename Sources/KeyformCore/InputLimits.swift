/// The most Keyform reads or holds of anything that comes from outside (README › Limits): no file,
/// pipe, flag or event can make it take unbounded memory or time. Each limit is far above what a
/// form needs, and passing one is an error that names it (exit 2), never a silent cut.
public enum InputLimits {
    /// A form file, or a form on standard input (`--form -`).
    public static let formFileBytes = 16 << 20
    /// A draft file: it holds the values, each up to `valueBytes`.
    public static let draftFileBytes = 64 << 20
    /// Replay events on standard input: one line (a `paste:` as long as a value), all of them,
    /// and how many (so that a flood of short lines cannot fill the memory either).
    public static let eventLineBytes = 16 << 20
    public static let eventBytes = 64 << 20
    public static let events = 1_000_000
    /// Every text in a form file that is not a value: title, labels, placeholders, options, ids,
    /// patterns, commands. Each is laid out and measured whole, so its cost grows with its length.
    public static let textBytes = 16 << 10
    /// A field's value (from a form file, `--value` or a draft), and each token of a token field.
    /// Text areas hold 10 MB texts, and a one-line field can be pasted that much, which its draft
    /// must give back.
    public static let valueBytes = 16 << 20
    /// The fields of a form, sections and their fields included: ten times the largest form the
    /// benchmarks open.
    public static let fields = 100_000
    /// The options of a picker or token field, and the tokens of a value: more than a person can
    /// pick from.
    public static let options = 10_000
    /// The width and height of the window (`size`, `--size`, `resize:`): `render` draws an image
    /// of that size, 256 MiB at 8192×8192.
    public static let windowSides = 1.0...8192.0

    /// `16 MiB`, `16 KiB`, `100 bytes`: a limit as messages name it.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// `100,000`: a count as messages name it.
    public static func describe(count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
