import CXKBCommon

/// Owns one compiled `xkb_keymap` (and the context it came from): which keysyms every key gives
/// in every layout (xkb calls layouts "groups") and shift level.
public final class Keymap {
    let pointer: OpaquePointer
    /// The context the keymap was compiled in; translators load their compose tables in it too.
    let context: XKBContext

    /// Compiles a keymap from RMLVO names (rules `evdev`, model `pc105`), with no X server.
    /// `layout` may list several layouts (`us,ru`), `variant` one per layout.
    public init(layout: String, variant: String = "", options: String = "") throws(KeyboardError) {
        let context = try XKBContext()
        let compiled = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layoutName in
                    variant.withCString { variantName in
                        options.withCString { optionNames in
                            var names = xkb_rule_names(rules: rules, model: model, layout: layoutName,
                                                       variant: variantName, options: optionNames)
                            return xkb_keymap_new_from_names(context.pointer, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let compiled else {
            var message = "unknown keyboard layout \"\(layout)\""
            if !variant.isEmpty { message += " with variant \"\(variant)\"" }
            if !options.isEmpty { message += " and options \"\(options)\"" }
            throw KeyboardError(message)
        }
        self.context = context
        pointer = compiled
    }

    /// The keymap the X server uses for a keyboard device. `x11Connection` is an
    /// `xcb_connection_t *` on which the XKB extension is already set up
    /// (`xkb_x11_setup_xkb_extension`).
    public init(x11Connection: OpaquePointer, deviceID: Int32) throws(KeyboardError) {
        let context = try XKBContext()
        guard let compiled = xkb_x11_keymap_new_from_device(context.pointer, x11Connection, deviceID,
                                                            XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            throw KeyboardError("cannot read the keyboard map of X input device \(deviceID)")
        }
        self.context = context
        pointer = compiled
    }

    deinit { xkb_keymap_unref(pointer) }

    /// The hardware keycode of an xkb key name (`AC01`, `TAB`, `RTRN`), or nil if the keymap has none.
    public func keycode(named name: String) -> UInt32? {
        let code = xkb_keymap_key_by_name(pointer, name)
        return code == XKB_KEYCODE_INVALID ? nil : code
    }

    /// The index of a real or virtual modifier (`Shift`, `Control`, `Mod1`, `Mod4`), if the keymap has it.
    func modifierIndex(_ name: String) -> UInt32? {
        let index = name.withCString { xkb_keymap_mod_get_index(pointer, $0) }
        return index == XKB_MOD_INVALID ? nil : index
    }

    /// The number of layouts (groups) a key has keysyms in.
    func layoutCount(keycode: UInt32) -> UInt32 { xkb_keymap_num_layouts_for_key(pointer, keycode) }

    /// The first keysym of a key at shift level 0 in a layout, or nil if there is none.
    func baseKeysym(keycode: UInt32, layout: UInt32) -> UInt32? {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(pointer, keycode, layout, 0, &syms)
        guard count > 0, let syms else { return nil }
        return syms[0]
    }
}
