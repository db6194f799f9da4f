/// Limits on what a form file holds (`InputLimits`, README › Limits), checked over the whole
/// document before it is read: every text, each value, the number of fields, options and tokens,
/// the window size. Each limit passed is reported at its place like any other problem, so a form
/// that would take minutes and gigabytes to lay out is refused by `check` in milliseconds.
///
/// The walk keeps the JSON path as a stack of keys and indices, joined only for a message.
extension FormDecoder {
    /// Checks the members of the form's object.
    mutating func checkLimits(_ members: [JSONMember]) {
        var path = LimitPath()
        var fieldCount = 0
        for member in members {
            path.enter(member.key)
            switch member.key {
            case "fields": checkFields(member.value, &path, &fieldCount)
            case "size": checkWindowSize(member.value, &path)
            default: checkTexts(member.value, &path)
            }
            path.leave()
        }
    }

    /// A `fields` array, of the form or of a section; `count` is the form's fields so far.
    private mutating func checkFields(_ node: JSONNode, _ path: inout LimitPath, _ count: inout Int) {
        guard case .array(let items) = node.kind else { return checkTexts(node, &path) }
        for (index, item) in items.enumerated() {
            path.enter(index)
            count += 1
            if count == InputLimits.fields + 1 {
                report("more than \(InputLimits.describe(count: InputLimits.fields)) fields, the most a form may have",
                       at: item, path: path.description)
            }
            if case .object(let members) = item.kind {
                for member in members {
                    path.enter(member.key)
                    switch member.key {
                    case "fields": checkFields(member.value, &path, &count)
                    case "value": checkValue(member.value, &path)
                    case "options": checkOptions(member.value, &path)
                    default: checkTexts(member.value, &path)
                    }
                    path.leave()
                }
            }
            path.leave()
        }
    }

    /// A field's value: a text (a text area's may be long), or the tokens of a token field.
    private mutating func checkValue(_ node: JSONNode, _ path: inout LimitPath) {
        switch node.kind {
        case .string(let text):
            if text.utf8.count > InputLimits.valueBytes {
                report("value longer than \(InputLimits.describe(bytes: InputLimits.valueBytes)), the most a value may hold",
                       at: node, path: path.description)
            }
        case .array(let items):
            if items.count > InputLimits.options {
                report("more than \(InputLimits.describe(count: InputLimits.options)) tokens, the most a value may hold",
                       at: node, path: path.description)
            }
            for (index, item) in items.enumerated() {
                path.enter(index)
                checkValue(item, &path)
                path.leave()
            }
        default: break
        }
    }

    private mutating func checkOptions(_ node: JSONNode, _ path: inout LimitPath) {
        if case .array(let items) = node.kind, items.count > InputLimits.options {
            report("more than \(InputLimits.describe(count: InputLimits.options)) options, the most a field may have",
                   at: node, path: path.description)
        }
        checkTexts(node, &path)
    }

    /// The form's `size`: no wider or taller than a window may be.
    private mutating func checkWindowSize(_ node: JSONNode, _ path: inout LimitPath) {
        guard case .object(let members) = node.kind else { return checkTexts(node, &path) }
        for member in members {
            path.enter(member.key)
            if case .number(let side) = member.value.kind, side > InputLimits.windowSides.upperBound {
                report("\(member.key) above \(Int(InputLimits.windowSides.upperBound)), the most a window may be",
                       at: member.value, path: path.description)
            }
            checkTexts(member.value, &path)
            path.leave()
        }
    }

    /// Every string in `node`, however deep: titles, labels, placeholders, options, ids, patterns,
    /// commands.
    private mutating func checkTexts(_ node: JSONNode, _ path: inout LimitPath) {
        switch node.kind {
        case .string(let text):
            if text.utf8.count > InputLimits.textBytes {
                report("text longer than \(InputLimits.describe(bytes: InputLimits.textBytes)), the most a title, label, option or other text may hold",
                       at: node, path: path.description)
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                path.enter(index)
                checkTexts(item, &path)
                path.leave()
            }
        case .object(let members):
            for member in members {
                path.enter(member.key)
                checkTexts(member.value, &path)
                path.leave()
            }
        case .null, .bool, .number: break
        }
    }
}

/// A JSON path being walked, `fields[3].label`, kept as its parts.
struct LimitPath: CustomStringConvertible {
    private enum Part {
        case key(String)
        case index(Int)
    }

    private var parts: [Part] = []

    mutating func enter(_ key: String) { parts.append(.key(key)) }
    mutating func enter(_ index: Int) { parts.append(.index(index)) }
    mutating func leave() { parts.removeLast() }

    var description: String {
        parts.reduce(into: "") { path, part in
            switch part {
            case .key(let key): path = jsonPath(path, key)
            case .index(let index): path += "[\(index)]"
            }
        }
    }
}
