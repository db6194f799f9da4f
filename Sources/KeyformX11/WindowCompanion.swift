import Glibc
import KeyformCore

/// Something besides the X server that the window's loop serves, on the main thread: the
/// accessibility bus. Before it waits, the loop asks what else to wait on; after, it hands over
/// what the wait found; after each batch it hands it the batch's update, to send what the session
/// changed; and it lets it finish before the window goes.
@MainActor
public protocol WindowCompanion: AnyObject {
    /// Descriptors to wait on with the X connection, and the most milliseconds to wait (-1: no limit).
    func prepareToWait() -> (descriptors: [pollfd], timeout: Int32)
    /// The descriptors `prepareToWait` gave, in its order, with what the wait found on them.
    func dispatch(_ polled: [pollfd])
    func publish(_ update: SessionUpdate)
    func close()
}
