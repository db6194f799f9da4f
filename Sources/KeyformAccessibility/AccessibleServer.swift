import CGio
import KeyformCore
import KeyformGLib

/// The session's accessible tree served on the accessibility bus, as GTK 4 and Qt 6 serve
/// theirs: objects of their own implementing AT-SPI2's interfaces, the application's root
/// embedded in the registry's desktop. Objects are not registered one by one: one subtree
/// handler answers for every path under `ObjectPath.base`, making each node from the session
/// when it is asked for, so a form of 10,000 fields registers nothing more than one of two.
/// The interfaces are in the `AccessibleServer+…` files, one each. The same objects are served
/// on each peer-to-peer connection of a client that asked for one (`AccessibleServer+Peers`).
@MainActor
final class AccessibleServer {
    /// The accessibility bus: references name our unique name there (whichever connection a call
    /// came on, as at-spi2-atk's do), and events go out on it.
    let connection: DBusConnection
    let session: FormSession
    /// Where the window's top-left corner is on the screen, for screen coordinates.
    let screenOrigin: () -> Point
    /// The window's scale: AT-SPI's coordinates are the screen's pixels, the core's logical.
    let scale: () -> Double
    /// The registry's desktop, which embeds our root; the registry's own until it answers.
    var desktop = DBusValue.reference("org.a11y.atspi.Registry", ObjectPath.root)
    /// The number the registry gave the application (`Application.Id`).
    var applicationID: Int32 = 0
    /// The interfaces as GDBus reads them from `AtspiInterfaces.xml`.
    private let interfaces: UnsafeMutablePointer<GDBusNodeInfo>
    /// The objects as exported on each connection: the bus's first, then each peer's.
    private var registrations: [Registration] = []
    /// The private server for peer-to-peer connections, made when a client first asks for its
    /// address; `peerServerFailed` once it could not be (then clients stay on the bus).
    var peerServer: DBusPeerServer?
    var peerServerFailed = false
    /// Hears a problem worth telling the person (standard error).
    let report: (String) -> Void

    private struct Registration {
        let connection: DBusConnection
        let subtree: guint, cache: guint
    }

    /// Starts answering for the tree on `connection`; nil if GDBus refuses the subtree.
    init?(connection: DBusConnection, session: FormSession, screenOrigin: @escaping () -> Point, scale: @escaping () -> Double,
          report: @escaping (String) -> Void) {
        self.connection = connection
        self.session = session
        self.screenOrigin = screenOrigin
        self.scale = scale
        self.report = report
        guard let interfaces = g_dbus_node_info_new_for_xml(AtspiInterfaces.xml, nil) else { return nil }
        self.interfaces = interfaces
        guard export(on: connection) else { return nil }
    }

    // The last reference goes on the main thread, as every use does.
    deinit { onMainThread { g_dbus_node_info_unref(interfaces) } }

    /// Exports the objects on `connection` (the bus, or a peer's): one subtree answering for every
    /// object, and the cache. False if GDBus refuses the subtree.
    func export(on connection: DBusConnection) -> Bool {
        // GDBus holds the server until the subtree is unregistered (`withdraw`) and no call to it
        // is left on its way, then lets go of it.
        let subtree = g_dbus_connection_register_subtree(
            connection.pointer, ObjectPath.base, Self.subtreeTable, G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES,
            Unmanaged.passRetained(self).toOpaque(), { Unmanaged<AccessibleServer>.fromOpaque($0!).release() }, nil)
        if subtree == 0 {
            Unmanaged.passUnretained(self).release()
            return false
        }
        // Clients ask every application for its cache when it appears; an empty one tells them
        // to ask for each object as they need it.
        let cache = g_dbus_connection_register_object(
            connection.pointer, ObjectPath.cache, g_dbus_node_info_lookup_interface(interfaces, AtspiInterfaces.cache),
            Self.cacheTable, nil, nil, nil)
        registrations.append(Registration(connection: connection, subtree: subtree, cache: cache))
        return true
    }

    /// The connections the objects are exported on: the bus, and each peer.
    var connections: [DBusConnection] { registrations.map(\.connection) }

    /// Takes the objects off `connection` (a peer that went).
    func withdraw(from connection: DBusConnection) {
        registrations.removeAll { registration in
            guard registration.connection === connection else { return false }
            Self.unregister(registration)
            return true
        }
    }

