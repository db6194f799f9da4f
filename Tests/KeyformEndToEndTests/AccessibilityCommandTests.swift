import Foundation
import Testing

/// `keyform accessibility` prints the tree a screen reader gets and the events the last event
/// caused, with no display and no bus; `keyform check` warns of a field it could not name.
@Suite("keyform accessibility and check") struct AccessibilityCommandTests {
    func dump(_ arguments: [String]) throws -> [String: Any] {
        let run = try keyform(["accessibility"] + arguments, environment: ["DISPLAY": ""])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `role name` for every node, depth first.
    func outline(_ node: [String: Any]) -> [String] {
        let children = node["children"] as? [[String: Any]] ?? []
        return ["\(node["role"] ?? "") \(node["name"] ?? "")"] + children.flatMap(outline)
    }

    @Test func theDemoFormsTree() throws {
        let tree = try #require(try dump(["--form", demoForm])["tree"] as? [String: Any])
        let lines = outline(tree)
        #expect(lines.prefix(3) == ["dialog Job application", "panel ", "entry Name"])
        for expected in ["panel Address", "entry City", "combo box Years of experience", "list item 10", "panel Skills",
                         "list item Swift", "entry Notes", "password text PIN", "push button Submit"] {
            #expect(lines.contains(expected), "no \(expected) in \(lines)")
        }
        #expect(!lines.contains { $0.hasPrefix("entry Team size") }, "a hidden field is not in the tree")
    }

    @Test func eventsOfTheLastEvent() throws {
        let events = try #require(try dump(["--form", demoForm, "type:Ad", "Tab"])["events"] as? [[String: Any]])
        #expect(events.map { "\($0["type"]!) \($0["source"]!) \($0["value"] as? Bool == true)" } == [
            "object:state-changed:focused name false", "object:state-changed:focused email true",
        ])
        let typed = try #require(try dump(["--form", demoForm, "alt+p", "type:x"])["events"] as? [[String: Any]])
        #expect(typed.first?["text"] as? String == "•")
    }

    @Test func checkWarnsOfAFieldWithNoName() throws {
        let path = try formFile(#"{"fields": [{"id": "q", "type": "text"}, {"id": "ok", "type": "text", "label": "_OK"}]}"#)
        let run = try keyform(["check", "--form", path])
        #expect(run.status == 1)
        #expect(run.stdout == "\(path):1:13: warning: text field \"q\" has no label or placeholder: a screen reader cannot say what it is for (fields[0])\n")
    }
}
