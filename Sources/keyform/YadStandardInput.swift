import Glibc
import KeyformCore
import KeyformX11

/// yad's form reads its fields' values from standard input when its command line gives none
/// (`handle_stdin` in yad 0.40's `form.c`), while the dialog runs: each line is the next field's
/// value, read as that field's argument would be (`YadField.set`); an empty line leaves its
/// field as it is; a line starting with a form feed (`\f`) empties every field and starts again
/// from the first. After the last field reading stops, or with `--cycle-read` goes on from the
/// first. As in yad, a line ends at a line feed, which is dropped (a carriage return before it
/// is kept), and at a NUL byte, which C's strings end at. A line longer than a field's value
/// may be (`InputLimits.valueBytes`) is skipped, named on standard error, and still counts.
@MainActor
final class YadStandardInput: WindowCompanion {
    private let fieldCount: Int
    private let cycles: Bool
    /// Sets field `index` (from 0) to a line; with nil, empties every field.
    private let set: (_ index: Int?, _ value: String) -> Void
    /// The field the next line is for, from 0.
    private var next = 0
    /// The bytes of the line being read, until its line feed comes.
    private var line: [UInt8] = []
    /// The line being read is too long: its bytes are dropped up to its end.
    private var skipping = false
    private var lineNumber = 0
    private var reading = true

    init(fieldCount: Int, cycles: Bool, set: @escaping (_ index: Int?, _ value: String) -> Void) {
        self.fieldCount = fieldCount
        self.cycles = cycles
        self.set = set
    }

    func prepareToWait() -> (descriptors: [pollfd], timeout: Int32) {
        (reading ? [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)] : [], -1)
    }

    /// Reads what standard input has, without blocking: the wait found it readable (no
    /// `O_NONBLOCK`, which would change the terminal or pipe the shell shares).
    func dispatch(_ polled: [pollfd]) {
        guard let standardInput = polled.first, standardInput.revents != 0 else { return }
        readOnce()
    }

    /// Reads what is on standard input already, before the window shows (a file, a here-string,
    /// what a pipe's writer wrote first), so that the form opens with it, as yad's first pass
    /// of its loop fills it. At most `startBytes`: the rest comes while the form runs.
    func readWhatIsThere() {
        var read = 0
        while reading && read < Self.startBytes {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) == 1 else { return }
            read += readOnce()
        }
    }

    private static let startBytes = 4 * InputLimits.valueBytes

    /// One `read` of standard input, its lines given to the fields; returns how many bytes it read.
    @discardableResult
    private func readOnce() -> Int {
        guard reading else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno != EINTR && errno != EAGAIN { reading = false }
            return 0
        }
        if count == 0 {
            // The last line may have no line feed: it is a line all the same, as GLib reads it.
            if !line.isEmpty || skipping { endLine() }
            reading = false
            return 0
        }
        var rest = buffer[..<count]
        while reading, !rest.isEmpty {
            let end = rest.firstIndex(of: UInt8(ascii: "\n"))
            let piece = rest[..<(end ?? rest.endIndex)]
            if !skipping {
                if line.count + piece.count > InputLimits.valueBytes { (skipping, line) = (true, []) } else { line += piece }
            }
            guard let end else { break }
            endLine()
            rest = rest[(end + 1)...]
        }
        return count
    }

    private func endLine() {
        lineNumber += 1
        defer { line = []; skipping = false }
        if next == fieldCount {
            guard cycles else { reading = false; return }
            next = 0
        }
        if skipping {
            standardError("keyform: line \(lineNumber) of standard input is longer than \(InputLimits.describe(bytes: InputLimits.valueBytes)), the most a value may be: it is skipped")
        } else if let first = line.first, first != 0 {
            let text = String(decoding: line.prefix { $0 != 0 }, as: UTF8.self)
            if first == 0x0C {
                set(nil, "")
                next = 0
                return
            }
            set(next, text)
        }
        next += 1
    }

    func publish(_ update: SessionUpdate) {}
    func close() {}
}
