import Glibc

/// The locale's compose table, parsed on a thread of its own. Parsing the Compose file takes
/// milliseconds; done on the main thread right after the first paint, it delayed the window's
/// answer to whatever came next (the window manager's focus, the first key). `table` waits for
/// the thread only if it is asked before the thread is done.
final class ComposeTableLoad: @unchecked Sendable {
    /// The parsing thread until it is joined; nil after, or if none could start.
    private var thread: pthread_t?
    /// Written by the thread before it ends, read only after joining it: the join orders the two.
    private var loaded: ComposeTable?

    init() {
        // The thread owns a reference until it ends, so the load outlives nobody's interest in it.
        let retained = Unmanaged.passRetained(self).toOpaque()
        var started = pthread_t()
        if pthread_create(&started, nil, { argument in
            let load = Unmanaged<ComposeTableLoad>.fromOpaque(argument!).takeRetainedValue()
            load.loaded = ComposeTableLoad.parse()
            return nil
        }, retained) == 0 {
            thread = started
        } else {
            Unmanaged<ComposeTableLoad>.fromOpaque(retained).release()
            loaded = Self.parse()
        }
    }

    /// A window closed before any key: the thread is let go, to end on its own. (The last
    /// reference can be the thread's, so this may run on the thread itself, which cannot join.)
    deinit {
        if let thread { pthread_detach(thread) }
    }

    /// The table, once the thread is done.
    var table: ComposeTable? {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return loaded
    }

    /// A context of the table's own: an xkb_context counts its references without atomics, so
    /// the keymap's context must not be shared with another thread.
    private static func parse() -> ComposeTable? {
        (try? XKBContext()).flatMap(ComposeTable.init(context:))
    }
}