    private static func unregister(_ registration: Registration) {
        g_dbus_connection_unregister_subtree(registration.connection.pointer, registration.subtree)
        if registration.cache != 0 { g_dbus_connection_unregister_object(registration.connection.pointer, registration.cache) }
    }

    /// Takes the objects off the bus and every peer, and closes the peer server (its socket
    /// removed); GDBus lets go of the server once nothing uses it.
    func stop() {
        for registration in registrations { Self.unregister(registration) }
        registrations = []
        peerServer?.stop()
        peerServer = nil
    }

    /// Puts the application on the desktop: the registry's `Socket.Embed`, which answers with
    /// the desktop it is now a child of. `then` says whether it did.
    func embed(then: @escaping @MainActor (Bool) -> Void) {
        connection.call("org.a11y.atspi.Registry", ObjectPath.root, "org.a11y.atspi.Socket", "Embed",
                        .tuple([reference(.application)])) { [weak self] reply in
            guard let self, let reply else { return then(false) }
            let name = reply.read(0, "(so)") { DBusArguments(tuple: $0).string(0) }
            let path = reply.read(0, "(so)") { pair in DBusArguments(tuple: pair).read(1, "o") { String(cString: g_variant_get_string($0, nil)) } }
            if let name, let path = path ?? nil { desktop = .reference(name, path) }
            then(true)
        }
    }

    // MARK: Objects

    /// AT-SPI's reference to one of our objects.
    func reference(_ target: ObjectPath.Target) -> DBusValue {
        guard case .object(let id) = target else { return .reference(connection.uniqueName, ObjectPath.root) }
        return reference(id)
    }

    func reference(_ id: AccessibleID) -> DBusValue { reference(id, holder: nil) }

    /// `holder`, when the caller has it, is the node of the object whose part `id` is.
    func reference(_ id: AccessibleID, holder: AccessibleNode?) -> DBusValue { .reference(connection.uniqueName, path(of: id, holder: holder)) }

    /// The path of `id`, with its list's stamp when it is an item of one (see `ObjectPath`).
    func path(of id: AccessibleID, holder: AccessibleNode? = nil) -> String {
        ObjectPath.path(of: .object(id), stamp: stamp(of: id, holder: holder))
    }

    private func stamp(of id: AccessibleID, holder: AccessibleNode? = nil) -> UInt64? {
        guard !id.part.isEmpty, let holder = holder ?? session.accessibleNode(AccessibleID(id.object, part: id.part.dropLast())) else {
            return nil
        }
        return ObjectPath.stamp(ofItemsOf: holder)
    }

    /// The object a path's node names, if it is there now: nil for a field or part that is gone
    /// (removed, hidden, past the end), and for an item whose list changed since its path was
    /// given out (its stamp is another).
    func resolve(_ target: ObjectPath.Target, stamp: UInt64?) -> ObjectPath.Target? {
        guard case .object(let id) = target else { return stamp == nil ? target : nil }
        guard session.accessibleNode(id) != nil, self.stamp(of: id) == stamp else { return nil }
        return target
    }

    /// The reference AT-SPI reads as no object.
    var nullReference: DBusValue { .reference("", ObjectPath.null) }

    /// The interfaces an object implements now: every object Accessible (and Component), the
    /// root Application; the rest as its node has text, actions, choices or a value.
    func interfaceNames(of target: ObjectPath.Target) -> [String] {
        guard case .object(let id) = target else { return [AtspiInterfaces.accessible, AtspiInterfaces.application] }
        guard let node = session.accessibleNode(id) else { return [AtspiInterfaces.accessible] }
        var names = [AtspiInterfaces.accessible, AtspiInterfaces.component]
        if node.text != nil {
            names.append(AtspiInterfaces.text)
            if node.states.contains(.editable) { names.append(AtspiInterfaces.editableText) }
        }
        if !node.actions.isEmpty { names.append(AtspiInterfaces.action) }
        if node.choices != nil { names.append(AtspiInterfaces.selection) }
        if node.value != nil { names.append(AtspiInterfaces.value) }
        return names
    }

    // MARK: Answering

    /// What a method answers: its out arguments, or an error a client can read.
    enum Reply: Sendable {
        case values([DBusValue])
        case failure(String)

        static let defunct = Reply.failure("the object is gone")
        static func value(_ value: DBusValue) -> Reply { .values([value]) }
    }

