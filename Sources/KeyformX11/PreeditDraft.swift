import CXCBOnDemand
import KeyformCore

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

    /// The text, its caret and its segments, in Characters: each run of characters the server
    /// gives the same feedback is one segment (XIM has no other word for a clause: two clauses
    /// drawn alike are one run), converted where it is reversed or highlighted, as GTK's XIM
    /// module draws XIMReverse.
    var shown: (text: String, caret: Int, segments: [PreeditSegment]) {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let string = String(text)
        func characters(_ scalarOffset: Int) -> Int {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars.prefix(max(0, min(scalarOffset, scalars.count))))
            return String(prefix).count
        }
        let drawn = UInt32(XCB_XIM_REVERSE.rawValue | XCB_XIM_UNDERLINE.rawValue | XCB_XIM_HIGHLIGHT.rawValue)
        let strong = UInt32(XCB_XIM_REVERSE.rawValue | XCB_XIM_HIGHLIGHT.rawValue)
        let marks = scalars.indices.map { $0 < feedback.count ? feedback[$0] & drawn : 0 }
        var segments: [PreeditSegment] = []
        var start = 0
        while start < marks.count {
            var end = start + 1
            while end < marks.count && marks[end] == marks[start] { end += 1 }
            // A run inside one grapheme (conjoining jamo given different feedback) counts no Characters.
            let range = characters(start)..<characters(end)
            if !range.isEmpty { segments.append(PreeditSegment(range, converted: marks[start] & strong != 0)) }
            start = end
        }
        return (string, characters(caret), segments)
    }
}
