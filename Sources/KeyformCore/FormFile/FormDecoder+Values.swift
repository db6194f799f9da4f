/// Typed readers: each returns the value if it has the expected shape, else reports why and
/// returns nil so the caller keeps its default.
///
/// Paths are passed unevaluated: joining `fields[3].placeholder` for every value read would cost
/// more than parsing the file, and a path is needed only for a message.
extension FormDecoder {
    /// Text of any kind: a NUL in it (a `\u0000` escape) is reported, and the text left out.
    mutating func string(_ node: JSONNode, _ path: @autoclosure () -> String) -> String? {
        guard case .string(let text) = node.kind else {
            report("expected a string", at: node, path: path())
            return nil
        }
        guard !text.containsNUL else {
            report(NulCharacter.notAllowed, at: node, path: path())
            return nil
        }
        return text
    }

    mutating func bool(_ node: JSONNode, _ path: @autoclosure () -> String) -> Bool? {
        if case .bool(let value) = node.kind { return value }
        report("expected true or false", at: node, path: path())
        return nil
    }

    mutating func number(_ node: JSONNode, _ path: @autoclosure () -> String) -> Double? {
        if case .number(let value) = node.kind { return value }
        report("expected a number", at: node, path: path())
        return nil
    }

    /// A whole number; JSON does not tell `2` from `2.0`, so both are accepted.
    mutating func integer(_ node: JSONNode, _ path: @autoclosure () -> String) -> Int? {
        if case .number(let value) = node.kind, let integer = Int(exactly: value) { return integer }
        report("expected an integer", at: node, path: path())
        return nil
    }

    mutating func integer(_ node: JSONNode, _ path: @autoclosure () -> String, in range: ClosedRange<Int>, _ rule: String) -> Int? {
        guard let value = integer(node, path()) else { return nil }
        guard range.contains(value) else { report(rule, at: node, path: path()); return nil }
        return value
    }

    mutating func array(_ node: JSONNode, _ path: @autoclosure () -> String) -> [JSONNode]? {
        if case .array(let items) = node.kind { return items }
        report("expected an array", at: node, path: path())
        return nil
    }

    /// An array of strings; each element that is not a string is reported on its own.
    mutating func strings(_ node: JSONNode, _ path: @autoclosure () -> String) -> [String]? {
        guard case .array(let items) = node.kind else {
            report("expected an array of strings", at: node, path: path())
            return nil
        }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let text = string(item, "\(path())[\(index)]") else { continue }
            result.append(text)
        }
        return result.count == items.count ? result : nil
    }

    /// An object whose keys are all in `known` (unknown ones are reported, and ignored).
    mutating func object(_ node: JSONNode, _ path: @autoclosure () -> String, known: [String]) -> [JSONMember]? {
        guard case .object(let members) = node.kind else {
            report("expected an object", at: node, path: path())
            return nil
        }
        checkKeys(members, known: known, path: path())
        return members
    }

    mutating func checkKeys(_ members: [JSONMember], known: [String], path: String) {
        for member in members where !known.contains(member.key) {
            report("unknown key \"\(member.key)\"" + didYouMean(member.key, known),
                   atKeyOf: member, path: jsonPath(path, member.key))
        }
    }

    /// One of a fixed set of words: `unknown edge "wrp"; use "wrap", "stop" or "leave"`.
    mutating func choice<Choice: RawRepresentable<String>>(
        _ node: JSONNode, _ path: @autoclosure () -> String, _ what: String, _ choices: [Choice]
    ) -> Choice? {
        guard let word = string(node, path()) else { return nil }
        if let choice = choices.first(where: { $0.rawValue == word }) { return choice }
        report("unknown \(what) \"\(word)\"; use " + alternatives(choices.map(\.rawValue)), at: node, path: path())
        return nil
    }

    /// The numbers under `keys`, all required, in that order (`{"x","y","width","height"}` or
    /// `{"width","height"}`); a width or height must be greater than 0.
    mutating func numbers(_ node: JSONNode, _ path: @autoclosure () -> String, keys: [String]) -> [Double]? {
        guard let members = object(node, path(), known: keys) else { return nil }
        var values: [Double] = []
        for key in keys {
            guard let member = members.first(where: { $0.key == key }) else {
                report("missing \"\(key)\"", at: node, path: path())
                continue
            }
            guard let value = number(member.value, jsonPath(path(), key)) else { continue }
            if key == "width" || key == "height", value <= 0 {
                report("\(key) must be greater than 0", at: member.value, path: jsonPath(path(), key))
                continue
            }
            values.append(value)
        }
        return values.count == keys.count ? values : nil
    }
}

/// `"a", "b" or "c"`.
func alternatives(_ words: [String]) -> String {
    let quoted = words.map { "\"\($0)\"" }
    return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
