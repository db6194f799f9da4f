import CGio
import Glibc
import KeyformCore

extension GnomeAppearance {
    /// GNOME's colour settings as GSettings has them now (dconf on a GNOME desktop), or nil when
    /// neither schema is installed. GSettings aborts the program on a schema or key it does not
    /// know, so each is looked up first and a missing one is skipped. Only in a desktop session
    /// (a session bus and a runtime folder): outside one, dconf would launch a bus of its own
    /// (X11 autolaunch) and write a file in the home folder.
    public static func current() -> GnomeAppearance? {
        guard isSet("DBUS_SESSION_BUS_ADDRESS"), isSet("XDG_RUNTIME_DIR"),
              let source = g_settings_schema_source_get_default() else { return nil }
        let scheme = string(source, schema: "org.gnome.desktop.interface", key: "color-scheme")
        let contrast = boolean(source, schema: "org.gnome.desktop.a11y.interface", key: "high-contrast")
        if scheme == nil && contrast == nil { return nil }
        return GnomeAppearance(colorScheme: scheme, highContrast: contrast ?? false)
    }

    /// Set and not empty (an empty one is how a caller unsets it for a child).
    private static func isSet(_ variable: String) -> Bool {
        guard let value = getenv(variable) else { return false }
        return value.pointee != 0
    }

    private static func string(_ source: OpaquePointer, schema: String, key: String) -> String? {
        withSettings(source, schema: schema, key: key) { settings in
            guard let value = g_settings_get_string(settings, key) else { return nil }
            defer { g_free(value) }
            return String(cString: value)
        }
    }

    private static func boolean(_ source: OpaquePointer, schema: String, key: String) -> Bool? {
        withSettings(source, schema: schema, key: key) { g_settings_get_boolean($0, key) != 0 }
    }

    /// Runs `read` on the settings of `schema` when it is installed and has `key`.
    private static func withSettings<T>(_ source: OpaquePointer, schema id: String, key: String,
                                        _ read: (UnsafeMutablePointer<GSettings>) -> T?) -> T? {
        guard let schema = g_settings_schema_source_lookup(source, id, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0,
              let settings = g_settings_new_full(schema, nil, nil) else { return nil }
        defer { g_object_unref(settings) }
        return read(settings)
    }
}
