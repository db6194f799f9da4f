import KeyformGLib

/// Whether the desktop says an assistive technology is on: `org.a11y.Status`'s `IsEnabled` or
/// `ScreenReaderEnabled` on the session bus (set by Orca, GNOME's accessibility settings, or
/// `dbus-send`), watched for as long as the window lives, as Qt does. Nothing here starts a
/// service: while `org.a11y.Bus` is not running the answer is no, and it is asked again when it
/// starts.
@MainActor
final class AccessibilityStatus {
    static let service = "org.a11y.Bus", path = "/org/a11y/bus"
    static let interface = "org.a11y.Status"
    static let switches = ["IsEnabled", "ScreenReaderEnabled"]

    let session: DBusConnection
    private var values: [String: Bool] = [:]
    private let changed: @MainActor (Bool) -> Void

    /// `changed` gets each new answer: true once either switch is on, false once both are off.
    init(session: DBusConnection, changed: @escaping @MainActor (Bool) -> Void) {
        self.session = session
        self.changed = changed
        session.subscribe(sender: Self.service, path: Self.path, interface: "org.freedesktop.DBus.Properties",
                          member: "PropertiesChanged") { [weak self] arguments in
            guard arguments.string(0) == Self.interface else { return }
            self?.update(arguments.booleans(1))
        }
        session.watch(name: Self.service) { [weak self] running in
            guard let self else { return }
            guard running else { return update(Dictionary(uniqueKeysWithValues: Self.switches.map { ($0, false) })) }
            session.call(Self.service, Self.path, "org.freedesktop.DBus.Properties", "GetAll", .tuple([.string(Self.interface)]),
                         autoStart: false) { [weak self] reply in
                self?.update(reply?.booleans(0) ?? [:])
            }
        }
    }

    var isEnabled: Bool { Self.switches.contains { values[$0] == true } }

    private func update(_ new: [String: Bool]) {
        let was = isEnabled
        values.merge(new.filter { Self.switches.contains($0.key) }) { $1 }
        if isEnabled != was { changed(isEnabled) }
    }

    /// The accessibility bus's address, as `org.a11y.Bus` gives it (launching the bus if it is
    /// not yet running); nil if it cannot.
    func busAddress(then: @escaping @MainActor (String?) -> Void) {
        session.call(Self.service, Self.path, Self.service, "GetAddress") { reply in
            then(reply.map { $0.string(0) }.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
