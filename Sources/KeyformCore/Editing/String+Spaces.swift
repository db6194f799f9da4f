extension String {
    /// Without the white space at either end: what `required` and a token look at.
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
