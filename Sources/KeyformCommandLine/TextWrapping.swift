import Glibc
import KeyformEnvironment

extension String {
    /// Wrapped at spaces into lines shorter than `columns`, each but empty ones indented by
    /// `indent` (counted in `columns`); the text's own line breaks are kept. A word longer than a
    /// line stands on a line of its own.
    func wrapped(to columns: Int, indent: Int = 0) -> String {
        let width = max(columns - indent, 1)
        var lines: [Substring] = []
        var start = startIndex
        while true {
            let chunk = self[start...].prefix(width)
            if let lineBreak = chunk.lastIndex(of: "\n") {
                lines += self[start..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
                start = index(after: lineBreak)
            } else if chunk.endIndex == endIndex {
                lines.append(self[start...])
                break
            } else if let space = chunk.lastIndex(of: " ") ?? self[start...].firstIndex(of: " ") {
                lines.append(self[start..<space])
                start = index(after: space)
            } else {
                lines.append(self[start...])
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }
}

/// The width help is wrapped to: `$COLUMNS`, else the terminal's, else 80.
enum TerminalWidth {
    static var current: Int {
        if let columns = Environment.value("COLUMNS").flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
