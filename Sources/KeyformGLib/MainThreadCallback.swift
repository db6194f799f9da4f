import CGio

/// Runs `body` on the main actor from a C callback that the window's loop calls on the main
/// thread (GLib's dispatch, xcb-imdkit's event filter). It is `MainActor.assumeIsolated`, whose
/// cast it makes after checking the thread, for results that are not `Sendable` (GLib's and
/// GDBus's pointers), which that one refuses.
package func onMainThread<T>(_ body: @MainActor () throws -> T) rethrows -> T {
    precondition(keyform_is_main_thread() != 0, "a main-actor callback off the main thread")
    // The main thread is the main actor's executor, so the isolation holds.
    return try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: (() throws -> T).self)()
    }
}
