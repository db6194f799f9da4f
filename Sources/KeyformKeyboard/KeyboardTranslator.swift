import CXKBCommon
import KeyformCore

/// Turns hardware keycodes into `KeyPress`es: keysym, typed text (after dead keys and Compose),
/// modifiers and the Latin keysym for shortcuts. Owns the keyboard state and the compose state.
///
/// In the window the state follows the server through `updateMask`; with no server (replay,
/// tests) `translate(keycode:modifiers:)` sets the modifiers for one press.
public final class KeyboardTranslator {
    private let state: XKBState
    /// Nil when the locale's compose tables cannot be loaded: keys then type as they are. Parsed
    /// in the background once `loadCompose` asks, or at the first key, not at start-up: parsing
    /// the locale's Compose file is a sixth of a window's start-up work.
    private lazy var compose: ComposeState? = composeLoad.table.flatMap(ComposeState.init(table:))
    /// Started by `loadCompose`, or by the first key when nothing started it.
    private(set) lazy var composeLoad = ComposeTableLoad()
    private let latinKeys: LatinKeys
    /// The keymap's indices of Shift, Control, Mod1 (Alt) and Mod4 (Super), with their `Modifiers`.
    private let modifierIndices: [(Modifiers, UInt32)]

    /// A translator with no modifiers and the first layout in effect. `previous`: as below.
    public convenience init(keymap: Keymap, replacing previous: KeyboardTranslator? = nil) {
        self.init(state: XKBState(keymap: keymap), replacing: previous)
    }

    /// A translator that starts from the server's current state of a keyboard device.
    /// `previous`: the translator of the keymap this one replaces (`setxkbmap`, another keyboard
    /// plugged in). Its compose table, the locale's and not the keymap's, carries over, loaded or
    /// loading: parsed again, it kept the first key after every keymap change waiting for the parse.
    public convenience init(keymap: Keymap, x11Connection: OpaquePointer, deviceID: Int32,
                            replacing previous: KeyboardTranslator? = nil) throws(KeyboardError) {
        self.init(state: try XKBState(keymap: keymap, x11Connection: x11Connection, deviceID: deviceID), replacing: previous)
    }

    private init(state: XKBState, replacing previous: KeyboardTranslator?) {
        self.state = state
        let keymap = state.keymap
        latinKeys = LatinKeys(keymap: keymap)
        modifierIndices = [(.shift, "Shift"), (.control, "Control"), (.alt, "Mod1"), (.super, "Mod4")]
            .compactMap { modifier, name in keymap.modifierIndex(name).map { (modifier, $0) } }
        if let previous { composeLoad = previous.composeLoad }
    }

    /// A dead key or Compose sequence is in progress.
    public var isComposing: Bool { compose?.isComposing ?? false }

    /// The sequence in progress as visible characters (dead_acute → "´"), "" when there is none.
    public var preedit: String { isComposing ? Preedit.text(of: compose?.pending ?? []) : "" }

    /// Sets the state the server reports (XKB StateNotify); a layout switch takes effect at once.
    public func updateMask(depressed: UInt32, latched: UInt32, locked: UInt32,
                           baseGroup: Int32, latchedGroup: Int32, lockedGroup: Int32) {
        state.components = XKBState.Components(
            depressedMods: depressed, latchedMods: latched, lockedMods: locked,
            depressedLayout: UInt32(bitPattern: baseGroup), latchedLayout: UInt32(bitPattern: latchedGroup),
            lockedLayout: UInt32(bitPattern: lockedGroup))
    }

    /// Translates a key press in the current state. Does not change the modifiers: the server's
    /// StateNotify does. Advances the compose sequence.
    public func press(keycode: UInt32) -> KeyPress {
        let keysym = state.keysym(keycode: keycode)
        let modifiers = activeModifiers
        var press = KeyPress(key: Key(keysym), modifiers: modifiers,
                             latinKey: latinKeys.latinKey(keycode: keycode, keysym: keysym))
        // Control chords type nothing: xkb would give a control character, or for non-Latin
        // letters the letter itself.
        if !modifiers.contains(.control) {
            let text = state.utf8(keycode: keycode)
            press.text = text.unicodeScalars.contains { KeysymNames.isControl($0.value) } ? "" : text
        }
        // Modifier keys never feed compose: Shift inside a sequence (dead_acute, Shift, a) is allowed.
        guard !press.key.isModifier, let compose else { return press }
        switch compose.feed(keysym) {
        case .nothing:
            break
        case .composing, .cancelled:
            press.text = ""
            press.composing = true
            press.preedit = preedit
        case .composed(let composedKeysym, let text):
            if composedKeysym != 0 { press.key = Key(composedKeysym) }
            press.text = text
        }
        return press
    }

    /// Translates one press with exactly `modifiers` held, and the locks (Caps Lock) and layout
    /// that earlier keys left, then restores the state. For replay and tests, where there is no
    /// server.
    public func translate(keycode: UInt32, modifiers: Modifiers) -> KeyPress {
        let saved = state.components
        var held = saved
        held.depressedMods = modifierIndices.reduce(0) { mask, entry in
            modifiers.contains(entry.0) ? mask | (1 << entry.1) : mask
        }
        state.components = held
        defer { state.components = saved }
        return press(keycode: keycode)
    }

    /// Translates a press in the state an X event recorded (its core state field: the modifiers
    /// and, with XKB, the group in bits 13–14), then restores the state: for a key that comes back
    /// from an input method after the modifiers it was pressed with were let go.
    public func press(keycode: UInt32, coreState: UInt16) -> KeyPress {
        inCoreState(coreState) { press(keycode: keycode) }
    }

    /// The keysym and text of a key in the state an X event recorded, with no compose sequence
    /// fed or changed: what an assistive technology is told of a key before the form gets it.
    public func describe(keycode: UInt32, coreState: UInt16) -> (keysym: UInt32, text: String) {
        inCoreState(coreState) { (state.keysym(keycode: keycode), state.utf8(keycode: keycode)) }
    }

    private func inCoreState<T>(_ coreState: UInt16, _ body: () -> T) -> T {
        let saved = state.components
        state.components = XKBState.Components(depressedMods: UInt32(coreState & 0xff), latchedMods: 0, lockedMods: 0,
                                               depressedLayout: 0, latchedLayout: 0, lockedLayout: UInt32(coreState >> 13) & 3)
        defer { state.components = saved }
        return body()
    }

    /// A key pressed and released with `modifiers` held, as `keyform replay` types it: translated
    /// as `translate` does, then the key acts on the state as on a real keyboard, so Caps Lock
    /// toggles its lock for the keys after it.
    public func strike(keycode: UInt32, modifiers: Modifiers) -> KeyPress {
        let press = translate(keycode: keycode, modifiers: modifiers)
        state.pressAndRelease(keycode)
        return press
    }

    /// Starts parsing the compose table on a thread of its own: the window does once its first
    /// paint is sent, so that neither the start-up nor the first key waits for it.
    public func loadCompose() { _ = composeLoad }

    /// Drops a dead key or Compose sequence in progress.
    public func cancelCompose() { compose?.reset() }

    /// The hardware keycode of an xkb key name (`AC01`, `TAB`, `RTRN`).
    public func keycode(named name: String) -> UInt32? { state.keymap.keycode(named: name) }

    /// Shift, Control, Alt and Super as in effect now; Caps and Num Lock never count.
    private var activeModifiers: Modifiers {
        modifierIndices.reduce(into: []) { result, entry in
            if state.isActive(modifierIndex: entry.1) { result.insert(entry.0) }
        }
    }
}
