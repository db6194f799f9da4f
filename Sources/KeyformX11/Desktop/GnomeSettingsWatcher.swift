import CGio
import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformGLib

/// GNOME's colour settings in GSettings (dconf on a GNOME desktop): `org.gnome.desktop.interface
/// color-scheme` and `accent-color` (GNOME 47 and later), and `org.gnome.desktop.a11y.interface
/// high-contrast`. Kept open while the window is, so that a change made in GNOME Settings or with
/// `gsettings set` repaints it. GSettings tells of a change with its `changed` signal, emitted in
/// the main context that was the thread's default when the settings were made: here a context of
/// the watcher's own, which the window's loop runs beside the X connection (a `WindowCompanion`),
/// so GLib's default context, which the accessibility bridge runs, is not touched.
@MainActor
public final class GnomeSettingsWatcher {
    private let loop: GLibMainLoop
    /// The settings of each installed schema that has its key, with their `changed` handler.
    private var watched: [(settings: UnsafeMutablePointer<GSettings>, handler: gulong)] = []
    private var interface: UnsafeMutablePointer<GSettings>?
    private var accessibility: UnsafeMutablePointer<GSettings>?
    /// The interface schema has GNOME 47's `accent-color`.
    private var hasAccent = false
    /// Set by the `changed` handler while the loop dispatches.
    private var changed = false
    public private(set) var appearance = GnomeAppearance()
    /// Told after a change of `appearance`.
    public var onChange: () -> Void = {}

    /// Nil outside a desktop session (a session bus and a runtime folder: outside one, dconf
    /// would launch a bus of its own, X11 autolaunch, and write a file in the home folder) and
    /// when neither schema is installed. GSettings aborts the program on a schema or key it does
    /// not know, so each is looked up first and a missing one is skipped.
    public init?() {
        guard let source = Self.schemaSource else { return nil }
        let context = g_main_context_new()!
        defer { g_main_context_unref(context) }
        g_main_context_push_thread_default(context)
        interface = Self.settings(source, schema: "org.gnome.desktop.interface", key: "color-scheme")
        hasAccent = interface != nil && Self.publishesAccent
        accessibility = Self.settings(source, schema: "org.gnome.desktop.a11y.interface", key: "high-contrast")
        g_main_context_pop_thread_default(context)
        loop = GLibMainLoop(context: context)
        for settings in [interface, accessibility].compactMap({ $0 }) { watch(settings) }
        guard !watched.isEmpty else { return nil }
        // Read after the handlers are connected: GSettings signals a change only of a key read
        // since.
        appearance = read()
    }

    // The last reference goes on the main thread, as every use does.
    deinit {
        onMainThread {
            for (settings, handler) in watched {
                g_signal_handler_disconnect(settings, handler)
                g_object_unref(settings)
            }
        }
    }

    private func watch(_ settings: UnsafeMutablePointer<GSettings>) {
        let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, _, watcher in
            guard let watcher else { return }
            // Emitted from `dispatch`, on the main thread.
            onMainThread { Unmanaged<GnomeSettingsWatcher>.fromOpaque(watcher).takeUnretainedValue().changed = true }
        }
        let id = g_signal_connect_data(settings, "changed", unsafeBitCast(handler, to: GCallback.self),
                                       Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        watched.append((settings, id))
    }

    private func read() -> GnomeAppearance {
        let scheme = interface.flatMap { settings -> String? in
            guard let value = g_settings_get_string(settings, "color-scheme") else { return nil }
            defer { g_free(value) }
            return String(cString: value)
        }
        let contrast = accessibility.map { g_settings_get_boolean($0, "high-contrast") != 0 } ?? false
        let accent = hasAccent ? interface.flatMap { settings -> AccentColor? in
            guard let value = g_settings_get_string(settings, "accent-color") else { return nil }
            defer { g_free(value) }
            return AccentColor(rawValue: String(cString: value))
        } : nil
        return GnomeAppearance(colorScheme: scheme, highContrast: contrast, accentColor: accent)
    }

    /// Whether GNOME's settings have an accent colour here (GNOME 47's `accent-color` in the
    /// installed schema, in a desktop session): the one setting the XSETTINGS manager does not
    /// stand in for, so the window reads GNOME's settings for it even when `Net/ThemeName`
    /// decides the palette. Looked up once.
    public static let publishesAccent: Bool = {
        guard let source = schemaSource, let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1) else { return false }
        defer { g_settings_schema_unref(schema) }
        return g_settings_schema_has_key(schema, "color-scheme") != 0 && g_settings_schema_has_key(schema, "accent-color") != 0
    }()

    /// The installed schemas, in a desktop session only.
    private static var schemaSource: OpaquePointer? {
        guard isSet("DBUS_SESSION_BUS_ADDRESS"), isSet("XDG_RUNTIME_DIR") else { return nil }
        return g_settings_schema_source_get_default()
    }

    /// Set and not empty (an empty one is how a caller unsets it for a child).
    private static func isSet(_ variable: String) -> Bool {
        Environment.value(variable).map { !$0.isEmpty } ?? false
    }

    /// The settings of `schema` when it is installed and has `key`.
    private static func settings(_ source: OpaquePointer, schema id: String, key: String) -> UnsafeMutablePointer<GSettings>? {
        guard let schema = g_settings_schema_source_lookup(source, id, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0 else { return nil }
        return g_settings_new_full(schema, nil, nil)
    }
}

/// The window's loop runs the watcher's context.
extension GnomeSettingsWatcher: WindowCompanion {
    public func prepareToWait() -> (descriptors: [pollfd], timeout: Int32) { loop.prepare() }

    public func dispatch(_ polled: [pollfd]) {
        loop.dispatch(polled)
        guard changed else { return }
        changed = false
        let now = read()
        guard now != appearance else { return }
        appearance = now
        onChange()
    }

    /// Nothing to send and nothing to finish: the settings are only read.
    public func publish(_ update: SessionUpdate) {}
    public func close() {}
}
