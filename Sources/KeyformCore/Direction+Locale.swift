extension Direction {
    /// Languages written right to left (ISO 639 codes, with the old `iw`/`ji` for Hebrew/Yiddish).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "mzn", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction of a POSIX locale name, `language[_TERRITORY][.codeset][@modifier]` (or a
    /// BCP 47 tag, `ar-EG`): right to left for Arabic, Hebrew, Persian, Urdu and the like.
    public init(locale: String) {
        let language = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }
        self = Self.rightToLeftLanguages.contains(language.lowercased()) ? .rtl : .ltr
    }
}
