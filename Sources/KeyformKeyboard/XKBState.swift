import CXKBCommon

/// Owns one `xkb_state`: the modifiers and layout currently in effect on a keymap.
final class XKBState {
    /// The six numbers that make up a state, as the server's StateNotify reports them.
    struct Components {
        var depressedMods: UInt32, latchedMods: UInt32, lockedMods: UInt32
        var depressedLayout: UInt32, latchedLayout: UInt32, lockedLayout: UInt32
    }

    let pointer: OpaquePointer
    let keymap: Keymap

    init(keymap: Keymap) {
        guard let state = xkb_state_new(keymap.pointer) else { fatalError("xkb_state_new: out of memory") }
        self.keymap = keymap
        pointer = state
    }

    init(keymap: Keymap, x11Connection: OpaquePointer, deviceID: Int32) throws(KeyboardError) {
        guard let state = xkb_x11_state_new_from_device(keymap.pointer, x11Connection, deviceID) else {
            throw KeyboardError("cannot read the keyboard state of X input device \(deviceID)")
        }
        self.keymap = keymap
        pointer = state
    }

    deinit { xkb_state_unref(pointer) }

    var components: Components {
        get {
            Components(depressedMods: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_DEPRESSED),
                       latchedMods: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_LATCHED),
                       lockedMods: xkb_state_serialize_mods(pointer, XKB_STATE_MODS_LOCKED),
                       depressedLayout: xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_DEPRESSED),
                       latchedLayout: xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_LATCHED),
                       lockedLayout: xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_LOCKED))
        }
        set {
            _ = xkb_state_update_mask(pointer, newValue.depressedMods, newValue.latchedMods, newValue.lockedMods,
                                      newValue.depressedLayout, newValue.latchedLayout, newValue.lockedLayout)
        }
    }

    func keysym(keycode: UInt32) -> UInt32 { xkb_state_key_get_one_sym(pointer, keycode) }

    /// Feeds a key's press and release to the state: the locks and latches it sets take effect.
    func pressAndRelease(_ keycode: UInt32) {
        xkb_state_update_key(pointer, keycode, XKB_KEY_DOWN)
        xkb_state_update_key(pointer, keycode, XKB_KEY_UP)
    }

    /// The layout a key uses in the current state.
    func layout(keycode: UInt32) -> UInt32 { xkb_state_key_get_layout(pointer, keycode) }

    /// What the key types in the current state, with xkb's Control transformation applied.
    func utf8(keycode: UInt32) -> String {
        let size = Int(xkb_state_key_get_utf8(pointer, keycode, nil, 0)) + 1
        guard size > 1 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                Int(xkb_state_key_get_utf8(pointer, keycode, chars.baseAddress, size))
            }
        }
    }

    /// Whether a modifier is in effect (depressed, latched or locked).
    func isActive(modifierIndex index: UInt32) -> Bool {
        xkb_state_mod_index_is_active(pointer, index, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}
