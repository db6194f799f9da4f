import Foundation
import KeyformAutomation
import Testing

/// A screen reader's calls to the form over a connection of their own, as at-spi2-atk offers GTK's
/// (issue #58; docs/architecture.md › Accessibility): libatspi asks the application for its
/// address (`GetApplicationBusAddress`) and makes every method call over a connection straight to
/// it, not through the accessibility bus's daemon. Read through pyatspi against the real window
/// (Tests/Accessibility/peer_reads.py), with a monitor on the bus counting the calls that go there.
@Suite("Screen readers' calls peer to peer", .serialized) struct PeerConnectionTests {
    static let form = AccessibilityBusTests.form

    /// The same reads from two forms: one whose private server cannot be set up (its runtime
    /// directory's path is too long for a socket), which answers with no address, so libatspi
    /// stays on the bus, and says so once on standard error; and one that serves it, whose reads
    /// the monitor never sees. The answers are the same. The socket is in a directory of its own
    /// that only the user can open, in `XDG_RUNTIME_DIR`, and both go with the window.
    @Test @MainActor func aClientReadsTheFormPeerToPeer() throws {
        let desktop = try AccessibilityDesktop(runtimeDirectory: true)
        let form = try formFile(Self.form)
        // A socket's path has at most 107 bytes.
        let tooDeep = try temporaryDirectory().appendingPathComponent(String(repeating: "d", count: 110)).path
        let onTheBus = try AccessibilityDesktop.Application(keyformBinary, ["--form", form, "--no-blink"], wmClass: "keyform", on: desktop,
                                                            environment: ["XDG_RUNTIME_DIR": tooDeep])
        let bus = try Self.typeAndRead(onTheBus, on: desktop, mode: "once")
        #expect(bus.address == "")
        #expect(bus.callsOnBus > 0, "the monitor saw no call through the bus: it sees nothing")
        #expect(bus.focused == Focused(name: "Name", role: "entry", text: "Ada", caret: 3))
        let (status, _) = onTheBus.finish()
        #expect(status == 0)
        let said = onTheBus.stderr.split(separator: "\n").filter { $0.contains("accessibility bus only") }
        #expect(said == ["keyform: screen readers reach the form through the accessibility bus only: "
            + "cannot listen in \(tooDeep): the path is too long for a socket"], "\(onTheBus.stderr)")
        let made = (try? FileManager.default.contentsOfDirectory(atPath: tooDeep)) ?? []
        #expect(!made.contains { $0.hasPrefix("keyform-at-spi-") }, "a directory made for nothing")

        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", form, "--no-blink"], wmClass: "keyform", on: desktop)
        let peer = try Self.typeAndRead(keyform, on: desktop, mode: "peer")
        #expect(peer.callsOnBus == 0)
        #expect(peer.focused == bus.focused)
        let runtime = try #require(desktop.environment["XDG_RUNTIME_DIR"])
        #expect(peer.address.hasPrefix("unix:path=\(runtime)/keyform-at-spi-"), "\(peer.address)")
        let socket = String(peer.address.dropFirst("unix:path=".count))
        let directory = (socket as NSString).deletingLastPathComponent
        var info = stat()
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid(), "\(directory)")
        #expect(access(socket, F_OK) == 0)
        #expect(keyform.finish().status == 0)
        #expect(access(directory, F_OK) != 0, "\(directory) left behind")
        #expect(keyform.stderr == "")
    }

    /// GTK 3's dialog on the same steps: at-spi2-atk offers an address too, and the monitor sees
    /// none of the reads.
    @Test @MainActor func zenityIsReadPeerToPeerToo() throws {
        let desktop = try AccessibilityDesktop(runtimeDirectory: true)
        let zenity = try AccessibilityDesktop.Application("/usr/bin/zenity", ["--forms", "--title=Sign up", "--add-entry=Name"],
                                                          wmClass: "zenity", on: desktop)
        zenity.driver.type("Ada")
        zenity.driver.sync()
        let peer = try desktop.peerReads(pid: zenity.pid, mode: "peer")
        #expect(peer.address.hasPrefix("unix:path="))
        #expect(peer.callsOnBus == 0)
        #expect(peer.focused == Focused(name: "", role: "text", text: "Ada", caret: 3))
    }

    /// Types "Ada" into the form's first field, reads it with `peer_reads.py`, and submits it
    /// (Return on each field).
    @MainActor static func typeAndRead(_ form: AccessibilityDesktop.Application, on desktop: AccessibilityDesktop, mode: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws -> PeerReads {
        form.driver.type("Ada")
        form.driver.sync()
        let reads = try desktop.peerReads(pid: form.pid, mode: mode, sourceLocation: sourceLocation)
        for _ in 0..<3 { form.driver.key(0xff0d) }
        return reads
    }

    /// A client killed with its connection open: the form lets go of it (closes its end) and
    /// takes every key after it; each value typed is submitted.
    @Test @MainActor func aClientKilledMidFormLosesNothing() throws {
        let desktop = try AccessibilityDesktop(runtimeDirectory: true)
        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(Self.form), "--no-blink"],
                                                           wmClass: "keyform", on: desktop)
        keyform.driver.type("Gr")
        let output = try temporaryDirectory().appendingPathComponent("hold").path
        let file = open(output, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(file) }
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/peer_reads.py").path
        let client = try ChildProcess(path: "/usr/bin/python3", arguments: [script, String(keyform.pid), "hold"],
                                      environment: desktop.environment, standardOutput: file)
        defer { client.kill() }
        var reads: PeerReads?
        waitUntil("the client reading peer to peer") {
            reads = (try? Data(contentsOf: URL(fileURLWithPath: output))).flatMap { try? JSONDecoder().decode(PeerReads.self, from: $0) }
            return reads != nil
        }
        let socket = String(try #require(reads).address.dropFirst("unix:path=".count))
        #expect(Self.connections(to: socket) == 1)
        keyform.driver.type("ace")
        client.kill()
        waitUntil("the form letting go of the killed client") { Self.connections(to: socket) == 0 }
        keyform.driver.key(0xff09)  // Tab
        keyform.driver.type("g@example.org")
        keyform.driver.key(0xff09)
        keyform.driver.type("1234")
        keyform.driver.key(0xff0d)
        let (status, values) = keyform.finish()
        #expect(status == 0)
        #expect(values == #"{"name":"Grace","email":"g@example.org","pin":"1234"}"# + "\n")
    }

    /// The connections the server behind `socket` holds, as the kernel lists them
    /// (/proc/net/unix): each accepted one carries the listening socket's path, connected (03),
    /// until the server closes its end.
    static func connections(to socket: String) -> Int {
        // Read to its end: `String(contentsOfFile:)` reads only a /proc file's first page.
        let table = FileHandle(forReadingAtPath: "/proc/net/unix").flatMap { try? $0.readToEnd() }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return table.split(separator: "\n").filter { line in
            let columns = line.split(separator: " ")
            return columns.count == 8 && columns[7] == socket && columns[5] == "03"
        }.count
    }

    /// Only the same user gets in, by the directory (0700) and by the server itself, which takes
    /// EXTERNAL credentials of its own user only: with the directory opened up, another user is
    /// still refused. As root only (it runs the stranger as `nobody`).
    @Test(.enabled(if: geteuid() == 0)) @MainActor func onlyTheSameUserConnects() throws {
        let desktop = try AccessibilityDesktop(runtimeDirectory: true)
        let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(Self.form), "--no-blink"],
                                                           wmClass: "keyform", on: desktop)
        let address = try desktop.peerReads(pid: keyform.pid, mode: "peer").address
        let socket = String(address.dropFirst("unix:path=".count))
        func connect(asNobody: Bool) throws -> RunResult {
            let script = packageRoot.appendingPathComponent("Tests/Accessibility/peer_reads.py").path
            let command = (asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []) + ["/usr/bin/python3", script]
            return try runProgram(command[0], Array(command.dropFirst()) + ["connect", address], environment: ["HOME": "/nonexistent"])
        }
        #expect(try connect(asNobody: false).status == 0)
        let shut = try connect(asNobody: true)
        #expect(shut.status == 1 && shut.stderr.contains("ermission denied"), "\(shut.stderr)")
        // Every directory on the way open to all, and the socket writable by all.
        var folder = socket
        while folder != "/tmp" && folder != "/" {
            chmod(folder, folder == socket ? 0o777 : 0o755)
            folder = (folder as NSString).deletingLastPathComponent
        }
        let refused = try connect(asNobody: true)
        #expect(refused.status == 1 && !refused.stderr.contains("ermission denied"), "\(refused.stderr)")
        #expect(try connect(asNobody: false).status == 0, "the server still lets its own user in")
    }
}

/// What `peer_reads.py` says of the focused object.
struct Focused: Equatable, Decodable {
    var name: String, role: String, text: String, caret: Int
}

struct PeerReads: Decodable {
    var address: String
    var callsOnBus: Int
    var focused: Focused?

    enum CodingKeys: String, CodingKey {
        case address, focused
        case callsOnBus = "calls_on_bus"
    }
}

extension AccessibilityDesktop {
    /// Runs Tests/Accessibility/peer_reads.py on the application of `pid` in `mode` (`once`, `peer`).
    func peerReads(pid: pid_t, mode: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PeerReads {
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/peer_reads.py").path
        let run = try runProgram("/usr/bin/python3", [script, String(pid), mode], environment: environment)
        #expect(run.status == 0, "peer_reads.py \(mode): \(run.stderr)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(PeerReads.self, from: Data(run.stdout.utf8))
    }
}
