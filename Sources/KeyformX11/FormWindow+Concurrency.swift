import Dispatch
import Glibc
import KeyformCore

/// The window in Swift concurrency: the same passes as `run()`, but the wait between them
/// suspends rather than blocks, so the main actor runs other work (tasks, timers, `MainActor.run`
/// from background tasks) while the window is open.
///
/// The design, the simplest we found correct: each pass runs on the main actor as in `run()`;
/// the wait, a `poll` on the connection, the companions' descriptors and a wake-up descriptor,
/// runs on a Dispatch thread of its own while the caller is suspended. Whatever the main actor
/// does meanwhile to the session (an app changing a value, closing the form) wakes `waker`,
/// which ends the wait: the next pass draws the change. Cancelling the awaiting task wakes it
/// too, and the window ends as a cancel. A DispatchSource on the main queue would need one source
/// per descriptor and a timer per deadline, each one changing at every pass; one poll does it all.
extension FormWindow {
    /// Shows the window and runs until the form ends, as `run()`, suspending between passes
    /// instead of holding the thread. A cancelled task closes the window and returns `.cancelled`.
    /// `waker` ends a wait: the caller wakes it after changing the session outside the window's
    /// events, so that the change is drawn.
    public func run(wakingWith waker: WindowWaker = WindowWaker()) async throws -> FormResult {
        // A queue of its own: a serial queue gets a thread whenever it has work (libdispatch's
        // overcommit pool), where the global queue's few threads, each held by a blocking wait
        // (another window's, the app's own), left this wait unstarted and the window deaf.
        let waiting = DispatchQueue(label: "Keyform window wait")
        window.map()
        defer { closeWindow() }
        while true {
            if Task.isCancelled { return .cancelled }
            if let result = try turn() { return result }
            let wait = prepareToWait()
            if wait.eventsQueued {
                finishWait(wait, polled: wait.others.descriptors)
                continue
            }
            let others = wait.others.descriptors, connection = x.fileDescriptor, timeout = wait.timeout
            let polled = await withTaskCancellationHandler {
                await withCheckedContinuation { (done: CheckedContinuation<[pollfd], Never>) in
                    waiting.async {
                        // The wake-up descriptor first, dropped after: `others` stay in their place.
                        let all = Self.poll([pollfd(fd: waker.descriptor, events: Int16(POLLIN), revents: 0)] + others,
                                            connection: connection, timeout: timeout)
                        waker.drain()
                        done.resume(returning: Array(all.dropFirst()))
                    }
                }
            } onCancel: {
                waker.wake()
            }
            finishWait(wait, polled: polled)
        }
    }
}

/// A pipe that ends a window's wait: written from any thread, read by the wait.
public final class WindowWaker: Sendable {
    /// Read end, write end; both non-blocking (a full pipe has woken the wait already).
    private let ends: (read: Int32, write: Int32)

    public init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        ends = (fds[0], fds[1])
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }

    /// What the wait polls.
    var descriptor: Int32 { ends.read }

    /// Ends the window's wait now, or its next one.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)
    }

    /// Clears the wake-ups so far: the pass that follows sees what they were for.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(ends.read, &bytes, bytes.count) > 0 {}
    }
}
