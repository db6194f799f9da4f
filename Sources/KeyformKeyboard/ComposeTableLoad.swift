import Glibc

/// The locale's compose table, parsed on a thread of its own. Parsing the Compose file takes
/// milliseconds; done on the main thread right after the first paint, it delayed the window's
/// answer to whatever came next (the window manager's focus, the first key). `table` waits for
/// the thread only if it is asked before the thread is done.
final class ComposeTableLoad: @unchecked Sendable {
    private var thread = pthread_t()
    private var started = false
    /// Written by the thread before it ends, read only after joining it: the join orders the two.
    private var loaded: ComposeTable?
    private var finished = false

    init() {
        // The thread owns a reference until it ends, so the load outlives nobody's interest in it.
        let retained = Unmanaged.passRetained(self).toOpaque()
        started = pthread_create(&thread, nil, { argument in
            let load = Unmanaged<ComposeTableLoad>.fromOpaque(argument!).takeRetainedValue()
            load.loaded = ComposeTableLoad.parse()
            return nil
        }, retained) == 0
        if !started { Unmanaged<ComposeTableLoad>.fromOpaque(retained).release() }
    }

    /// A window closed before any key: the thread is let go, to end on its own. (The last
    /// reference can be the thread's, so this may run on the thread itself, which cannot join.)
    deinit {
        if started && !finished { pthread_detach(thread) }
    }

    /// The table, once the thread is done (parsed here if no thread could start).
    var table: ComposeTable? {
        if !finished {
            if started { pthread_join(thread, nil) } else { loaded = Self.parse() }
            finished = true
        }
        return loaded
    }

    /// A context of the table's own: an xkb_context counts its references without atomics, so
    /// the keymap's context must not be shared with another thread.
    private static func parse() -> ComposeTable? {
        (try? XKBContext()).flatMap(ComposeTable.init(context:))
    }
}
