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

    /// Any X client can write the root's `AT_SPI_BUS`: an address that is not a local socket
    /// (here a TCP port of the test's, and GDBus's nonce-tcp, which would read a named file and
    /// send it there) is not taken; Keyform asks `org.a11y.Bus` and joins the real bus.
    @Test(arguments: ["tcp:host=127.0.0.1,port=PORT", "nonce-tcp:host=127.0.0.1,port=PORT,noncefile=/etc/hostname",
                      "unix:path=/nonexistent;tcp:host=127.0.0.1,port=PORT", "unix:path=/a,path=/b"])
    @MainActor func aBusAddressThatIsNotALocalSocketIsNotTaken(_ address: String) throws {
        let desktop = try AccessibilityDesktop(screenReader: false)
        // The registry reads the property too when it starts (libatspi): started first, it is
        // on the bus already, and only Keyform could call the port.
        try desktop.startRegistry()
        let listener = try LocalListener()
        let planted = address.replacingOccurrences(of: "PORT", with: String(listener.port))
        let set = try runProgram("/usr/bin/xprop", ["-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", planted],
                                 environment: desktop.environment)
        #expect(set.status == 0, "\(set.stderr)")
        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(Self.form), "--no-blink"],
                                                           wmClass: "keyform", on: desktop)
        try desktop.setScreenReader(on: true)
        try waitUntil("keyform on the accessibility bus") { try desktop.peers(on: .accessibility).contains(keyform.pid) }
        #expect(!listener.wasCalled, "keyform connected to \(planted)")
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

/// A TCP port on the loopback that nobody should connect to.
final class LocalListener {
    let port: UInt16
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && listen(socket, 4) == 0
                && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound, "no port on the loopback: errno \(errno)")
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Whether a connection is waiting to be accepted.
    var wasCalled: Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    deinit { close(socket) }
}

extension AccessibilityDesktop {
    /// Starts the registry on the accessibility bus (D-Bus activation, by pinging it).
    func startRegistry() throws {
        let address = try runProgram("/usr/bin/gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                                        "--method", "org.a11y.Bus.GetAddress"], environment: environment)
        let bus = try #require(address.stdout.split(separator: "'").dropFirst().first, "GetAddress said \(address.stdout) \(address.stderr)")
        let ping = try runProgram("/usr/bin/gdbus", ["call", "--address", String(bus), "--dest", "org.a11y.atspi.Registry",
                                                     "--object-path", "/org/a11y/atspi/registry", "--method", "org.freedesktop.DBus.Peer.Ping"],
                                  environment: environment)
        #expect(ping.status == 0, "the registry did not start: \(ping.stderr)")
    }

    /// Runs Tests/Accessibility/hostile_client.py against the application of process `pid`.
    func hostileClient(pid: pid_t, _ options: String...) throws -> RunResult {
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/hostile_client.py").path
        return try runProgram("/usr/bin/python3", [script, String(pid)] + options, environment: environment)
    }
}
