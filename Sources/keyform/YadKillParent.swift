import Glibc

/// yad's `--kill-parent[=SIGNAL]`: once the dialog has ended and printed, yad sends SIGNAL to the
/// process that started it (`main` in yad 0.40's `main.c`), SIGTERM when none is named. SIGNAL
/// is read as yad's `parse_signal` (`option.c`) reads it: a number as `strtol` reads one (`10`,
/// `0xa`, ` 9`), else a name with or without `SIG`; yad reports anything else and sends nothing.
enum YadKillParent {
    /// The signal `--kill-parent` names; nil for one yad does not know.
    static func signal(named value: String?) -> Int32? {
        guard let value, !value.isEmpty else { return SIGTERM }
        // The number as yad keeps it, an unsigned 32-bit one.
        var number = UInt32(truncatingIfNeeded: strtol(value, nil, 0))
        if number == 0 {
            number = UInt32(names[value.hasPrefix("SIG") ? String(value.dropFirst(3)) : value] ?? 0)
        }
        return number > 0 && number < signalCount ? Int32(number) : nil
    }

    /// Sends the signal to the parent process, as yad does when its dialog ends.
    static func send(_ signal: Int32) {
        kill(getppid(), signal)
    }

    /// glibc's `NSIG`: signals are numbered below it.
    private static let signalCount: UInt32 = 65

    /// The names yad 0.40 knows. Its `ALRM` sends SIGPIPE, as its `parse_signal` says (a slip
    /// in yad that scripts meet as it is).
    private static let names: [String: Int32] = [
        "HUP": SIGHUP, "INT": SIGINT, "QUIT": SIGQUIT, "ILL": SIGILL, "TRAP": SIGTRAP, "ABRT": SIGABRT, "IOT": SIGIOT,
        "BUS": SIGBUS, "FPE": SIGFPE, "KILL": SIGKILL, "USR1": SIGUSR1, "SEGV": SIGSEGV, "USR2": SIGUSR2, "PIPE": SIGPIPE,
        "ALRM": SIGPIPE, "TERM": SIGTERM, "STKFLT": SIGSTKFLT, "CHLD": SIGCHLD, "CLD": SIGCHLD, "CONT": SIGCONT,
        "STOP": SIGSTOP, "TSTP": SIGTSTP, "TTIN": SIGTTIN, "TTOU": SIGTTOU, "URG": SIGURG, "XCPU": SIGXCPU, "XFSZ": SIGXFSZ,
        "VTALRM": SIGVTALRM, "PROF": SIGPROF, "WINCH": SIGWINCH, "IO": SIGIO, "POLL": SIGIO, "PWR": SIGPWR, "SYS": SIGSYS,
    ]
}
