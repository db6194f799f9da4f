/// Reading fields and sections.
extension FormDecoder {
    /// The keys `field` reads, for "did you mean".
    static let fieldKeys = [
        "id", "type", "label", "placeholder", "value", "options", "hidden", "disabled", "tabStop", "tabIndex",
        "required", "maxLength", "showWhen", "action", "frame", "fields", "tabOrder", "columns", "pattern", "min", "max",
        "rows", "maxRows", "readOnly", "step", "format", "patternMessage",
    ]

    /// The `fields` array of the form (`section` nil) or of a section.
    mutating func fields(_ node: JSONNode, path: String, section: String?) -> [Field] {
        guard let items = array(node, path) else { return [] }
        if section == nil { reserveDeclarations(items.count) }
        var fields: [Field] = []
        fields.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let field = field(item, at: FieldPlace(array: path, index: index), section: section) { fields.append(field) }
        }
        return fields
    }

    /// One field. Its keys are told apart by a single `switch` (whose `default` catches unknown
    /// keys) because on large forms comparing keys is much of the decoder's work.
    mutating func field(_ node: JSONNode, at place: FieldPlace, section: String?) -> Field? {
        guard case .object(let members) = node.kind else {
            report("expected an object", at: node, path: place.path)
            return nil
        }
        let kind = kind(members, node, place.path)
        let id = id(members, node, place, kind: kind, section: section)
        var field = Field(id: id ?? "", kind: kind ?? .text)
        field.format = Self.format(members)
        var value: JSONMember?, order: JSONMember?, patternMessage: JSONMember?, optionsAreValid = true
        for member in members {
            let node = member.value
            func memberPath() -> String { jsonPath(place.path, member.key) }
            switch member.key {
            case "id", "type": break
            case "label": field.label = string(node, memberPath()) ?? ""
            case "value": value = member
            case "placeholder": field.placeholder = string(node, memberPath()) ?? ""
            case "options":
                guard allowed(member, kind, memberPath()) else { break }
                let options = strings(node, memberPath())
                optionsAreValid = options != nil
                field.options = options ?? []
            case "required": field.required = bool(node, memberPath()) ?? false
            case "hidden": field.hidden = bool(node, memberPath()) ?? false
            case "disabled": field.disabled = bool(node, memberPath()) ?? false
            case "tabStop": field.tabStop = bool(node, memberPath()) ?? true
            case "tabIndex": field.tabIndex = integer(node, memberPath()) ?? 0
            case "maxLength": field.maxLength = integer(node, memberPath(), in: 0...Int.max, "maxLength must be 0 or more")
            case "rows", "maxRows":
                guard allowed(member, kind, memberPath()) else { break }
                let rows = integer(node, memberPath(), in: 1...1000, "\(member.key) must be from 1 to 1000")
                if member.key == "rows" { field.rows = rows ?? field.rows } else { field.maxRows = rows }
            case "pattern":
                guard allowed(member, kind, memberPath()) else { break }
                field.pattern = pattern(member, path: memberPath())
            case "patternMessage":
                guard allowed(member, kind, memberPath()) else { break }
                patternMessage = member
            case "min", "max": bound(member, kind: kind, format: field.format, into: &field, path: memberPath())
            case "step": field.step = step(member, format: field.format, path: memberPath())
            case "readOnly":
                guard allowed(member, kind, memberPath()) else { break }
                field.readOnly = bool(node, memberPath()) ?? false
            case "format":
                guard allowed(member, kind, memberPath()) else { break }
                field.dateFormat = dateFormat(member, path: memberPath())
            case "showWhen": field.showWhen = showRule(node, memberPath())
            case "action":
                guard allowed(member, kind, memberPath()) else { break }
                field.action = choice(node, memberPath(), "button action", [ButtonAction.submit, .cancel])
            case "frame":
                field.frame = numbers(node, memberPath(), keys: ["x", "y", "width", "height"])
                    .map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
            case "fields":
                guard allowed(member, kind, memberPath()) else { break }
                field.fields = fields(node, path: memberPath(), section: id ?? "")
            case "tabOrder": order = member
            case "columns":
                guard allowed(member, kind, memberPath()) else { break }
                field.columns = integer(node, memberPath(), in: 1...12, "columns must be from 1 to 12") ?? 1
            default:
                report("unknown key \"\(member.key)\"" + didYouMean(member.key, Self.fieldKeys), atKeyOf: member, path: memberPath())
            }
        }
        checkBounds(field, members, path: place.path)
        // A section's tab order names its children, so it is read after them.
        if let order, allowed(order, kind, jsonPath(place.path, "tabOrder")) {
            field.tabOrder = order.value.strings
            references.append(.tabOrder(node: order.value, path: jsonPath(place.path, "tabOrder"), section: id ?? "",
                                        children: field.fields.map(\.id)))
        }
        // Words for a failed pattern say nothing without one: a key left there by mistake.
        if let patternMessage, let text = string(patternMessage.value, jsonPath(place.path, "patternMessage")) {
            if field.pattern == nil {
                report("\"patternMessage\" needs a \"pattern\"", at: patternMessage.value, path: jsonPath(place.path, "patternMessage"))
            }
            field.patternMessage = text
        }
        // A value that must be one of the options, or within min and max, is read after them.
        if let value {
            read(value, into: &field, kind: kind, checkOptions: optionsAreValid, path: jsonPath(place.path, "value"))
        }
        return field
    }

    /// The field's kind; nil (and reported) when missing or unknown.
    private mutating func kind(_ members: [JSONMember], _ node: JSONNode, _ path: @autoclosure () -> String) -> FieldKind? {
        guard let member = members.first(where: { $0.key == "type" }) else {
            report("missing \"type\"", at: node, path: path())
            return nil
        }
        guard let name = string(member.value, jsonPath(path(), "type")) else { return nil }
        guard let kind = FieldKind.named(name) else {
            report("unknown field type \"\(name)\"", at: member.value, path: jsonPath(path(), "type"))
            return nil
        }
        return kind
    }

    /// The field's id, declared; nil (and reported) when missing or malformed.
    private mutating func id(
        _ members: [JSONMember], _ node: JSONNode, _ place: FieldPlace, kind: FieldKind?, section: String?
    ) -> String? {
        guard let member = members.first(where: { $0.key == "id" }) else {
            report("missing \"id\"", at: node, path: place.path)
            return nil
        }
        guard let id = string(member.value, jsonPath(place.path, "id")) else { return nil }
        guard !id.isEmpty, id.utf8.allSatisfy({ $0.isASCIILetter || $0.isDigit || $0 == .underscore || $0 == .minus })
        else {
            report("invalid id \"\(id)\": use letters, digits, \"_\" and \"-\"", at: member.value, path: jsonPath(place.path, "id"))
            return nil
        }
        declare(id, at: member.value, place: place, kind: kind, section: section)
        return id
    }

    /// Whether a key only some kinds read (`Control.fileKeys`) may appear on this field; reported
    /// if not. When the kind itself is wrong the key is skipped silently: it was reported already.
    private mutating func allowed(_ member: JSONMember, _ kind: FieldKind?, _ path: @autoclosure () -> String) -> Bool {
        guard let kind else { return false }
        if kind.control.fileKeys.contains(member.key) { return true }
        report("\"\(member.key)\" is only for \(FieldKind.describe { $0.control.fileKeys.contains(member.key) })",
               atKeyOf: member, path: path())
        return false
    }

    /// `value`, as the kind's `ValueShape` says: text, one of the options, a list of text, a
    /// boolean, a date.
    private mutating func read(
        _ member: JSONMember, into field: inout Field, kind: FieldKind?, checkOptions: Bool,
        path: @autoclosure () -> String
    ) {
        let node = member.value
        guard let kind else { return }
        switch kind.control.valueShape {
        case .string:
            // A number field's value may be a JSON number, as its `min`, `max` and `step` are.
            if field.format == .number, case .number(let number) = node.kind {
                field.value = Field.format(number)
            } else {
                field.value = string(node, path()) ?? ""
            }
        case .option:
            guard let value = string(node, path()) else { return }
            if checkOptions, !field.options.contains(value) {
                report("value \"\(value)\" is not one of the options", at: node, path: path())
            }
            field.value = value
        case .strings: field.tokens = strings(node, path()) ?? []
        case .boolean: field.value = bool(node, path()).map { String($0) } ?? ""
        case .isoDate:
            guard let text = string(node, path()), !text.trimmingSpaces.isEmpty else { return }
            field.value = date(text, member, min: field.minimumDate, max: field.maximumDate, path: path())?.description ?? text
        case .none:
            report("\"value\" is only for \(FieldKind.describe { $0.control.valueShape != .none })", atKeyOf: member, path: path())
        }
    }

    /// `{"field": ID, "in": [strings]}`; whether ID names a field is checked once all ids are known.
    private mutating func showRule(_ node: JSONNode, _ path: String) -> ShowRule? {
        guard let members = object(node, path, known: ["field", "in"]) else { return nil }
        var target: String?, values: [String]?
        for key in ["field", "in"] where !members.contains(where: { $0.key == key }) {
            report("missing \"\(key)\"", at: node, path: path)
        }
        for member in members {
            let memberPath = jsonPath(path, member.key)
            if member.key == "field", let id = string(member.value, memberPath) {
                target = id
                references.append(.showWhen(target: id, node: member.value, path: memberPath))
            } else if member.key == "in" {
                values = strings(member.value, memberPath)
            }
        }
        guard let target, let values else { return nil }
        return ShowRule(field: target, values: values)
    }
}
