extension StringProtocol {
    /// Whether any of the text's UTF-8 bytes satisfies `predicate`: read from its contiguous
    /// bytes where it has them, several times faster than through `utf8` (a 10 MB value is
    /// scanned when a form opens).
    func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}
