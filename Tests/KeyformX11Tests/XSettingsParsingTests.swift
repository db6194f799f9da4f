import KeyformAutomation
import KeyformCairo
import KeyformX11
import Testing

/// The `_XSETTINGS_SETTINGS` format, read from bytes written out by hand (so the reader is not
/// checked only against our own writer), and from the tests' writer for everything else.
@Suite("XSETTINGS parsing") struct XSettingsParsingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var bytes: [UInt8]
        var expected: XSettings
    }

    static let cases: [Case] = [
        Case(testDescription: "no settings, little-endian", bytes: [0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0],
             expected: XSettings(serial: 7)),
        Case(testDescription: "an integer, big-endian", bytes: [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1,
                                                               0, 0, 0, 7] + Array("Xft/DPI".utf8) + [0, 0, 0, 0, 1,
                                                               0, 3, 0, 0],
             expected: XSettings(serial: 2, values: ["Xft/DPI": .integer(196_608)])),
        Case(testDescription: "a negative integer", bytes: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
                                                           0, 0, 4, 0] + Array("A/Bc".utf8) + [1, 0, 0, 0,
                                                           0xff, 0xff, 0xff, 0xff],
             expected: XSettings(serial: 1, values: ["A/Bc": .integer(-1)])),
        Case(testDescription: "a string, padded", bytes: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
                                                         1, 0, 13, 0] + Array("Net/ThemeName".utf8) + [0, 0, 0, 1, 0, 0, 0,
                                                         12, 0, 0, 0] + Array("Adwaita-dark".utf8),
             expected: XSettings(serial: 1, values: ["Net/ThemeName": .string("Adwaita-dark")])),
        Case(testDescription: "a colour, red green blue alpha", bytes: [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1,
                                                                       2, 0, 0, 3] + Array("A/B".utf8) + [0, 0, 0, 0, 1,
                                                                       0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff],
             expected: XSettings(serial: 1, values: ["A/B": .color(red: 0x1234, green: 0x5678, blue: 0x9abc, alpha: 0xffff)])),
    ]

    @Test(arguments: cases) func readsWhatManagersWrite(_ test: Case) throws {
        #expect(try XSettings.parse(test.bytes) == test.expected)
    }

    static let desktop = XSettings(serial: 42, values: [
        "Net/ThemeName": .string("Adwaita-dark"), "Gtk/FontName": .string("Cantarell 11"), "Xft/DPI": .integer(98_304),
        "Gdk/WindowScalingFactor": .integer(2), "Xft/Antialias": .integer(0), "Xft/Hinting": .integer(1),
        "Xft/HintStyle": .string("hintfull"), "Xft/RGBA": .string("rgb"), "Net/CursorBlink": .integer(1),
        "Gtk/ColorScheme": .string(""), "Gtk/Accent": .color(red: 1, green: 2, blue: 3, alpha: 4),
    ])

    @Test(arguments: [false, true]) func readsBackWhatTheTestsManagerWrites(bigEndian: Bool) throws {
        #expect(try XSettings.parse(Self.desktop.encoded(bigEndian: bigEndian)) == Self.desktop)
    }

    @Test func typedValues() {
        let settings = Self.desktop
        #expect(settings.themeName == "Adwaita-dark")
        #expect(settings.fontName == "Cantarell 11")
        #expect(settings.dpi == 96)
        #expect(settings.windowScalingFactor == 2)
        #expect(settings.fontRendering == FontRendering(antialias: false, hinting: true, hintStyle: .hintfull, subpixelOrder: .rgb))
        // -1 is "the default", and an unknown style is no style.
        let defaults = XSettings(values: ["Xft/DPI": .integer(-1), "Xft/Antialias": .integer(-1), "Xft/HintStyle": .string("hintsome"),
                                          "Gdk/WindowScalingFactor": .integer(0), "Net/ThemeName": .integer(3)])
        #expect(defaults.dpi == nil && defaults.windowScalingFactor == nil && defaults.themeName == nil)
        #expect(defaults.fontRendering == FontRendering())
    }

    /// Every prefix of a valid property (a manager caught mid-write, a property cut by the size
    /// limit) is an error, never a crash and never a read past the end.
    @Test func everyTruncationIsAnError() {
        let bytes = Self.desktop.encoded()
        for length in 0..<bytes.count {
            #expect(throws: XSettings.FormatError.self, "\(length) of \(bytes.count) bytes") { try XSettings.parse(Array(bytes.prefix(length))) }
        }
    }

    @Test(arguments: [
        ([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], XSettings.FormatError.badByteOrder(2)),
        ([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], .tooManySettings(0xffff_ffff)),
        ([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 1, 0, 65, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], .badType(3, setting: 0)),
        // A string claiming 4 GiB.
        ([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 65, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], .truncated(setting: 0)),
        // A name claiming 64 KiB.
        ([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0xff, 0xff, 65, 0, 0, 0], .truncated(setting: 0)),
        ([], .truncated(setting: 0)),
    ] as [([UInt8], XSettings.FormatError)])
    func malformedPropertiesSayWhy(_ bytes: [UInt8], _ error: XSettings.FormatError) {
        #expect(throws: error) { try XSettings.parse(bytes) }
    }

    @Test func aPropertyOverTheLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: 0, count: XSettings.maximumBytes + 1)
        #expect(throws: XSettings.FormatError.tooLarge(bytes.count)) { try XSettings.parse(bytes) }
    }

    /// Names and strings that are not UTF-8 are read leniently, not refused.
    @Test func badUTF8IsReadLeniently() throws {
        let bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0xff, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0xc3, 0, 0, 0]
        #expect(try XSettings.parse(bytes).values == ["\u{fffd}": .string("\u{fffd}")])
    }
}
