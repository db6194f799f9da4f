import Foundation
import Testing

/// `make install` into a temporary DESTDIR, the installed program, man page and completions used
/// from outside the checkout, then `make uninstall` (README › Two commands, docs/architecture.md ›
/// Installing).
///
/// A real `make install` builds in release with the Swift runtime linked in, minutes on two cores:
/// too slow for every `make test`. So this runs the same recipe with INSTALL_BUILD_FLAGS naming
/// the debug build this test run was made in (its own scratch folder), where `swift build` finds
/// nothing to do. What the test is for runs as it does for real: the file list, the man page and
/// completions the program writes, the demo found beside the program, uninstall. What it leaves out, the
/// shipping compiler flags, are `make bench`'s own (SHIPPING_BUILD_FLAGS). Under a sanitizer it
/// does not run: the debug build it would ask for is not the instrumented one, and making it would
/// relink the keyform the other tests are running.
@Suite struct InstallTests {
    /// The files `make install` puts under DESTDIR with the default PREFIX.
    static let installed = [
        "usr/local/bin/keyform",
        "usr/local/libexec/keyform/keyform-tour",
        "usr/local/share/bash-completion/completions/keyform",
        "usr/local/share/fish/vendor_completions.d/keyform.fish",
        "usr/local/share/keyform/demo-form.json",
        "usr/local/share/man/man1/keyform.1",
        "usr/local/share/zsh/site-functions/_keyform",
    ]

    @Test(.disabled(if: sanitized, "the install would rebuild the sanitized products the suite is running"))
    func installThenUninstall() throws {
        let destination = try temporaryDirectory().resolvingSymlinksInPath()  // as keyform names the demo
        defer { try? FileManager.default.removeItem(at: destination) }
        let prefix = destination.appendingPathComponent("usr/local")

        try make("install", destination: destination)
        #expect(files(under: destination) == Self.installed)

        // The program, run from elsewhere: it finds the demo form it was installed with.
        let program = prefix.appendingPathComponent("bin/keyform").path
        let demo = prefix.appendingPathComponent("share/keyform/demo-form.json").path
        let root = URL(fileURLWithPath: "/")
        let help = try runProgram(program, ["--help"], currentDirectory: root)
        #expect(help.status == 0 && help.stdout.contains("USAGE: keyform"), "\(help.stderr)")
        let check = try runProgram(program, ["check"], currentDirectory: root)
        #expect(check.stdout.hasPrefix(demo + ":"), "keyform check with no --form: \(check.stdout)\(check.stderr)")
        let replay = try runProgram(program, ["replay", "--form", demo, "Tab"], currentDirectory: root)
        #expect(replay.status == 0 && replay.jsonLines.first?["focus"] as? String == "email", "\(replay.stdout)\(replay.stderr)")
        #expect(try runProgram(program, ["replay", "Tab"], currentDirectory: root).stdout == replay.stdout)
        // With no display, the demo tour it was installed with (libexec), on a private Xvfb.
        let shots = try temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: shots) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let tour = try runProgram(program, ["--tour-dir", shots], replacingEnvironment: environment, currentDirectory: root)
        #expect(tour.status == 0 && tour.stdout.contains("submitted (passwords left out)"), "\(tour.stdout)\(tour.stderr)")

        // The man page: mdoc, which man renders.
        let manual = prefix.appendingPathComponent("share/man/man1/keyform.1").path
        let page = try String(contentsOfFile: manual, encoding: .utf8)
        #expect(page.contains(".Dt KEYFORM 1") && page.contains("replay"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let rendered = try runProgram("/usr/bin/man", ["-l", manual], environment: ["MANWIDTH": "80"])
            #expect(rendered.status == 0 && rendered.stdout.contains("KEYFORM(1)"), "\(rendered.stderr)")
        }

        // The completions: each shell's, for keyform and its subcommands; bash's parses.
        let share = prefix.appendingPathComponent("share")
        let bash = share.appendingPathComponent("bash-completion/completions/keyform").path
        for (path, marker) in [(bash, "-F _keyform keyform"),
                               (share.appendingPathComponent("zsh/site-functions/_keyform").path, "#compdef keyform"),
                               (share.appendingPathComponent("fish/vendor_completions.d/keyform.fish").path, "complete -c 'keyform'")] {
            let script = try String(contentsOfFile: path, encoding: .utf8)
            #expect(script.contains(marker) && script.contains("replay"), "\(path)")
        }
        let syntax = try runProgram("/bin/bash", ["-n", bash])
        #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")

        try make("uninstall", destination: destination)
        #expect(files(under: destination) == [])
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/keyform").path))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("libexec/keyform").path))
    }

    /// Runs `make TARGET DESTDIR=destination` on the debug build this test runs in. `swift test`
    /// holds the scratch folder's lock while the tests run, and SwiftPM's `--ignore-lock` lets the
    /// builds make starts there go on: they have nothing to build, and `swift test` is done building.
    private func make(_ target: String, destination: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let debugBuild = "$(SWIFT_BUILD_FLAGS) --scratch-path \(scratchFolder) --ignore-lock"
        let result = try runProgram("/usr/bin/make", ["-C", packageRoot.path, target, "DESTDIR=\(destination.path)",
                                                      "INSTALL_BUILD_FLAGS=\(debugBuild)"])
        #expect(result.status == 0, "make \(target):\n\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// Every file (not folder) under `folder`, relative to it, sorted.
    private func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder),
               !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

/// The scratch folder this test bundle was built in: it is SCRATCH/TRIPLE/debug/the bundle.
private let scratchFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Whether this test process is built with AddressSanitizer or ThreadSanitizer (`make
/// test-sanitize`): their runtimes export these.
private let sanitized = ["__asan_init", "__tsan_init"].contains { (symbol: String) in dlsym(nil, symbol) != nil }
