import CXCBOnDemand

/// The composition as an input method draws it over XIM: each XIM_PREEDIT_DRAW replaces a run of
/// characters (Unicode scalars, as servers count them) and their feedback (underline, reverse).
struct PreeditDraft {
    struct Change {
        var first: Int
        var length: Int
        var text: String
        var feedback: [UInt32]
        var caret: Int
    }

    private(set) var scalars: [Unicode.Scalar] = []
    private var feedback: [UInt32] = []
    var caret = 0

    var isEmpty: Bool { scalars.isEmpty }

    mutating func apply(_ change: Change) {
        let first = min(max(0, change.first), scalars.count)
        let end = min(first + max(0, change.length), scalars.count)
        let inserted = Array(change.text.unicodeScalars)
        scalars.replaceSubrange(first..<end, with: inserted)
        let marks = inserted.indices.map { $0 < change.feedback.count ? change.feedback[$0] : 0 }
        feedback.replaceSubrange(min(first, feedback.count)..<min(end, feedback.count), with: marks)
        caret = change.caret
    }

    /// The text, its caret and the reversed or highlighted part (what is being converted), in
    /// Characters.
    var shown: (text: String, caret: Int, highlight: Range<Int>?) {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let string = String(text)
        func characters(_ scalarOffset: Int) -> Int {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars.prefix(max(0, min(scalarOffset, scalars.count))))
            return String(prefix).count
        }
        let strong = UInt32(XCB_XIM_REVERSE.rawValue | XCB_XIM_HIGHLIGHT.rawValue)
        let marked = feedback.indices.filter { feedback[$0] & strong != 0 }
        let highlight = marked.first.map { characters($0)..<characters(marked.last! + 1) }
        return (string, characters(caret), highlight)
    }
}
