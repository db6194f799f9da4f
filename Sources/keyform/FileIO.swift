import Glibc

/// Whole files and pipes read, and bytes written, with the C library: Foundation's `FileManager`
/// and `FileHandle` would link all of Foundation into the binary that shows the window.
enum FileIO {
    /// The file's bytes, or nil when it cannot be opened or read (a directory, say).
    static func contents(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(from: descriptor)
    }

    /// Everything up to end of file (standard input, a pipe), or nil on a read error.
    static func readAll(from descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
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
