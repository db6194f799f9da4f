import KeyformCore
import Testing

/// Limits (README › Limits): a form that would take minutes and gigabytes to open is refused,
/// each limit passed named at its place; a form at every limit opens.
extension FormFileTests {
    /// A JSON string of `bytes` letters.
    static func text(_ bytes: Int) -> String { "\"" + String(repeating: "a", count: bytes) + "\"" }

    static func list(_ count: Int) -> String { "[" + (0..<count).map { "\"o\($0)\"" }.joined(separator: ",") + "]" }

    static let tooLongText = text(InputLimits.textBytes + 1)
    static let textMessage = "text longer than 16 KiB, the most a title, label, option or other text may hold"

    static let formsOverLimits: [BrokenForm] = [
        BrokenForm("{\"title\":\n\(tooLongText)}", "form.json:2:1: \(textMessage) (title)"),
        BrokenForm("""
            {"fields": [{"id": "a", "type": "text",
            "label": \(tooLongText),
            "placeholder": \(tooLongText)}]}
            """, "form.json:2:10: \(textMessage) (fields[0].label)", "form.json:3:16: \(textMessage) (fields[0].placeholder)"),
        BrokenForm("{\"fields\": [{\"type\": \"label\",\n\"id\": \(tooLongText)}]}",
                   "form.json:2:7: \(textMessage) (fields[0].id)"),
        BrokenForm("{\"fields\": [{\"id\": \"s\", \"type\": \"section\", \"fields\": [{\"id\": \"a\", \"type\": \"text\",\n\"label\": \(tooLongText)}]}]}",
                   "form.json:2:10: \(textMessage) (fields[0].fields[0].label)"),
        BrokenForm("{\"fields\": [{\"id\": \"p\", \"type\": \"picker\", \"options\": [\"a\",\n\(tooLongText)]}]}",
                   "form.json:2:1: \(textMessage) (fields[0].options[1])"),
        BrokenForm("{\"fields\": [{\"id\": \"p\", \"type\": \"picker\", \"options\":\n\(list(InputLimits.options + 1))}]}",
                   "form.json:2:1: more than 10,000 options, the most a field may have (fields[0].options)"),
        BrokenForm("{\"fields\": [{\"id\": \"t\", \"type\": \"tokens\", \"value\":\n\(list(InputLimits.options + 1))}]}",
                   "form.json:2:1: more than 10,000 tokens, the most a value may hold (fields[0].value)"),
        BrokenForm("{\"fields\": [{\"id\": \"n\", \"type\": \"textarea\", \"value\":\n\(text(InputLimits.valueBytes + 1))}]}",
                   "form.json:2:1: value longer than 16 MiB, the most a value may hold (fields[0].value)"),
        BrokenForm("{\"fields\": [{\"id\": \"a\", \"type\": \"text\"}, {\"id\": \"b\", \"type\": \"text\", \"showWhen\": {\"field\": \"a\", \"in\":\n[\(tooLongText)]}}]}",
                   "form.json:2:2: \(textMessage) (fields[1].showWhen.in[0])"),
        BrokenForm("{\"commands\": [{\"key\": \"F2\", \"action\": \"submit\",\n\"title\": \(tooLongText)}]}",
                   "form.json:2:10: \(textMessage) (commands[0].title)"),
        BrokenForm(#"{"size": {"width": 8193, "height": 30000}}"#,
                   "form.json:1:20: width above 8192, the most a window may be (size.width)",
                   "form.json:1:36: height above 8192, the most a window may be (size.height)"),
        BrokenForm(fields(InputLimits.fields + 1),
                   "form.json:100002:1: more than 100,000 fields, the most a form may have (fields[100000])"),
        // A section's fields count too.
        BrokenForm(fields(InputLimits.fields - 1, then: #"{"id": "s", "type": "section", "fields": [{"id": "x", "type": "label"}]}"#),
                   "form.json:100001:43: more than 100,000 fields, the most a form may have (fields[99999].fields[0])"),
    ]

    /// `count` label fields, one a line, and then `last` on the next line.
    static func fields(_ count: Int, then last: String? = nil) -> String {
        let items = (0..<count).map { #"{"id": "f\#($0)", "type": "label"}"# } + (last.map { [$0] } ?? [])
        return "{\"fields\": [\n" + items.joined(separator: ",\n") + "]}"
    }

    @Test(arguments: formsOverLimits)
    func formsOverALimitAreRefusedAtTheirPlace(form: BrokenForm) {
        form.check()
    }

    @Test(arguments: [
        "{\"title\": \(text(InputLimits.textBytes)), \"size\": {\"width\": 8192, \"height\": 8192}}",
        "{\"fields\": [{\"id\": \"p\", \"type\": \"tokens\", \"options\": \(list(InputLimits.options)), \"value\": \(list(InputLimits.options))}]}",
        "{\"fields\": [{\"id\": \"n\", \"type\": \"textarea\", \"value\": \(text(InputLimits.valueBytes))}]}",
        fields(InputLimits.fields),
    ])
    func formsAtEveryLimitOpen(json: String) {
        #expect(decode(json) != nil)
    }

    @Test(arguments: [
        (JSONValue.string(String(repeating: "a", count: InputLimits.valueBytes + 1)), #""notes" takes at most 16 MiB of text"#),
        (.array((0...InputLimits.options).map { .string("t\($0)") }), #""notes" takes at most 10,000 tokens"#),
    ])
    func valuesFromDraftsAndFlagsKeepTheLimitsToo(value: JSONValue, message: String) throws {
        let kind: FieldKind = if case .string = value { .textarea } else { .tokens }
        var form = Form(fields: [Field(id: "notes", kind: kind)])
        #expect(throws: PrefillError(message)) { try form.prefill("notes", with: value) }
    }
}
