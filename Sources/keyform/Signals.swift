import Glibc

/// SIGTERM, SIGHUP and SIGINT while the window is open end it the way a lost display does, so the
/// same path saves the draft (or prints the values) before exit 3.
///
/// A signal handler may only do async-signal-safe things, and the session lives on the main
/// thread. So the handler records the signal and shuts the X connection's socket down
/// (`shutdown` is async-signal-safe); the window's `poll` wakes, xcb reads end of file, and
/// `FormWindow.run` throws `connectionLost` on the main thread, with the session intact.
enum TerminationSignals {
    static let watched = [SIGTERM, SIGHUP, SIGINT]

    /// Starts watching; `displaySocket` is the X connection's file descriptor.
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
        for number in watched {
            signal(number) { number in
                TerminationSignals.received = number
                if TerminationSignals.socket >= 0 { shutdown(TerminationSignals.socket, Int32(SHUT_RDWR)) }
            }
        }
    }

    /// Back to the default actions, once the window is gone.
    static func stopWatching() {
        for number in watched { signal(number, SIG_DFL) }
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

    // Written by the handler and read after it, on one thread or another: plain integers, which
    // are all a handler may touch.
    nonisolated(unsafe) private(set) static var received: Int32 = 0
    nonisolated(unsafe) private static var socket: Int32 = -1
}
