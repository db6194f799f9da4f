import KeyformCore
import KeyformGLib

/// `org.a11y.atspi.Text` and `EditableText`: an entry's text (a password's only as bullets),
/// its units, its caret and selection, and edits, all in AT-SPI's offsets (scalars; see
/// `AccessibleText`). Text has no attributes here, and the extents of any of it are its
/// object's.
extension AccessibleServer {
    func textProperty(_ name: String, node: AccessibleNode) -> DBusValue? {
        guard let text = node.text else { return nil }
        switch name {
        case "CharacterCount": return .int(text.count)
        case "CaretOffset": return .int(text.caret)
        default: return nil
        }
    }

    func textCall(_ method: String, on id: AccessibleID, node: AccessibleNode, _ arguments: DBusArguments) -> Reply {
        guard let text = node.text else { return .defunct }
        let unit = { (range: Range<Int>) -> Reply in .values([.string(text.slice(from: range.lowerBound, to: range.upperBound)),
                                                              .int(range.lowerBound), .int(range.upperBound)]) }
        let whole = { (range: Range<Int>) -> Reply in .values([.attributes([]), .int(range.lowerBound), .int(range.upperBound)]) }
        let frame = { (type: UInt32) -> Reply in
            let frame = self.convert(node.frame, of: id, to: type)
            return .values([.int(Int(frame.x)), .int(Int(frame.y)), .int(Int(frame.width)), .int(Int(frame.height))])
        }
        switch method {
        case "GetText": return .value(.string(text.slice(from: arguments.int(0), to: arguments.int(1))))
        case "GetStringAtOffset":
            let granularity = AccessibleText.Granularity(rawValue: Int(arguments.uint(1))) ?? .character
            return unit(text.range(at: arguments.int(0), granularity))
        case "GetTextAtOffset": return unit(text.range(at: arguments.int(0), Self.granularity(ofBoundary: arguments.uint(1))))
        case "GetTextBeforeOffset":
            let granularity = Self.granularity(ofBoundary: arguments.uint(1))
            let here = text.range(at: arguments.int(0), granularity)
            return unit(here.lowerBound > 0 ? text.range(at: here.lowerBound - 1, granularity) : 0..<0)
        case "GetTextAfterOffset":
            let granularity = Self.granularity(ofBoundary: arguments.uint(1))
            let here = text.range(at: arguments.int(0), granularity)
            return unit(here.upperBound < text.count ? text.range(at: here.upperBound, granularity) : text.count..<text.count)
        case "GetCharacterAtOffset": return .value(.int(text.scalar(at: arguments.int(0)).map { Int($0.value) } ?? 0))
        case "SetCaretOffset":
            let offset = arguments.int(0)
            return .value(.bool(session.selectAccessibleText(of: id, anchor: offset, caret: offset)))
        case "GetNSelections": return .value(.int(text.selection.isEmpty ? 0 : 1))
        case "GetSelection":
            let selection = arguments.int(0) == 0 ? text.selection : 0..<0
            return .values([.int(selection.lowerBound), .int(selection.upperBound)])
        case "AddSelection", "SetSelection":
            let (start, end) = method == "AddSelection" ? (arguments.int(0), arguments.int(1)) : (arguments.int(1), arguments.int(2))
            return .value(.bool(session.selectAccessibleText(of: id, anchor: start, caret: end)))
        case "RemoveSelection":
            return .value(.bool(session.selectAccessibleText(of: id, anchor: text.caret, caret: text.caret)))
        case "GetAttributeValue": return .value(.string(""))
        case "GetAttributes": return whole(0..<text.count)
        case "GetAttributeRun": return whole(0..<text.count)
        case "GetDefaultAttributes", "GetDefaultAttributeSet": return .value(.attributes([]))
        case "GetCharacterExtents": return frame(arguments.uint(1))
        case "GetRangeExtents": return frame(arguments.uint(2))
        case "GetOffsetAtPoint": return .value(.int(-1))
        default: return .failure("no method \(method)")
        }
    }

    func editableTextCall(_ method: String, on id: AccessibleID, node: AccessibleNode, _ arguments: DBusArguments) -> Reply {
        switch method {
        case "SetTextContents": return .value(.bool(session.editAccessibleText(of: id, replacing: nil, with: arguments.string(0))))
        case "InsertText":
            let at = arguments.int(0)
            return .value(.bool(session.editAccessibleText(of: id, replacing: at..<at, with: arguments.string(1))))
        case "DeleteText": return .value(.bool(session.editAccessibleText(of: id, replacing: range(arguments), with: "")))
        case "CopyText":
            session.copyAccessibleText(of: id, range: range(arguments))
            return .values([])
        case "CutText":
            let range = range(arguments)
            return .value(.bool(session.copyAccessibleText(of: id, range: range) && session.editAccessibleText(of: id, replacing: range, with: "")))
        // The clipboard is read from the X server, answered later: there is nothing to paste now.
        case "PasteText": return .value(.bool(false))
        default: return .failure("no method \(method)")
        }
    }

    /// Two offsets in either order, as a range.
    private func range(_ arguments: DBusArguments) -> Range<Int> {
        let a = max(0, arguments.int(0)), b = max(0, arguments.int(1))
        return min(a, b)..<max(a, b)
    }

    /// The unit an old `AtspiTextBoundaryType` asks for: character; word start and end; sentence
    /// start and end; line start and end.
    static func granularity(ofBoundary boundary: UInt32) -> AccessibleText.Granularity {
        switch boundary {
        case 1, 2: .word
        case 3, 4: .sentence
        case 5, 6: .line
        default: .character
        }
    }
}
