import CXCB
import Foundation
import KeyformAutomation
@testable import KeyformCore
import KeyformX11
import Testing

/// Popups in windows of their own under Xvfb, as GTK opens them: a short form window with a
/// calendar, a picker and a token field near its bottom. Each popup is an override-redirect
/// window on the root, found by querying the tree from a second connection: on the screen,
/// reaching past the form's window that would have cut it off, following the window as it moves,
/// keys still going to the form and clicks in it choosing; closed, it is gone.
@Suite("Popups in windows of their own under Xvfb", .serialized) struct PopupWindowTests {
    /// 360 by 150, the date field at the bottom: its calendar (220 tall) and the lists cannot
    /// fit below their fields in the window.
    static let form = #"""
    {"title": "Popups", "size": {"width": 360, "height": 150}, "fields": [
      {"id": "size", "type": "picker", "label": "_Size", "options": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], "value": "a"},
      {"id": "tags", "type": "tokens", "label": "_Tags", "options": ["one", "other", "owl"]},
      {"id": "day", "type": "date", "label": "_Day", "value": "2026-11-29"}
    ]}
    """#

    static let screen = Rect(x: 0, y: 0, width: 800, height: 600)

    @MainActor func open(scale: Double = 1) throws -> (LiveForm, ScreenWindows) {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form), "--scale", String(scale)])
        return (form, try ScreenWindows(display: form.server.displayName, driver: form.driver, form: form.window))
    }

    /// The one popup window mapped, checked as every popup must be: override-redirect and
    /// transient for the form (found as such), of `type`, all on the screen, and reaching past
    /// the form's window.
    func popup(_ windows: ScreenWindows, type: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Rect {
        let popups = try windows.popups()
        try #require(popups.count == 1, "one popup window is mapped: \(popups)", sourceLocation: sourceLocation)
        let frame = try windows.frame(of: popups[0])
        let form = try windows.frame(of: windows.form)
        #expect(Self.screen.intersection(frame) == frame, "\(frame) is on the screen", sourceLocation: sourceLocation)
        #expect(form.intersection(frame) != frame, "\(frame) reaches past the form's window \(form)", sourceLocation: sourceLocation)
        #expect(try windows.windowType(popups[0]) == type, sourceLocation: sourceLocation)
        return frame
    }

    /// A point of the popup's `frame` (root coordinates), where `driver.click` aims: relative to the form's window.
    func inForm(_ windows: ScreenWindows, _ x: Double, _ y: Double) throws -> (x: Double, y: Double) {
        let form = try windows.frame(of: windows.form)
        return (x - form.minX, y - form.minY)
    }

    @Test @MainActor func theCalendarIsAWindowOnTheScreenAndKeysStillChooseTheDay() throws {
        let (form, windows) = try open()
        try form.xdotool("key", "alt+d")
        try form.xdotool("key", "alt+Down")  // the calendar on 29 November 2026, a Sunday
        let below = try popup(windows, type: "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")
        // The form's window moved: the calendar follows it, then goes above the field when
        // the screen has no room below.
        try form.xdotool("windowmove", String(form.window), "200", "100")
        #expect(try popup(windows, type: "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU") == below.offsetBy(dx: 200, dy: 100))
        try form.xdotool("windowmove", String(form.window), "200", "440")
        let above = try popup(windows, type: "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")
        #expect(above.maxY <= 440 + below.minY, "\(above) is above the field, whose bottom was at \(below.minY)")
        try form.xdotool("key", "Right")     // Monday 30
        try form.xdotool("key", "Down")      // Monday 7 December
        try form.xdotool("key", "Return")    // chosen, the calendar closed
        #expect(try windows.popups().isEmpty, "the calendar's window is gone")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["day"] as? String == "2026-12-07")
    }

    /// At 2× the calendar's window is twice the size and a click in it is read at the form's scale.
    @Test(arguments: [1.0, 2.0])
    @MainActor func aClickOnADayInTheCalendarsWindowChoosesIt(scale: Double) throws {
        let (form, windows) = try open(scale: scale)
        try form.xdotool("key", "alt+d")
        try form.xdotool("key", "alt+Down")
        let frame = try popup(windows, type: "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")
        #expect(frame.width == scale * CalendarPopup.size.width && frame.height == scale * CalendarPopup.size.height, "\(frame)")
        // Thursday 12 November: its row and column in the month's grid, Monday first.
        let weeks = CalendarMonth(containing: try #require(CalendarDate(year: 2026, month: 11, day: 29))).weeks()
        let row = try #require(weeks.firstIndex { $0.contains { $0.month == 11 && $0.day == 12 } })
        let column = try #require(weeks[row].firstIndex { $0.day == 12 })
        let cell = CalendarPopup.cellSize
        let top = CalendarPopup.padding + CalendarPopup.titleHeight + CalendarPopup.weekdaysHeight
        let point = try inForm(windows, frame.minX + scale * (CalendarPopup.padding + (Double(column) + 0.5) * cell.width),
                               frame.minY + scale * (top + (Double(row) + 0.5) * cell.height))
        form.driver.click(x: point.x, y: point.y)
        form.driver.sync()
        #expect(try windows.popups().isEmpty, "choosing closed it")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["day"] as? String == "2026-11-12")
    }

    /// The list shows all eight rows it has room for on the screen; a click on the sixth chooses it.
    @Test @MainActor func thePickersListIsAWindowAndAClickChoosesAnItem() throws {
        let (form, windows) = try open()
        try form.xdotool("key", "space")
        let frame = try popup(windows, type: "_NET_WM_WINDOW_TYPE_COMBO")
        #expect(frame.height == Double(Theme.pickerMaxRows) * Theme.pickerRowHeight, "\(frame)")
        try form.xdotool("key", "Down")  // keys go to the form, which moves the list's highlight
        let point = try inForm(windows, frame.midX, frame.minY + 5.5 * Theme.pickerRowHeight)
        form.driver.click(x: point.x, y: point.y)
        form.driver.sync()
        #expect(try windows.popups().isEmpty, "choosing closed it")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["size"] as? String == "f")
    }

    @Test @MainActor func tokenSuggestionsAreAWindowThatEscapeCloses() throws {
        let (form, windows) = try open()
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "o")
        _ = try popup(windows, type: "_NET_WM_WINDOW_TYPE_COMBO")
        try form.xdotool("key", "Escape")
        #expect(try windows.popups().isEmpty, "Escape closed it")
        try form.xdotool("key", "w")  // "ow": the suggestions again, owl alone
        _ = try popup(windows, type: "_NET_WM_WINDOW_TYPE_COMBO")
        try form.xdotool("key", "Down")
        try form.xdotool("key", "Return")
        #expect(try windows.popups().isEmpty)
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["tags"] as? [String] == ["owl"])
    }

    /// GTK does the same: yad's combo (`CB`) opens its list in an override-redirect window
    /// transient for the dialog, typed COMBO, past a short window's edge; Keyform given the same
    /// yad line opens its list alike.
    @Test(arguments: ["yad", "keyform"])
    @MainActor func aYadComboOpensItsListInAWindowOfItsOwnAsGTKDoes(program: String) throws {
        let server = try PrivateXServer(width: Int(Self.screen.width), height: Int(Self.screen.height), timeout: patience)
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program == "yad" ? "/usr/bin/yad" : keyformBinary)
        process.arguments = ["--form", "--width=300", "--height=80", "--field", "Size:CB", "a!b!c!d!e!f!g!h!i!j"]
        // No accessibility bus for GTK to look for; yad reads values from standard input when given none.
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": server.displayName, "NO_AT_BRIDGE": "1"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // yad outlives SIGTERM: its display goes first, which ends it.
        defer {
            server.stop()
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let driver = try XTestDriver(displayName: server.displayName)
        let window = try driver.waitForWindow(wmClass: program, timeout: patience)
        driver.key(Key.down.keysym, modifiers: .alt)
        try driver.check()
        _ = try waitUntil("\(program)'s list to open") { try !driver.popups(of: window).isEmpty }
        _ = try popup(try ScreenWindows(display: server.displayName, driver: driver, form: window), type: "_NET_WM_WINDOW_TYPE_COMBO")
    }
}

/// The form's popups as a second client sees them (`XTestDriver.popups(of:)`), where each is on
/// the screen, and its window type.
struct ScreenWindows {
    let x: XConnection
    let driver: XTestDriver
    let form: UInt32

    init(display: String, driver: XTestDriver, form: UInt32) throws {
        x = try XConnection(displayName: display)
        self.driver = driver
        self.form = form
    }

    func popups() throws -> [UInt32] { try driver.popups(of: form) }

    func frame(of window: UInt32) throws -> Rect { try driver.frame(of: window) }

    /// The name of its first _NET_WM_WINDOW_TYPE.
    func windowType(_ window: UInt32) throws -> String? {
        guard let type = try words(x.internAtoms(["_NET_WM_WINDOW_TYPE"])[0], of: window).first else { return nil }
        let c = x.connection
        let cookie = xcb_get_atom_name(c, type)
        return try x.reply("GetAtomName", { xcb_get_atom_name_reply(c, cookie, $0) }) {
            String(decoding: UnsafeRawBufferPointer(start: xcb_get_atom_name_name($0), count: Int(xcb_get_atom_name_name_length($0))), as: UTF8.self)
        }
    }

    private func words(_ property: xcb_atom_t, of window: UInt32) throws -> [UInt32] {
        let c = x.connection
        let cookie = xcb_get_property(c, 0, window, property, XCB_ATOM_ANY.rawValue, 0, 16)
        return try x.reply("GetProperty", { xcb_get_property_reply(c, cookie, $0) }) { reply in
            Array(UnsafeBufferPointer(start: xcb_get_property_value(reply).assumingMemoryBound(to: UInt32.self),
                                      count: Int(xcb_get_property_value_length(reply)) / 4))
        }
    }
}
