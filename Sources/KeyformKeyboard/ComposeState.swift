import CXKBCommon

/// Owns one `xkb_compose_state`: how far into a compose sequence the typed keysyms are.
final class ComposeState {
    enum Outcome {
        /// The keysym is not part of a sequence: it types as it is.
        case nothing
        /// The keysym started or continued a sequence.
        case composing
        /// The keysym completed a sequence that gives `keysym` (0 if only text) and `text`.
        case composed(keysym: UInt32, text: String)
        /// The keysym broke the sequence; both are dropped.
        case cancelled
    }

    private let pointer: OpaquePointer
    private let table: ComposeTable
    /// The keysyms of the sequence in progress, for the preedit.
    private(set) var pending: [UInt32] = []

    init?(table: ComposeTable) {
        guard let state = xkb_compose_state_new(table.pointer, XKB_COMPOSE_STATE_NO_FLAGS) else { return nil }
        self.table = table
        pointer = state
    }

    deinit { xkb_compose_state_unref(pointer) }

    var isComposing: Bool { xkb_compose_state_get_status(pointer) == XKB_COMPOSE_COMPOSING }

    func feed(_ keysym: UInt32) -> Outcome {
        guard xkb_compose_state_feed(pointer, keysym) == XKB_COMPOSE_FEED_ACCEPTED else { return .nothing }
        switch xkb_compose_state_get_status(pointer) {
        case XKB_COMPOSE_COMPOSING:
            pending.append(keysym)
            return .composing
        case XKB_COMPOSE_COMPOSED:
            let result = Outcome.composed(keysym: xkb_compose_state_get_one_sym(pointer), text: composedText())
            reset()
            return result
        case XKB_COMPOSE_CANCELLED:
            reset()
            return .cancelled
        default:
            return .nothing
        }
    }

    func reset() {
        xkb_compose_state_reset(pointer)
        pending = []
    }

    private func composedText() -> String {
        let size = Int(xkb_compose_state_get_utf8(pointer, nil, 0)) + 1
        guard size > 1 else { return "" }
        return String(unsafeUninitializedCapacity: size) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                Int(xkb_compose_state_get_utf8(pointer, chars.baseAddress, size))
            }
        }
    }
}
