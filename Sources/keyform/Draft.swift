import Glibc
import KeyformCommandLine
import KeyformCore

/// `--draft FILE`: the values (never passwords) as a JSON object, saved while the person types
/// and put back on the next start, so nothing typed is lost to a crash, a signal or a lost display.
final class Draft {
    let path: String
    /// The last failure said on standard error: a disk that stays full is reported once.
    private var reportedFailure: String?

    /// Checks at start that the draft can be kept: an existing `path` must be a regular file (a
    /// FIFO would block the start, a device or a folder cannot take a draft), and a file must be
    /// creatable beside it, as every save does. Otherwise the start stops with exit 2: a draft
    /// that cannot be saved would be reported as one only when it is too late.
    init(path: String) throws {
        self.path = path
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG {
            standardError("keyform: the draft \(path) is not a regular file")
            throw ExitCode(ExitStatus.badInput)
        }
        let probe = temporaryPath
        unlink(probe)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            standardError("keyform: cannot save the draft \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.badInput)
        }
        close(descriptor)
        unlink(probe)
    }

    /// Puts the saved values back into `form`. A missing file is a first start; an unreadable one
    /// is reported and left alone. Values that no longer fit the form (a field gone, an option
    /// removed, a value past a limit) are left out, each with a message, and the draft as it was
    /// is kept aside (`FILE.kept`) before any save can replace it: the draft is the person's, the
    /// form may have changed since. A draft larger than its limit, or a value that holds a NUL
    /// (which no form can show), stops the start with exit 2, the draft kept.
    func restore(into form: inout Form) throws {
        let limit = InputLimits.draftFileBytes
        let bytes: [UInt8]
        switch contents(limit: limit) {
        case .bytes(let contents): bytes = contents
        case .unreadable: return
        case .tooLarge:
            standardError("keyform: the draft \(path) is larger than \(InputLimits.describe(bytes: limit)), the most a draft may be")
            throw ExitCode(ExitStatus.badInput)
        }
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.kind else {
            standardError("keyform: ignoring the draft \(path): not a JSON object of values")
            keepAside()
            return
        }
        if let nul = members.lazy.compactMap({ Self.nulCharacter(in: $0.value, path: $0.key) }).first {
            standardError(Diagnostic(file: path, line: nul.node.line, column: nul.node.column, path: nul.path,
                                     message: NulCharacter.notAllowed).description)
            throw ExitCode(ExitStatus.badInput)
        }
        var leftOut = false
        for member in members {
            guard let value = JSONValue(member.value), !isPassword(member.key, in: form.fields) else { continue }
            do { try form.prefill(member.key, with: value) } catch {
                standardError("keyform: the draft's value of \"\(member.key)\" is left out: \(error)")
                leftOut = true
            }
        }
        if leftOut { keepAside() }
    }

    /// Writes the values atomically: to a temporary file beside the draft, flushed to disk, then
    /// renamed over it, so a crash midway leaves the old draft or the new one, never half of one.
    /// Returns nil once the values are on disk, else why they are not.
    func save(_ values: JSONValue) -> String? {
        let temporary = temporaryPath
        // The name is predictable: in a shared folder someone may have put a symlink there. Remove
        // whatever is there and create afresh (O_EXCL never follows a link), so the values can
        // never be written into another file.
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return failure(errno) }
        var code = FileIO.writeAll(Array((values.serialized + "\n").utf8), to: descriptor)
        if code == 0 && fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0 && code == 0 { code = errno }
        if code == 0 && rename(temporary, path) != 0 { code = errno }
        guard code != 0 else {
            reportedFailure = nil
            return nil
        }
        unlink(temporary)
        return failure(code)
    }

    /// The person submitted or cancelled: the draft has done its job.
    func remove() {
        unlink(path)
    }

    /// Why a save failed, said on standard error when it is news, and returned for the window to
    /// show in a few words (the title's row has little room).
    private func failure(_ code: Int32) -> String {
        let reason = String(cString: strerror(code))
        if reason != reportedFailure { standardError("keyform: cannot save the draft \(path): \(reason)") }
        reportedFailure = reason
        let short = [ENOSPC: "disk full", EDQUOT: "disk quota full", EACCES: "no permission", EPERM: "no permission",
                     ENOENT: "folder gone", ENOTDIR: "folder gone", EROFS: "read-only disk", EIO: "disk error"][code]
        return "Draft not saved" + (short.map { ": " + $0 } ?? "")
    }

    private var temporaryPath: String { "\(path).\(getpid()).tmp" }

    /// The draft's bytes. Opened without blocking and read only if it is (still) a regular file:
    /// a FIFO put there after the start's check must not hang the window before it appears.
    private func contents(limit: Int) -> FileIO.Contents {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        return FileIO.read(from: descriptor, limit: limit)
    }

    /// Moves the draft as it is to the first free `FILE.kept`, `FILE.kept.2`, …, and says where.
    private func keepAside() {
        for number in 1...100 {
            let aside = number == 1 ? "\(path).kept" : "\(path).kept.\(number)"
            if access(aside, F_OK) == 0 { continue }
            if rename(path, aside) == 0 { standardError("keyform: the draft as it was is kept in \(aside)") }
            return
        }
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
