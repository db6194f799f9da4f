import Glibc
import KeyformCommandLine
import KeyformCore

/// `--draft FILE`: the values (never passwords) as a JSON object, saved while the person types
/// and put back on the next start, so nothing typed is lost to a crash, a signal or a lost display.
final class Draft {
    let path: String
    /// A failed save is reported once, not on every key.
    private var reportedFailure = false

    init(path: String) {
        self.path = path
    }

    /// Puts the saved values back into `form`. A missing file is a first start; an unreadable one
    /// is reported and left alone. Values that no longer fit the form (a field gone, an option
    /// removed, a value past a limit) are left out, each with a message: the draft is the
    /// person's, the form may have changed since. A draft larger than its limit, or a value that
    /// holds a NUL (which no form can show), stops the start with exit 2, the draft kept.
    func restore(into form: inout Form) throws {
        let limit = InputLimits.draftFileBytes
        let bytes: [UInt8]
        switch FileIO.contents(atPath: path, limit: limit) {
        case .bytes(let contents): bytes = contents
        case .unreadable: return
        case .tooLarge:
            standardError("keyform: the draft \(path) is larger than \(InputLimits.describe(bytes: limit)), the most a draft may be")
            throw ExitCode(ExitStatus.badInput)
        }
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.kind else {
            standardError("keyform: ignoring the draft \(path): not a JSON object of values")
            return
        }
        if let nul = members.lazy.compactMap({ Self.nulCharacter(in: $0.value, path: $0.key) }).first {
            standardError(Diagnostic(file: path, line: nul.node.line, column: nul.node.column, path: nul.path,
                                     message: NulCharacter.notAllowed).description)
            throw ExitCode(ExitStatus.badInput)
        }
        for member in members {
            guard let value = JSONValue(member.value), !isPassword(member.key, in: form.fields) else { continue }
            do { try form.prefill(member.key, with: value) } catch {
                standardError("keyform: the draft's value of \"\(member.key)\" is left out: \(error)")
            }
        }
    }

    /// Writes the values atomically: to a temporary file beside the draft, flushed to disk, then
    /// renamed over it, so a crash midway leaves the old draft or the new one, never half of one.
    func save(_ values: JSONValue) {
        let temporary = "\(path).\(getpid()).tmp"
        // The name is predictable: in a shared folder someone may have put a symlink there. Remove
        // whatever is there and create afresh (O_EXCL never follows a link), so the values can
        // never be written into another file.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return reportFailure(errno) }
        var failure = FileIO.writeAll(Array((values.serialized + "\n").utf8), to: descriptor)
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            reportFailure(failure)
        }
    }

    /// The form was submitted: the draft has done its job.
    func remove() {
        unlink(path)
    }

    private func reportFailure(_ code: Int32) {
        guard !reportedFailure else { return }
        reportedFailure = true
        standardError("keyform: cannot save the draft \(path): \(String(cString: strerror(code)))")
    }

    /// The first text in a value (a text, or a list of them) that holds a NUL, with its path.
    private static func nulCharacter(in node: JSONNode, path: String) -> (node: JSONNode, path: String)? {
        switch node.kind {
        case .string(let text): return text.containsNUL ? (node, path) : nil
        case .array(let items):
            return items.indices.lazy.compactMap { nulCharacter(in: items[$0], path: "\(path)[\($0)]") }.first
        default: return nil
        }
    }

    private func isPassword(_ id: String, in fields: [Field]) -> Bool {
        fields.contains { ($0.id == id && $0.kind.isSecret) || isPassword(id, in: $0.fields) }
    }
}
