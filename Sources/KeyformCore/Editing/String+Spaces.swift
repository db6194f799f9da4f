extension String {
    /// Without the white space at either end: what `required` and a token look at.
    var trimmingSpaces: String {
        String(drop(while: \.isBlank).reversed().drop(while: \.isBlank).reversed())
    }
}

extension Character {
    /// `isWhitespace`, answered for ASCII without the standard library's Unicode tables. Asked
    /// of every letter typed (the undo steps) and of every character wrapped, `isWhitespace`
    /// looked each one up there, which kept 64 kB of the tables in a window's memory.
    var isBlank: Bool {
        guard let ascii = asciiValue else { return isWhitespace }
        return ascii == 0x20 || (0x09...0x0D).contains(ascii)
    }
}
