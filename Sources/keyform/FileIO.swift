import Glibc

/// Whole files and pipes read, and bytes written, with the C library: Foundation's `FileManager`
/// and `FileHandle` would link all of Foundation into the binary that shows the window.
enum FileIO {
    /// What reading a file or a pipe under a limit gave.
    enum Contents {
        case bytes([UInt8])
        /// More than the limit: reading stopped one byte past it.
        case tooLarge
        /// It cannot be opened or read (missing, a directory, a read error).
        case unreadable

        /// The bytes; nil when too large or unreadable.
        var bytes: [UInt8]? {
            if case .bytes(let bytes) = self { return bytes }
            return nil
        }
    }

    /// The file's bytes, at most `limit` of them.
    static func contents(atPath path: String, limit: Int) -> Contents {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        return read(from: descriptor, limit: limit)
    }

    /// Everything up to end of file (standard input, a pipe), at most `limit` bytes: reading stops
    /// one byte past it, so an endless source (`/dev/zero`, a pipe that never closes its end)
    /// costs no more than the limit.
    static func read(from descriptor: Int32, limit: Int) -> Contents {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = Glibc.read(descriptor, &chunk, wanted)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .unreadable }
            if count == 0 { return .bytes(bytes) }
            bytes += chunk[..<count]
        }
        return .tooLarge
    }

    /// Writes every byte (a write may be cut short by a signal); returns 0 or the errno.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            offset += count
        }
        return 0
    }
}