    /// Answers a method call on one of our objects, by interface. An object that is gone (nil)
    /// says so to `GetState` (`defunct`), as GTK's do, and fails every other call.
    func call(_ method: String, on target: ObjectPath.Target?, interface: String, _ arguments: DBusArguments) -> Reply {
        guard let target else {
            let gone = interface == AtspiInterfaces.accessible && method == "GetState"
            return gone ? .value(.array(itemType: "u", stateWords([defunctBit]).map(DBusValue.uint32))) : .defunct
        }
        switch (interface, target) {
        case (AtspiInterfaces.accessible, _): return accessibleCall(method, on: target, arguments)
        case (AtspiInterfaces.application, .application): return applicationCall(method, arguments)
        case (_, .object(let id)):
            guard let node = session.accessibleNode(id) else { return .defunct }
            switch interface {
            case AtspiInterfaces.component: return componentCall(method, on: id, node: node, arguments)
            case AtspiInterfaces.text: return textCall(method, on: id, node: node, arguments)
            case AtspiInterfaces.editableText: return editableTextCall(method, on: id, node: node, arguments)
            case AtspiInterfaces.action: return actionCall(method, on: id, node: node, arguments)
            case AtspiInterfaces.selection: return selectionCall(method, on: id, node: node, arguments)
            default: return .failure("no interface \(interface)")
            }
        default: return .failure("no interface \(interface)")
        }
    }

    /// A property of one of our objects, by interface; nil when it has none.
    func property(_ name: String, of target: ObjectPath.Target, interface: String) -> DBusValue? {
        switch (interface, target) {
        case (AtspiInterfaces.accessible, _): return accessibleProperty(name, of: target)
        case (AtspiInterfaces.application, .application): return applicationProperty(name)
        case (_, .object(let id)):
            guard let node = session.accessibleNode(id) else { return nil }
            switch interface {
            case AtspiInterfaces.text: return textProperty(name, node: node)
            case AtspiInterfaces.action: return name == "NActions" ? .int(node.actions.count) : nil
            case AtspiInterfaces.selection: return name == "NSelectedChildren" ? .int(node.chosen.count) : nil
            case AtspiInterfaces.value: return valueProperty(name, node: node)
            default: return nil
            }
        default: return nil
        }
    }

    /// Sets a writable property: the registry sets the application's `Id`, a screen reader a
    /// number field's `CurrentValue`.
    func setProperty(_ name: String, of target: ObjectPath.Target, interface: String, to value: DBusArguments) -> Bool {
        switch (interface, name, target) {
        case (AtspiInterfaces.application, "Id", .application):
            applicationID = Int32(value.int(0))
            return true
        case (AtspiInterfaces.value, "CurrentValue", .object(let id)):
            return session.setAccessibleValue(of: id, to: value.double(0))
        default:
            return false
        }
    }

    /// The interface infos of an object, for GDBus to check its calls against.
    fileprivate func interfaceInfos(of target: ObjectPath.Target) -> [UnsafeMutablePointer<GDBusInterfaceInfo>] {
        interfaceNames(of: target).compactMap { g_dbus_node_info_lookup_interface(interfaces, $0) }
    }

    // MARK: GDBus's side

    /// What a path under the subtree names: nil for `base` itself, or a name no object ever had.
    fileprivate nonisolated static func target(ofPath path: UnsafePointer<gchar>?) -> (target: ObjectPath.Target, stamp: UInt64?)? {
        guard let path else { return nil }
        let full = String(cString: path)
        guard full.hasPrefix(ObjectPath.base + "/") else { return nil }
        return ObjectPath.target(ofNode: String(full.dropFirst(ObjectPath.base.count + 1)))
    }

    fileprivate nonisolated static func server(_ data: gpointer?) -> AccessibleServer {
        Unmanaged<AccessibleServer>.fromOpaque(data!).takeUnretainedValue()
    }

