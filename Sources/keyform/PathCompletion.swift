import Glibc
import KeyformEnvironment

/// What a yad file or folder field (`FL`, `SFL`, `DIR`, `CDIR`, `MFL`, `MDIR`) suggests for the
/// path typed, as a shell completes one: the entries of the folder typed so far (the working
/// folder when none) whose names start with what follows the last `/`, folders ending in `/`;
/// only folders for a folder field; names starting with `.` only once a `.` is typed. A leading
/// `~` is the home folder, written out in the suggestions. Only the folder the person typed is
/// read, and only its names.
enum PathCompletion {
    /// The most suggestions listed: a huge folder is not read past them.
    static let limit = 1_000

    static func suggestions(for typed: String, foldersOnly: Bool) -> [String] {
        guard !typed.isEmpty, typed.utf8.count <= Int(PATH_MAX) else { return [] }
        let path = expandingHome(typed)
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let prefix = String(slash.map { path[path.index(after: $0)...] } ?? path[...])
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while found.count < limit, let entry = readdir(directory) {
            let name = entry.name
            guard name != ".", name != "..", name.hasPrefix(prefix), !name.hasPrefix(".") || prefix.hasPrefix(".") else { continue }
            let isFolder = Self.isFolder(folder + name)
            guard isFolder || !foldersOnly else { continue }
            found.append(folder + name + (isFolder ? "/" : ""))
        }
        // What is typed already is no suggestion.
        return found.filter { $0 != path }.sorted()
    }

    /// `~` or `~/…` with the home folder in its place ($HOME, else the password database's).
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = Environment.value("HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? "~"
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
    }

    /// Whether the path is a folder, through a link too.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
