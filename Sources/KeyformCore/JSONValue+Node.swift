extension JSONValue {
    /// The value of a parsed node: strings, lists of strings and booleans, all a draft or a form's
    /// values hold (numbers and objects give nil).
    public init?(_ node: JSONNode) {
        switch node.kind {
        case .string(let text): self = .string(text)
        case .bool(let on): self = .bool(on)
        case .array(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = JSONValue(item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        default: return nil
        }
    }
}
