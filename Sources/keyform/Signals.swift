import Glibc

/// SIGTERM, SIGHUP and SIGINT while the window is open end it the way a lost display does, so the
/// same path saves the draft (or prints the values) first; then Keyform dies by that signal, as
/// zenity and yad do, so a calling shell sees a death by SIGINT (and stops its script) rather than
/// an exit status.
///
/// A signal handler may only do async-signal-safe things, and the session lives on the main
/// thread. So the handler records the signal and shuts the X connection's socket down
/// (`shutdown` is async-signal-safe); the window's `poll` wakes, xcb reads end of file, and
/// `FormWindow.run` throws `connectionLost` on the main thread, with the session intact.
enum TerminationSignals {
    static let watched = [SIGTERM, SIGHUP, SIGINT]

    /// Starts watching; `displaySocket` is the X connection's file descriptor. A signal ignored
    /// when Keyform started (a job started with `nohup`, or in the background by a shell that
    /// ignores SIGINT for it) stays ignored.
    static func watch(displaySocket: Int32) {
        socket = displaySocket
        received = 0
        // A write to a server that went away must fail, not kill us before the draft is saved.
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (test runners do): they must arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in watched { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        installed = watched.filter { !isIgnored($0) }
        for number in installed {
            signal(number) { number in
                TerminationSignals.received = number
                if TerminationSignals.socket >= 0 { shutdown(TerminationSignals.socket, Int32(SHUT_RDWR)) }
            }
        }
    }

    /// Back to the default actions, once the window is gone.
    static func stopWatching() {
        for number in installed { signal(number, SIG_DFL) }
        installed = []
        socket = -1
    }

    /// The signal that ended the window, or nil.
    static var signalName: String? {
        switch received {
        case 0: nil
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        default: "signal \(received)"
        }
    }

    /// Once the values are safe: dies by the signal that ended the window, with its default
    /// action. Returns only when no signal did.
    static func dieByReceivedSignal() {
        guard received != 0 else { return }
        signal(received, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, received)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(received)
    }

    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    // Written by the handler and read after it, on one thread or another: plain integers, which
    // are all a handler may touch.
    nonisolated(unsafe) private(set) static var received: Int32 = 0
    nonisolated(unsafe) private static var socket: Int32 = -1
    /// The signals this run handles: the watched ones that were not ignored at start.
    nonisolated(unsafe) private static var installed: [Int32] = []
}
