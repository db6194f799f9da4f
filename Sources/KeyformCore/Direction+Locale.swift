extension Direction {
    /// Languages written right to left (ISO 639 codes, with the old `iw`/`ji` for Hebrew/Yiddish).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "mzn", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The direction of a POSIX locale name, `language[_TERRITORY][.codeset][@modifier]` (or a
    /// BCP 47 tag, `ar-EG`): right to left for Arabic, Hebrew, Persian, Urdu and the like.
    public init(locale: String) {
        // Byte by byte: a locale name is ASCII, and the language its letters up to a separator.
        let language = locale.utf8.prefix { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "-") }
        let lowercased = language.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 0x20 : $0 }
        self = Self.rightToLeftLanguages.contains(String(decoding: lowercased, as: UTF8.self)) ? .rtl : .ltr
    }
}
