import CXKBCommon

/// Owns one `xkb_context`: where xkb finds its data files, and its log.
final class XKBContext {
    let pointer: OpaquePointer

    init() throws(KeyboardError) {
        // Keymaps come from explicit names or the server, never from XKB_DEFAULT_* in the
        // environment, so replay translates the same way on every machine.
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw KeyboardError("cannot create an xkb context (are the xkb data files installed?)")
        }
        // Compile failures are reported by our own error, which names the layout; xkb's
        // multi-line diagnostics would only repeat it on standard error.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        pointer = context
    }

    deinit { xkb_context_unref(pointer) }
}
