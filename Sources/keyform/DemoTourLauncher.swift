import Glibc
import KeyformCore

/// `keyform` with no display and no form runs the demo tour on a private Xvfb. The tour drives
/// the window with XTEST, which a person's window never needs, so it is a program of its own,
/// `keyform-tour`, beside this one (a build) or in `../libexec/keyform/` (`make install`), run in
/// this process's place: the program that shows forms does not link XTEST.
enum DemoTourLauncher {
    /// Runs the tour on `form` (the demo, at `path`) in this process's place; returns only if
    /// that cannot be done, with the exit status, having said why.
    static func run(form: Form, path: String, directory: String) -> Int32 {
        let folder = String(CommandLine.executablePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/"))
        let candidates = [folder + "/keyform-tour", folder + "/../libexec/keyform/keyform-tour"]
        guard let tour = candidates.first(where: { access($0, X_OK) == 0 }) else {
            standardError("keyform: no display (DISPLAY is not set), and no keyform-tour to run the demo on a private Xvfb "
                          + "(looked for \(candidates.joined(separator: " and "))); set DISPLAY or pass --form FILE")
            return ExitStatus.noDisplay
        }
        let arguments = [tour, CommandLine.executablePath, path, directory] + passwordIDs(form.fields).sorted()
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(tour, &pointers)
        standardError("keyform: cannot run \(tour): \(String(cString: strerror(errno)))")
        return ExitStatus.noDisplay
    }

    private static func passwordIDs(_ fields: [Field]) -> Set<String> {
        fields.reduce(into: []) { ids, field in
            if field.kind.isSecret { ids.insert(field.id) }
            ids.formUnion(passwordIDs(field.fields))
        }
    }
}
