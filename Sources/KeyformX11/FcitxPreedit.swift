import KeyformCore

/// fcitx5's composition as its D-Bus input context sends it (`UpdateFormattedPreedit`): pieces of
/// text, each with its `TextFormatFlags`, and the caret as a byte offset into their UTF-8 (-1: no
/// caret). Each piece is one segment, as the engine cut it (fcitx5's phrase clauses); one it
/// highlights is the one being converted, as GTK's fcitx5 module draws it.
struct FcitxPreedit: Equatable {
    var text = ""
    var caret: Int?
    var segments: [PreeditSegment] = []

    /// fcitx5's `TextFormatFlag::HighLight` (src/lib/fcitx-utils/textformatflags.h).
    static let highlight: Int32 = 1 << 4

    init() {}

    init(pieces: [(text: String, format: Int32)], cursor: Int32) {
        var start = 0
        for piece in pieces {
            text += piece.text
            // Counted on the whole text: a piece may end inside a grapheme the next one completes.
            let end = text.count
            if end > start { segments.append(PreeditSegment(start..<end, converted: piece.format & Self.highlight != 0)) }
            start = end
        }
        if cursor >= 0 { caret = String(decoding: text.utf8.prefix(Int(cursor)), as: UTF8.self).count }
    }

    var isEmpty: Bool { text.isEmpty }
}
