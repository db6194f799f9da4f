import Foundation
import Testing

/// Keyform on the real accessibility bus, read by a pyatspi client as a screen reader reads it
/// (issue #16): the tree by role and name, focus and text events from keys sent through XTEST,
/// Text, EditableText and Action. The same client and set-up run against `zenity --forms`, a
/// GTK dialog, to show that what they check is what toolkits do.
@Suite("The accessibility bus under Xvfb", .serialized) struct AccessibilityBusTests {
    static let form = #"""
    {"title": "Sign up", "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "email", "type": "text", "label": "_Email"},
      {"id": "pin", "type": "password", "label": "_PIN"},
      {"id": "go", "type": "button", "label": "_Send", "action": "submit"}]}
    """#

    /// Tab to the email field, type, read it back; set the name through EditableText; Tab to
    /// the PIN and type (bullets only); press Send through Action.
    static let scenario = #"""
    {"steps": [
     {"key": "Tab", "expect_focus": {"role": "entry", "name": "Email"}},
     {"type": "ada", "on": {"role": "entry", "name": "Email"}},
     {"read_text": {"role": "entry", "name": "Email"}, "text": "ada", "caret": 3},
     {"set_text": {"role": "entry", "name": "Name"}, "text": "Grace"},
     {"read_text": {"role": "entry", "name": "Name"}, "text": "Grace", "caret": 5},
     {"key": "Tab", "expect_focus": {"role": "password text", "name": "PIN"}},
     {"type": "xy", "on": {"role": "password text", "name": "PIN"}},
     {"read_text": {"role": "password text", "name": "PIN"}, "text": "••", "caret": 2},
     {"do_action": {"role": "push button", "name": "Send"}, "action": "press"}
    ]}
    """#

    @Test @MainActor func aScreenReaderFillsInAndSubmitsKeyform() throws {
        let desktop = try AccessibilityDesktop()
        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(Self.form), "--no-blink"],
                                                           wmClass: "keyform", on: desktop)
        let client = try desktop.client(pid: keyform.pid, scenario: Self.scenario)
        #expect(client.status == 0, "\(client.stderr)")
        let lines = client.jsonLines
        #expect(lines.first?["tree"] as? [String] == [
            "application | keyform", "  dialog | Sign up", "    panel | ", "      entry | Name", "      entry | Email",
            "      password text | PIN", "      push button | Send",
        ])
        #expect(lines.contains { $0["inserted"] as? String == "ada" })
        #expect(lines.contains { $0["inserted"] as? String == "••" }, "a password's text events carry bullets")
        let (status, values) = keyform.finish()
        #expect(status == 0)
        #expect(values == #"{"name":"Grace","email":"ada","pin":"xy"}"# + "\n")
    }

    /// With no session bus Keyform makes no GLib call at all: one socket (the X server's), one
    /// thread once the compose table's parse (a thread of its own, after the first paint) is done.
    /// With one and the screen reader off it is on the session bus only, listening; when
    /// the reader comes on it joins the accessibility bus and the client finds it, and when it
    /// goes off it leaves. Whether it is on a bus is asked of the bus.
    @Test @MainActor func itIsOnTheBusOnlyWhileAScreenReaderIsOn() throws {
        let desktop = try AccessibilityDesktop(screenReader: false)
        let form = try formFile(Self.form)
        let alone = try AccessibilityDesktop.Application(keyformBinary, ["--form", form, "--no-blink"], wmClass: "keyform", on: desktop,
                                                         environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": ""])
        alone.driver.sync()
        #expect(alone.sockets == 1)
        // ThreadSanitizer's runtime (make test-sanitize) runs a thread of its own in every process.
        let sanitizerThreads = dlsym(nil, "__tsan_init") == nil ? 0 : 1
        waitUntil("keyform down to its main thread") { alone.threads == 1 + sanitizerThreads }

        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", form, "--no-blink"], wmClass: "keyform", on: desktop)
        try waitUntil("keyform on the session bus") { try desktop.peers(on: .session).contains(keyform.pid) }
        #expect(try !desktop.peers(on: .accessibility).contains(keyform.pid), "on the accessibility bus with no screen reader")
        try desktop.setScreenReader(on: true)
        let found = try desktop.client(pid: keyform.pid, scenario: #"{"steps": []}"#)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(try desktop.peers(on: .accessibility).contains(keyform.pid))
        try desktop.setScreenReader(on: false)
        try waitUntil("keyform off the accessibility bus") { try !desktop.peers(on: .accessibility).contains(keyform.pid) }
        try desktop.setScreenReader(on: true)
        try waitUntil("keyform back on the accessibility bus") { try desktop.peers(on: .accessibility).contains(keyform.pid) }
    }

    /// The same set-up and client on GTK's own dialog: its entries are `text` (GTK 3), its
    /// password text gives bullets, text set through EditableText leaves the caret where it
    /// was, and its OK button is pressed with `click`.
    @Test @MainActor func theSameClientFillsInZenity() throws {
        let desktop = try AccessibilityDesktop()
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Sign up", "--text=Hi",
                                                                              "--add-entry=Name", "--add-password=PIN"],
                                                          wmClass: "zenity", on: desktop)
        let scenario = #"""
        {"steps": [
         {"key": "Tab", "expect_focus": {"role": "password text"}},
         {"type": "xy", "on": {"role": "password text"}},
         {"read_text": {"role": "password text"}, "text": "●●", "caret": 2},
         {"set_text": {"role": "text"}, "text": "Grace"},
         {"read_text": {"role": "text"}, "text": "Grace", "caret": 0},
         {"do_action": {"role": "push button", "name": "OK"}, "action": "click"}
        ]}
        """#
        let client = try desktop.client(pid: zenity.pid, scenario: scenario)
        #expect(client.status == 0, "\(client.stderr)")
        let tree = client.jsonLines.first?["tree"] as? [String] ?? []
        for line in ["label | Name", "label | PIN", "push button | OK", "push button | Cancel"] {
            #expect(tree.contains { $0.trimmingCharacters(in: .whitespaces) == line }, "no \(line) in \(tree)")
        }
        let (status, values) = zenity.finish()
        #expect(status == 0)
        #expect(values == "Grace|xy\n")
    }
}
