// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Keyform",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "keyform", targets: ["keyform"]),
        .executable(name: "keyform-tour", targets: ["keyform-tour"]),
        .library(name: "KeyformCore", targets: ["KeyformCore"]),
        // Keyform for Swift apps: forms built in code, key commands with closures, the window.
        .library(name: "Keyform", targets: ["Keyform"]),
    ],
    targets: [
        // C system libraries: a module map and a header of #includes each, nothing else.
        .systemLibrary(name: "CXCB", pkgConfig: "xcb",
                       providers: [.apt(["libxcb1-dev", "libxcb-xkb-dev", "libxcb-render0-dev",
                                            "libxcb-shm0-dev"])]),
        // XTEST, for faking input: automation only (the driver, and the tour in `keyform`), never the window.
        .systemLibrary(name: "CXCBAutomation", pkgConfig: "xcb-xtest", providers: [.apt(["libxcb-xtest0-dev"])]),
        // The tests read the pointer's cursor back from the server.
        .systemLibrary(name: "CXCBXFixes", pkgConfig: "xcb-xfixes", providers: [.apt(["libxcb-xfixes0-dev"])]),
        // DAMAGE, for the bench's screen watcher only.
        .systemLibrary(name: "CXCBDamage", pkgConfig: "xcb-damage", providers: [.apt(["libxcb-damage0-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon-x11",
                       providers: [.apt(["libxkbcommon-dev", "libxkbcommon-x11-dev"])]),
        // Loaded when a window first needs them, so nothing links them (shim.h): xcb-cursor for the
        // pointer's cursors, XInput 2.1 for smooth scrolling, and XIM through the library fcitx5
        // itself uses, for input methods (ibus, fcitx5, uim), when XMODIFIERS names one.
        .systemLibrary(name: "CXCBOnDemand", providers: [.apt(["libxcb-cursor-dev", "libxcb-xinput-dev", "libxcb-imdkit-dev"])]),
        // RandR, for the monitor's physical size: the scale's last resort.
        .systemLibrary(name: "CXCBRandR", pkgConfig: "xcb-randr", providers: [.apt(["libxcb-randr0-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // GDBus, for the accessibility bus: GLib's, which Pango has already loaded.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // The core imports no C: every behaviour is testable with no display.
        .target(name: "KeyformCore"),
        // The process's environment variables, read one way, for the modules around the core.
        .target(name: "KeyformEnvironment"),
        .target(name: "KeyformKeyboard", dependencies: ["KeyformCore", "KeyformEnvironment", "CXKBCommon"]),
        .target(name: "KeyformCairo", dependencies: ["KeyformCore", "CCairo", "CPango"]),
        // A GLib main context run from the window's own poll, and GDBus connections on it: for the
        // accessibility bus, fcitx5's input contexts, and GSettings' change signals while
        // `--theme auto` follows GNOME's colour scheme.
        .target(name: "KeyformGLib", dependencies: ["KeyformEnvironment", "CGio"]),
        .target(name: "KeyformX11", dependencies: ["KeyformCore", "KeyformEnvironment", "KeyformKeyboard", "KeyformCairo", "KeyformGLib", "CXCB", "CXCBOnDemand", "CXCBRandR", "CXKBCommon", "CCairo", "CGio"]),
        // The form on the AT-SPI2 accessibility bus, for screen readers, while one listens.
        .target(name: "KeyformAccessibility", dependencies: ["KeyformCore", "KeyformEnvironment", "KeyformGLib", "CGio"]),
        // Plays the person from outside the window: a private Xvfb, the XTEST driver, window
        // capture. For the demo tour, the end-to-end tests and the bench; the window never uses it.
        .target(name: "KeyformAutomation", dependencies: ["KeyformCore", "KeyformEnvironment", "KeyformCairo", "KeyformX11", "CXCB", "CXCBAutomation", "CXCBDamage", "CXKBCommon", "CCairo"]),
        // Opens a session's window with its accessibility bridge: for `keyform` and the library alike.
        .target(name: "KeyformLauncher", dependencies: ["KeyformCore", "KeyformX11", "KeyformAccessibility"]),
        // The library an app imports: a thin public layer over the core and the window
        // (docs/swift-api.md says what is public and what may change).
        .target(name: "Keyform", dependencies: ["KeyformCore", "KeyformEnvironment", "KeyformKeyboard", "KeyformCairo", "KeyformX11", "KeyformAccessibility", "KeyformLauncher"]),
        // The command line: options declared in tables, parsed in one pass, help, completions and
        // the man page written from the same tables. Keyform's own, with no reflection: it costs
        // thousands of instructions at start-up, and links no Foundation (README, "How it is built").
        .target(name: "KeyformCommandLine", dependencies: ["KeyformCore", "KeyformEnvironment"]),
        // The program that shows a person's window: it links no automation (no XTEST, no DAMAGE),
        // and not the library's builder, which it has no use for.
        .executableTarget(name: "keyform", dependencies: [
            "KeyformCore", "KeyformEnvironment", "KeyformKeyboard", "KeyformCairo", "KeyformX11", "KeyformAccessibility", "KeyformLauncher",
            "KeyformCommandLine", "CGio",
        ]),
        // The demo tour, which `keyform` with no display runs in its place (exec): a private Xvfb
        // and the XTEST driver.
        .executableTarget(name: "keyform-tour", dependencies: ["KeyformCore", "KeyformX11", "KeyformAutomation"]),
        // `make bench`: Keyform and its peers measured from outside (DAMAGE, XTEST), and the engine headless.
        .executableTarget(name: "keyform-bench", dependencies: ["KeyformCore", "KeyformKeyboard", "KeyformCairo", "KeyformX11", "KeyformAutomation"]),

        // Programs that use the public API alone, as an app would (Examples/).
        .executableTarget(name: "SignUpExample", dependencies: ["Keyform"], path: "Examples/SignUp"),
        .executableTarget(name: "TagEditorExample", dependencies: ["Keyform"], path: "Examples/TagEditor"),
        .executableTarget(name: "SignInExample", dependencies: ["Keyform"], path: "Examples/SignIn"),
        .executableTarget(name: "EditorExample", dependencies: ["Keyform"], path: "Examples/Editor"),

        .testTarget(name: "KeyformCoreTests", dependencies: ["KeyformCore"]),
        .testTarget(name: "KeyformCommandLineTests", dependencies: ["KeyformCommandLine"]),
        // The public API as an app's own tests use it: no @testable, the examples driven headlessly.
        .testTarget(name: "KeyformLibraryTests", dependencies: ["Keyform", "SignUpExample", "TagEditorExample", "SignInExample", "EditorExample"]),
        .testTarget(name: "KeyformKeyboardTests", dependencies: ["KeyformKeyboard", "KeyformCore"]),
        // Test support: counts fontconfig's pattern substitutions, for the tests that fonts load once.
        .target(name: "CFontconfigCount", path: "Tests/Support/CFontconfigCount",
                linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("dl")]),
        .testTarget(name: "KeyformCairoTests", dependencies: ["KeyformCairo", "KeyformCore", "KeyformEnvironment", "CFontconfigCount"]),
        // What the platform layer reads from the server (XSETTINGS, X resources): parsing with no
        // display, and the live watcher under a private Xvfb with the tests' own settings manager.
        .testTarget(name: "KeyformX11Tests", dependencies: ["KeyformX11", "KeyformCairo", "KeyformAutomation", "CXCB", "CXCBRandR"]),
        // Whole behaviours through the real binary: `keyform replay`, and the window under Xvfb.
        .testTarget(name: "KeyformEndToEndTests", dependencies: ["keyform", "keyform-tour", "SignUpExample", "SignInExample", "Keyform", "KeyformCore", "KeyformCairo", "KeyformX11", "KeyformAutomation", "CXCB", "CXCBAutomation", "CXCBXFixes"]),
    ]
)
