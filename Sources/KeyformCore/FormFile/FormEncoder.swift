/// A `Form` written as its form file (docs/architecture.md › Form files): the inverse of
/// `FormDecoder`, key for key, defaults left out. A form built in Swift (the `Keyform` library) is
/// written so and read back, so that it meets every rule a file meets, checked in one place.
extension FormFile {
    package static func json(of form: Form) -> JSONValue {
        var members: [(String, JSONValue)] = [("title", .string(form.title)), ("direction", .string(form.direction.rawValue))]
        if let size = form.size { members.append(("size", .object([("width", .number(size.width)), ("height", .number(size.height))]))) }
        if let order = form.tabOrder { members.append(("tabOrder", .array(order.map(JSONValue.string)))) }
        members.append(("edge", .string(form.edge.rawValue)))
        members.append(("returnKey", .string(form.returnKey.rawValue)))
        members.append(("fields", .array(form.fields.map(json(of:)))))
        if !form.commands.isEmpty {
            members.append(("commands", .array(form.commands.map { command in
                .object([("key", .string(command.key)), ("action", .string(command.action))]
                        + (command.title.map { [("title", JSONValue.string($0))] } ?? []))
            })))
        }
        return .object(members)
    }

    static func json(of field: Field) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(field.id)), ("type", .string(field.format?.rawValue ?? field.kind.rawValue))]
        func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }
        func flag(_ key: String, _ on: Bool, default off: Bool = false) { if on != off { members.append((key, .bool(on))) } }
        add("label", field.label.isEmpty ? nil : .string(field.label))
        add("placeholder", field.placeholder.isEmpty ? nil : .string(field.placeholder))
        add("options", field.options.isEmpty ? nil : .array(field.options.map(JSONValue.string)))
        add("value", value(of: field))
        flag("hidden", field.hidden)
        flag("disabled", field.disabled)
        flag("readOnly", field.readOnly)
        flag("tabStop", field.tabStop, default: true)
        add("tabIndex", field.tabIndex == 0 ? nil : .number(Double(field.tabIndex)))
        flag("required", field.required)
        add("maxLength", field.maxLength.map { .number(Double($0)) })
        add("rows", field.rows == Field(id: "", kind: field.kind).rows ? nil : .number(Double(field.rows)))
        add("maxRows", field.maxRows.map { .number(Double($0)) })
        add("pattern", field.pattern.map(JSONValue.string))
        add("patternMessage", field.patternMessage.map(JSONValue.string))
        add("min", field.minimum.map(JSONValue.number) ?? field.minimumDate.map { .string($0.description) })
        add("max", field.maximum.map(JSONValue.number) ?? field.maximumDate.map { .string($0.description) })
        add("step", field.step.map(JSONValue.number))
        add("format", field.dateFormat.map { .string($0.pattern) })
        add("showWhen", field.showWhen.map { .object([("field", .string($0.field)), ("in", .array($0.values.map(JSONValue.string)))]) })
        add("action", field.action.map { .string($0.rawValue) })
        add("frame", field.frame.map { .object([("x", .number($0.x)), ("y", .number($0.y)),
                                                ("width", .number($0.width)), ("height", .number($0.height))]) })
        // A group's own keys, for the kinds that read them (a section).
        if field.kind.control.fileKeys.contains("fields") {
            add("columns", field.columns == 1 ? nil : .number(Double(field.columns)))
            add("fields", .array(field.fields.map(json(of:))))
            add("tabOrder", field.tabOrder.map { .array($0.map(JSONValue.string)) })
        }
        return .object(members)
    }

    /// `value` as the kind's `ValueShape` writes it; nil when the field starts empty.
    private static func value(of field: Field) -> JSONValue? {
        switch field.kind.control.valueShape {
        case .none: return nil
        case .strings: return field.tokens.isEmpty ? nil : .array(field.tokens.map(JSONValue.string))
        case .boolean: return field.value.isEmpty ? nil : .bool(field.value == "true")
        case .string, .option, .isoDate: return field.value.isEmpty ? nil : .string(field.value)
        }
    }
}
