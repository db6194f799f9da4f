/// NUL (U+0000) has no place in a form's text: Pango hides it (with warnings on standard error)
/// while the value keeps it and is submitted, and C strings end at it. Form files, drafts and
/// replay events that hold one are refused, naming the place.
public enum NulCharacter {
    /// What a form file or a draft is told at the text that holds one.
    public static let notAllowed = "a NUL character (\\u0000) is not allowed"
}

extension StringProtocol {
    public var containsNUL: Bool { containsByte { $0 == 0 } }
}
