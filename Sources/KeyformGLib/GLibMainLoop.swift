import CGio
import Glibc

/// A GLib main context, run from the window's own `poll`: GDBus delivers replies, method calls
/// and signals in the default one, GSettings its `changed` signals in the one it was made in,
/// and the window never waits inside GLib. A turn is `prepare` (what to wait on and for how
/// long), the window's poll, then `dispatch` with what the poll found: GLib's prepare, query,
/// check and dispatch, as any loop that is not GLib's runs it.
@MainActor
package final class GLibMainLoop {
    private let context: OpaquePointer
    /// The descriptors GLib gave the last `prepare`, with the priority it was for.
    private var watched: [GPollFD] = []
    private var priority: gint = 0

    /// `context`: GLib's default one unless given (the loop holds a reference to it).
    package init(context: OpaquePointer = g_main_context_default()) {
        self.context = g_main_context_ref(context)
        // This thread dispatches it for as long as the loop lives; no other may.
        g_main_context_acquire(context)
    }

    // The last reference goes on the main thread, as every use does.
    deinit {
        onMainThread {
            g_main_context_release(context)
            g_main_context_unref(context)
        }
    }

    /// Before the wait: the descriptors to watch, and the most milliseconds to wait (-1: no limit).
    package func prepare() -> (descriptors: [pollfd], timeout: Int32) {
        let ready = g_main_context_prepare(context, &priority) != 0
        var timeout: gint = -1
        var count = g_main_context_query(context, priority, &timeout, &watched, gint(watched.count))
        if Int(count) > watched.count {
            // GLib says how many it has when they do not fit: ask again with room for them.
            watched = Array(repeating: GPollFD(), count: Int(count))
            count = g_main_context_query(context, priority, &timeout, &watched, count)
        }
        watched.removeLast(watched.count - Int(count))
        let descriptors = watched.map { pollfd(fd: $0.fd, events: Int16(bitPattern: $0.events), revents: 0) }
        return (descriptors, ready ? 0 : timeout)
    }

    /// After the wait: the descriptors `prepare` gave, in its order, with what poll found.
    /// Runs what is ready: GDBus's replies, calls and signals.
    package func dispatch(_ polled: [pollfd]) {
        for index in watched.indices where index < polled.count {
            watched[index].revents = UInt16(bitPattern: polled[index].revents)
        }
        if g_main_context_check(context, priority, &watched, gint(watched.count)) != 0 {
            g_main_context_dispatch(context)
        }
    }

    /// Turns the loop on its own until `done` holds or `milliseconds` have passed: only while
    /// the window is closing, to let a last reply out (see `AccessibilityBridge.close`).
    package func run(forAtMost milliseconds: Double, until done: () -> Bool) {
        let deadline = Self.now() + milliseconds
        while !done() {
            let left = deadline - Self.now()
            guard left > 0 else { return }
            var (descriptors, timeout) = prepare()
            let wait = timeout < 0 ? Int32(left.rounded(.up)) : min(timeout, Int32(left.rounded(.up)))
            _ = poll(&descriptors, nfds_t(descriptors.count), wait)
            dispatch(descriptors)
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