    /// GDBus's tables of our callbacks, made once: the subtree's, and the one for every
    /// interface of every object (each call says which it is for).
    private nonisolated(unsafe) static let subtreeTable: UnsafeMutablePointer<GDBusSubtreeVTable> = {
        let table = UnsafeMutablePointer<GDBusSubtreeVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusSubtreeVTable(enumerate: enumerate, introspect: introspect, dispatch: { _, _, _, _, _, userData, data in
            userData?.pointee = data
            return UnsafePointer(methodTable)
        }, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return table
    }()

    private nonisolated(unsafe) static let methodTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable(method_call: methodCall, get_property: getProperty, set_property: setProperty,
                                                  padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return table
    }()

    private nonisolated(unsafe) static let cacheTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable(method_call: { _, _, _, _, _, _, invocation, _ in
            g_dbus_method_invocation_return_value(invocation, DBusValue.tuple([.array(itemType: "((so)(so)(so)iiassusau)", [])]).gVariant())
        }, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return table
    }()

    /// Only the root is listed: every other object is found through it, and served on demand.
    private nonisolated static let enumerate: GDBusSubtreeEnumerateFunc = { _, _, _, _ in
        let names = g_malloc0(gsize(2 * MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
        names[0] = g_strdup(ObjectPath.rootName)
        return names
    }

    /// The interfaces of one node, in an array GDBus takes, with a reference to each. One that
    /// is gone is still Accessible, so that `GetState` reaches it and answers `defunct`.
    private nonisolated static let introspect: GDBusSubtreeIntrospectFunc = { _, _, _, node, data in
        guard let node, let (target, stamp) = ObjectPath.target(ofNode: String(cString: node)) else { return nil }
        let server = server(data)
        nonisolated(unsafe) var infos: [UnsafeMutablePointer<GDBusInterfaceInfo>] = []
        onMainThread { infos = server.interfaceInfos(of: server.resolve(target, stamp: stamp) ?? target) }
        let array = g_malloc0(gsize((infos.count + 1) * MemoryLayout<UnsafeMutablePointer<GDBusInterfaceInfo>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<GDBusInterfaceInfo>?.self)
        for (index, info) in infos.enumerated() { array[index] = g_dbus_interface_info_ref(info) }
        return array
    }

    private nonisolated static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, path, interface, method, parameters, invocation, data in
        guard let interfaceName = interface, let methodName = method, let parameters, let (target, stamp) = target(ofPath: path) else {
            // GDBus only dispatches to a node `introspect` knew, so this is never reached; the
            // call is answered all the same, so that no caller waits for it.
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownObject", "no such object")
        }
        let server = server(data), method = String(cString: methodName), interface = String(cString: interfaceName)
        let arguments = DBusArguments(tuple: parameters)
        let reply = onMainThread { server.call(method, on: server.resolve(target, stamp: stamp), interface: interface, arguments) }
        switch reply {
        case .values(let values): g_dbus_method_invocation_return_value(invocation, DBusValue.tuple(values).gVariant())
        case .failure(let message): g_dbus_method_invocation_return_dbus_error(invocation, "org.a11y.atspi.Error.Failed", message)
        }
    }

    /// A property, or an error that says why not: GDBus aborts the process when either
    /// callback fails without setting one.
    private nonisolated static let getProperty: GDBusInterfaceGetPropertyFunc = { _, _, path, interface, name, error, data in
        guard let interfaceName = interface, let propertyName = name, let (target, stamp) = target(ofPath: path) else {
            fail(error, "no such object")
            return nil
        }
        let server = server(data), name = String(cString: propertyName), interface = String(cString: interfaceName)
        let value = onMainThread { server.resolve(target, stamp: stamp).flatMap { server.property(name, of: $0, interface: interface) } }
        guard let value else {
            fail(error, "no property \(name) here")
            return nil
        }
        return value.gVariant()
    }

    private nonisolated static let setProperty: GDBusInterfaceSetPropertyFunc = { _, _, path, interface, name, value, error, data in
        guard let interfaceName = interface, let propertyName = name, let value, let (target, stamp) = target(ofPath: path) else {
            fail(error, "no such object")
            return 0
        }
        // The value alone, read as a one-item tuple.
        let wrapped = g_variant_ref_sink(g_variant_new_tuple([value], 1))!
        defer { g_variant_unref(wrapped) }
        let server = server(data), name = String(cString: propertyName), interface = String(cString: interfaceName)
        let arguments = DBusArguments(tuple: wrapped)
        let done = onMainThread { server.resolve(target, stamp: stamp).map { server.setProperty(name, of: $0, interface: interface, to: arguments) } ?? false }
        if !done { fail(error, "\(name) was not set") }
        return done ? 1 : 0
    }

    /// Sets `error` to a D-Bus failure saying `message`.
    private nonisolated static func fail(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ message: String) {
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_FAILED.rawValue), message)
    }
}
