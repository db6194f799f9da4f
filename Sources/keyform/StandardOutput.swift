import Glibc

/// Where a submitted form's values go: standard output, every byte of every write checked, so a
/// full disk, a closed pipe or a closed standard output is known, and the values kept elsewhere
/// (`OpenCommand`), never reported as written.
enum StandardOutput {
    /// Whether standard output was closed when Keyform started (`keyform >&-`).
    nonisolated(unsafe) private static var closedAtStart = false

    /// Run first thing: a standard descriptor (0, 1, 2) that is closed gets /dev/null in its
    /// place, so that no file or socket Keyform opens later takes its number — the values would
    /// be written into the X connection. A closed standard output is remembered as a failure.
    static func holdClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 {
            // The lowest free number: this one, as the lower ones are open by now.
            _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if descriptor == STDOUT_FILENO { closedAtStart = true }
        }
    }

    /// Writes `text` whole; nil when it was written, else why not.
    static func write(_ text: String) -> String? {
        // A reader that went away must give EPIPE here, not kill Keyform before the values are safe.
        signal(SIGPIPE, SIG_IGN)
        let code = closedAtStart ? EBADF : FileIO.writeAll(Array(text.utf8), to: STDOUT_FILENO)
        return code == 0 ? nil : String(cString: strerror(code))
    }
}
