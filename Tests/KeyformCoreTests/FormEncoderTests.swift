import Foundation
import KeyformCore
import Testing

/// `FormFile.json(of:)` is the decoder's inverse: every form file, read, written and read again,
/// is the same form. A key the encoder forgot makes its form differ here.
@Suite struct FormEncoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let files = ["assets/demo-form.json"] + ((try? FileManager.default.contentsOfDirectory(atPath: root.path + "/Tests/Golden/forms")) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted().map { "Tests/Golden/forms/" + $0 }

    /// Every key a field or a form can have, set to something other than its default.
    static let everyKey = #"""
    {"title": "All", "direction": "rtl", "size": {"width": 400, "height": 300}, "tabOrder": ["s", "n"],
     "edge": "leave", "returnKey": "submit",
     "fields": [
       {"id": "n", "type": "number", "label": "_N", "placeholder": "p", "value": "3", "min": 1, "max": 9, "step": 2,
        "hidden": true, "disabled": true, "tabStop": false, "tabIndex": 2, "required": true, "maxLength": 4,
        "frame": {"x": 1, "y": 2, "width": 30, "height": 40}},
       {"id": "t", "type": "text", "pattern": "[a-z]+", "patternMessage": "letters", "readOnly": true,
        "showWhen": {"field": "n", "in": ["3"]}},
       {"id": "e", "type": "email"},
       {"id": "a", "type": "textarea", "rows": 2, "maxRows": 6, "value": "x"},
       {"id": "d", "type": "date", "value": "2026-11-23", "min": "2026-01-01", "max": "2026-12-31", "format": "%d/%m/%Y"},
       {"id": "c", "type": "checkbox", "value": true},
       {"id": "r", "type": "radio", "options": ["a", "b"], "value": "b"},
       {"id": "p", "type": "picker", "options": ["x", "y"], "value": "y"},
       {"id": "k", "type": "tokens", "value": ["one"], "options": ["one", "two"]},
       {"id": "w", "type": "password"},
       {"id": "l", "type": "label", "label": "Read me"},
       {"id": "s", "type": "section", "label": "S", "columns": 2, "tabOrder": ["s2", "s1"], "fields": [
         {"id": "s1", "type": "text"}, {"id": "s2", "type": "text"}]},
       {"id": "b", "type": "button", "label": "_Go", "action": "cancel"}
     ],
     "commands": [{"key": "ctrl+k", "action": "clear:t", "title": "Clear"}, {"key": "F2", "action": "submit"}]}
    """#

    @Test(arguments: files)
    func aFormFileReadWrittenAndReadAgainIsTheSameForm(_ path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let form = try FormFile.parse(text, fileName: path)
        #expect(try FormFile.parse(FormFile.json(of: form).serialized, fileName: "written") == form)
    }

    @Test func everyKeyOfAFormFileIsWrittenBack() throws {
        let form = try makeForm(Self.everyKey)
        #expect(try FormFile.parse(FormFile.json(of: form).serialized, fileName: "written") == form)
    }

    @Test func defaultsAreLeftOut() throws {
        let form = try makeForm(#"{"fields": [{"id": "name", "type": "text"}]}"#)
        #expect(FormFile.json(of: form).serialized
            == #"{"title":"Keyform","direction":"ltr","edge":"wrap","returnKey":"nextThenSubmit","fields":[{"id":"name","type":"text"}]}"#)
    }
}
