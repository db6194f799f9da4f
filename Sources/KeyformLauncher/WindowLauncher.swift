import KeyformAccessibility
import KeyformCairo
import KeyformCore
import KeyformX11

/// Opens a session's window on a display: what `keyform --form` and the library's `FormWindow`
/// both do, in one place.
@MainActor
package enum WindowLauncher {
    /// Runs the window until a result. `layouts`: the text layouts the session's measurer was
    /// given (`PangoTextMeasurer(layouts:)`). `report` hears of problems that do not end the form;
    /// `saveDraft` saves the drafts the session asks for (`FormSession.autosave`), if any;
    /// `around` runs the window's loop (the command watches termination signals on the
    /// connection). `desktop`: the settings watcher the session's typeface came from, if the
    /// caller read them first; `groundwork`: what the window needs from the server, if the caller
    /// gathered it first; `feed`: what feeds the form while it runs (`FormWindow.feed`), if anything.
    package static func run(_ session: KeyformCore.FormSession, layouts: TextLayouts, on connection: XConnection, desktop: DesktopSettingsWatcher? = nil,
                            groundwork: WindowGroundwork? = nil, manners: WindowManners = WindowManners(), scaleSettings: ScaleSettings,
                            theme: ThemeChoice, report: @escaping (String) -> Void,
                            saveDraft: ((JSONValue) -> String?)? = nil, feed: (any WindowCompanion)? = nil,
                            around: (() throws -> FormResult) throws -> FormResult = { try $0() }) throws -> FormResult {
        let window = try open(session, layouts: layouts, on: connection, desktop: desktop, groundwork: groundwork, manners: manners,
                              scaleSettings: scaleSettings, theme: theme, report: report)
        if let saveDraft { window.saveDraft = saveDraft }
        window.feed = feed
        return try around { try window.run() }
    }

    /// The window, created (not yet shown) with its accessibility bridge, for the caller to run.
    package static func open(_ session: KeyformCore.FormSession, layouts: TextLayouts, on connection: XConnection, desktop: DesktopSettingsWatcher? = nil,
                             groundwork: WindowGroundwork? = nil, manners: WindowManners = WindowManners(),
                             scaleSettings: ScaleSettings, theme: ThemeChoice,
                             report: @escaping (String) -> Void) throws -> KeyformX11.FormWindow {
        let window = try KeyformX11.FormWindow(session: session, layouts: layouts, connection: connection, manners: manners, scaleSettings: scaleSettings,
                                               theme: theme, desktop: desktop, groundwork: groundwork)
        window.report = report
        // On the accessibility bus while a screen reader listens; with none, it does nothing.
        let bridge = AccessibilityBridge(session: session, screenOrigin: { [unowned window] in window.screenOrigin() },
                                         scale: { [unowned window] in window.scale.factor },
                                         busProperty: { connection.rootText("AT_SPI_BUS") }, report: report)
        window.companion = bridge
        // Keys go to a listening screen reader first, as in GTK 3 and Qt.
        window.keyListeners = bridge
        return window
    }
}

/// The bridge already has what the window's loop asks of a companion, and of key listeners.
extension AccessibilityBridge: WindowCompanion, KeyListeners {}
