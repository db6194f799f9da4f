import CXKBCommon
import Glibc
import KeyformEnvironment

/// Owns one `xkb_compose_table`: the dead-key and Compose sequences of a locale.
final class ComposeTable {
    let pointer: OpaquePointer

    /// The table for the user's locale (LC_ALL, then LC_CTYPE, then LANG; `en_US.UTF-8` when none
    /// is set or it is C/POSIX), else the `en_US.UTF-8` table; nil if neither loads.
    init?(context: XKBContext) {
        let locale = Self.userLocale()
        var candidates = [locale]
        if locale != Self.fallbackLocale { candidates.append(Self.fallbackLocale) }
        for name in candidates {
            if let table = xkb_compose_table_new_from_locale(context.pointer, name, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                pointer = table
                return
            }
        }
        return nil
    }

    deinit { xkb_compose_table_unref(pointer) }

    private static let fallbackLocale = "en_US.UTF-8"

    private static func userLocale() -> String {
        for variable in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = Environment.value(variable), !value.isEmpty else { continue }
            return value == "C" || value == "POSIX" ? fallbackLocale : value
        }
        return fallbackLocale
    }
}
