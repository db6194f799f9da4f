import Glibc
import KeyformCore

/// Replay events from standard input, one a line (`\n`, `\r\n` or `\r`; blank lines skipped),
/// read under `InputLimits`: reading stops as soon as a line, the whole input or the number of
/// events passes its limit, so an endless source costs no more than the limit.
enum EventLines {
    struct LimitError: Error {
        var message: String
    }

    static func read(from descriptor: Int32) throws(LimitError) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        func endLine() throws(LimitError) {
            guard !line.isEmpty else { return }
            guard lines.count < InputLimits.events else {
                throw LimitError(message: "standard input holds more than \(InputLimits.describe(count: InputLimits.events)) events, the most replay reads")
            }
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
        }
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            // A read error ends the input like end of file: the events so far are all there are.
            guard count > 0 else { break }
            total += count
            guard total <= InputLimits.eventBytes else {
                throw LimitError(message: "standard input holds more than \(InputLimits.describe(bytes: InputLimits.eventBytes)) of events, the most replay reads")
            }
            var rest = chunk[..<count]
            while !rest.isEmpty {
                let end = rest.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? rest.endIndex
                line += rest[..<end]
                guard line.count <= InputLimits.eventLineBytes else {
                    throw LimitError(message: "event \(lines.count + 1) on standard input is longer than \(InputLimits.describe(bytes: InputLimits.eventLineBytes)), the most an event may be")
                }
                guard end < rest.endIndex else { break }
                try endLine()
                rest = rest[(end + 1)...]
            }
        }
        try endLine()
        return lines
    }
}
