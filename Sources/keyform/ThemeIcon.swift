import Glibc

/// zenity's and yad's `--window-icon` takes a file or an icon theme's name (`info`, `warning`,
/// `dialog-password`); Keyform's takes a PNG file. A name is looked up as a 48-pixel PNG in the
/// hicolor and Adwaita themes; one that is found nowhere, or a file that is missing, gives
/// Keyform's own icon, as zenity and yad show their default one.
enum ThemeIcon {
    /// zenity's and yad's short names for the dialog icons.
    static let aliases = ["info": "dialog-information", "warning": "dialog-warning", "question": "dialog-question", "error": "dialog-error"]
    static let folders = ["/usr/share/icons/hicolor/48x48", "/usr/share/icons/Adwaita/48x48"]
    static let categories = ["apps", "status", "legacy", "actions", "devices", "places", "mimetypes", "categories", "emblems"]

    /// A PNG for `icon`, or nil for Keyform's own.
    static func path(for icon: String) -> String? {
        if icon.contains("/") { return icon.hasSuffix(".png") && access(icon, R_OK) == 0 ? icon : nil }
        let name = aliases[icon] ?? icon
        for folder in folders {
            for category in categories where access("\(folder)/\(category)/\(name).png", R_OK) == 0 {
                return "\(folder)/\(category)/\(name).png"
            }
        }
        return nil
    }
}
