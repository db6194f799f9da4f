import Foundation
import Testing

/// Another program on the accessibility bus that means harm (issue #62): it calls every method
/// of every object Keyform serves, on objects that are not there and with extreme arguments
/// (Tests/Accessibility/hostile_client.py). Keyform answers every call and still submits what it
/// holds; GTK's dialog (zenity) takes the same calls.
@Suite("Hostile calls on the accessibility bus", .serialized) struct AccessibilityHostileTests {
    static let form = #"""
    {"title": "Hostile", "fields": [
      {"id": "name", "type": "text", "label": "Name"},
      {"id": "off", "type": "text", "label": "Off", "disabled": true, "value": "kept"},
      {"id": "age", "type": "number", "label": "Age", "min": 0, "max": 120},
      {"id": "skills", "type": "tokens", "label": "Skills", "value": ["C", "Swift", "X11"]},
      {"id": "years", "type": "picker", "label": "Years", "options": ["0", "1", "2"], "value": "0"},
      {"id": "seat", "type": "radio", "label": "Seat", "options": ["Aisle", "Window"]},
      {"id": "ok", "type": "checkbox", "label": "OK"},
      {"id": "notes", "type": "textarea", "label": "Notes"},
      {"id": "pin", "type": "password", "label": "PIN"},
      {"id": "go", "type": "button", "label": "Send", "action": "submit"}]}
    """#

    @Test @MainActor func keyformAnswersEveryCallAndKeepsItsValues() throws {
        let desktop = try AccessibilityDesktop()
        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(Self.form), "--no-blink"],
                                                           wmClass: "keyform", on: desktop)
        let client = try desktop.hostileClient(pid: keyform.pid, "--token", "Skills", "--finish", "Send")
        #expect(client.status == 0, "\(client.stderr)")
        let report = try #require(client.jsonLines.first, "\(client.stdout)")
        #expect((report["calls"] as? Int ?? 0) > 1000, "\(report)")
        // One past the last field (the tenth is f9), far past it, a part past the end, parts of
        // what has none, and made-up stamps are gone; aliases such as f00 name nothing at all.
        let base = "/org/a11y/atspi/accessible/"
        #expect(Set(report["defunct"] as? [String] ?? []) == Set(["f10", "f11", "f2147483648", "f0_99", "f0_0_s1", "f0_s0",
                                                                   "window_7", "form_0_0", "overlay"].map { base + $0 }))
        let token = try #require(report["token"] as? [String: Any], "\(report)")
        // Text the calls typed into the token field's entry became a token when focus left it.
        let before = token["before"] as? [String] ?? []
        #expect(before.prefix(3) == ["C", "Swift", "X11"])
        #expect(token["after"] as? [String] == Array(before.dropFirst()), "the repeated remove took another token: \(token)")
        #expect(token["removed"] as? Bool == true)
        #expect(token["again"] as? Bool == false)
        #expect(token["defunct"] as? Bool == true)
        #expect(!(token["paths_after"] as? [String] ?? []).contains(token["path"] as? String ?? ""), "\(token)")

        let (status, output) = keyform.finish()
        #expect(status == 0, "submitted through Send")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        #expect((values["skills"] as? [String])?.prefix(2) == ["Swift", "X11"], "\(String(describing: values["skills"]))")
        #expect(values["off"] == nil || values["off"] as? String == "kept", "a disabled field was edited: \(String(describing: values["off"]))")
        if let age = values["age"] as? String, !age.isEmpty {
            #expect(Double(age).map { (0...120).contains($0) } == true, "age \(age)")
        }
    }

    /// The same calls on GTK's dialog: GTK 3 dies of them (an extreme offset given to Text's
    /// `GetCharacterAtOffset` is a SIGSEGV in Debian 12's GTK), so they are calls that break a
    /// toolkit, not ones any program would survive. Should a GTK answer them all, this fails, and
    /// the comparison is to be written again.
    @Test @MainActor func theSameCallsKillZenity() throws {
        let desktop = try AccessibilityDesktop()
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Hostile", "--text=Hi",
                                                                              "--add-entry=Name", "--add-password=PIN"],
                                                          wmClass: "zenity", on: desktop)
        let client = try desktop.hostileClient(pid: zenity.pid, "--finish", "OK")
        #expect(client.status == 1)
        #expect(client.stderr.contains("was never answered"), "\(client.stderr)")
        let (status, _) = zenity.finish()
        #expect(status != 0)
    }
}

extension AccessibilityDesktop {
    /// Runs Tests/Accessibility/hostile_client.py against the application of process `pid`.
    func hostileClient(pid: pid_t, _ options: String...) throws -> RunResult {
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/hostile_client.py").path
        return try runProgram("/usr/bin/python3", [script, String(pid)] + options, environment: environment)
    }
}
