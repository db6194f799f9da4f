/// Everything the session hands its host after a batch of events, in one value: the only way
/// out of the core while a form runs (docs/architecture.md › Host contract). The host takes it
/// with `FormSession.takeUpdate()` once the batch's events are handled, which first tells the
/// app what changed (`FormSession.runBatch` does both, and carries out the requests), and
/// shows it.
public struct SessionUpdate: Equatable, Sendable {
    /// The window rectangles to repaint, clipped to the window, in the order they were marked.
    public var repaints: [Rect] = []
    /// Clipboard and input-method work, in the order it was asked for: carried out already
    /// when the batch ran through `FormSession.runBatch`.
    public var requests: [PlatformRequest] = []
    /// What the app's hooks were told, in order (values changed, focus moved): told already,
    /// after the batch's events, with what the hooks changed in turn; listed for tests and logs.
    public var appNotices: [AppNotice] = []
    /// What to tell a screen reader, in order; none while nothing listens.
    public var accessibleEvents: [AccessibleEvent] = []
    /// The pointer's shape where it moved to during the batch; nil if it did not move.
    public var cursor: CursorShape?
    /// When the session next wants `advanceClock`: a caret blink, a countdown second, a draft
    /// save or the shortcuts overlay's hold; nil while idle.
    public var nextDeadline: Double?
    /// How the form ended; nil while it runs.
    public var result: FormResult?
    /// The popup (a list, suggestions, a calendar) opened, changed or moved, or closed; nil when
    /// it is as it was. A host that gave `FormSession.popupScreen` shows it in a window of its
    /// own at its frame and paints it from `FormSession.popupDisplayList()`; any other finds it
    /// in `repaints` already.
    public var popup: PopupChange?

    public init() {}
}

/// What became of the popup in a batch (`SessionUpdate.popup`).
public enum PopupChange: Equatable, Sendable {
    /// Open at `frame` (window coordinates; it may reach outside the window, onto
    /// `FormSession.popupScreen`), to be painted anew.
    case shown(frame: Rect, kind: PopupKind)
    case closed
}

extension FormSession {
    /// What changed since the last update, for the host to carry out; the queue is left empty.
    /// The app is told first (`tellApp`), so what its hooks change is in the same update.
    public func takeUpdate() -> SessionUpdate {
        tellApp()
        var update = SessionUpdate()
        update.appNotices = effects.told
        effects.told = []
        update.requests = effects.performed
        effects.performed = []
        let window = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        for effect in effects.takeAll() {
            switch effect {
            case .repaint(let rect):
                let clipped = rect.intersection(window).integral
                if !clipped.isEmpty { update.repaints.append(clipped) }
            case .request(let request): update.requests.append(request)
            case .accessible(let event): update.accessibleEvents.append(event)
            }
        }
        if effects.pointerMoved, let position = pointerState.position {
            update.cursor = cursor(at: position)
        }
        effects.pointerMoved = false
        update.popup = takePopupChange()
        update.nextDeadline = nextDeadline
        update.result = result
        return update
    }
}
