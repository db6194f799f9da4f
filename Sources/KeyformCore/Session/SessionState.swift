/// The parts of `FormSession`'s state, each a value grouped by concern, so the session holds few
/// stored properties and each part is changed in one way (see `FormSession` and its `+State` names).

/// Everything `FormSession.relayout` derives together from the tree, the viewport width and the
/// values that show or grow fields: one value, so no part of it can be stale while another is new.
struct Arrangement {
    var layout = FormLayout()
    /// The shown fields by position, for painting and hit testing.
    var visibleIndex = VisibleIndex()
    var snapshot = FocusSnapshot(nodes: [], children: [:], explicitOrder: [:], direction: .ltr)
    var order = TabOrder(FocusSnapshot(nodes: [], children: [:], explicitOrder: [:], direction: .ltr))
    /// By field: shown, and enabled, through every ancestor.
    var shown: [Bool] = []
    var enabled: [Bool] = []
}

/// The window's size and how far the content is scrolled in it (only vertically).
struct Scrolling {
    var size: Size
    var offset = Point.zero
}

/// Focus as the person sees it: which field has it (`FocusState`), whether its ring shows, whether
/// the window itself is active, and a dead key or compose sequence being typed into it.
struct FocusTracking {
    var state = FocusState()
    /// The focus ring shows after keyboard navigation, not after a click on a non-text control.
    var ringVisible = false
    var windowActive = true
    /// Drawn at the caret of the field being edited.
    var preedit = Preedit()
    /// Focus a control asked for during the event being dispatched, moved after it.
    var requested: (node: Int, cause: FocusCause)?
    /// The focused field, once the person has typed in it since focus came or since they last
    /// submitted: a screen reader hears its validation message when they are done with it (focus
    /// leaves, or they submit), not as the message follows each key (`accessibleMessage`).
    var messageWaits: Int?
}

/// A composition shown at the caret: a dead key or compose sequence's (its keys end it), or an
/// input method's (it ends it, by a commit or an empty preedit, and owns every key meanwhile).
struct Preedit: Equatable {
    var text = ""
    /// The caret inside `text`, in Characters; nil: after it.
    var caret: Int?
    /// The parts an input method draws apart, inside `text`; empty: the whole text is one.
    var segments: [PreeditSegment] = []
    var byInputMethod = false

    /// The segments drawn: a composition that names none is one.
    var drawnSegments: [PreeditSegment] {
        segments.isEmpty && !text.isEmpty ? [PreeditSegment(0..<text.count)] : segments
    }
}

/// The pointer: where it was last seen in the window (for the wheel), and what a press grabbed
/// until the release. Grabs exclude each other, so they are one enum.
struct PointerState {
    enum Grab {
        /// A button (or a checkbox) acts on release inside it, or inside where it was when pressed (in window
        /// coordinates): the press may have moved it, as a token field grows when focus leaves it
        /// with text typed.
        case button(node: Int, pressedFrame: Rect)
        /// A text control a drag is selecting in.
        case selecting(node: Int)
        /// The scroll bar's thumb: where the pointer and the offset were when it started.
        case scrollBar(pointerY: Double, offset: Double)
    }

    var position: Point?
    var grab: Grab?
}

/// The session's clock and date, and the caret's blink on the clock: on for `caretBlinkInterval`, off as long,
/// and solid again once the person has been idle for `caretBlinkTimeout` (as GTK does), so an
/// idle window uses no CPU.
struct CaretClock {
    var now = 0.0
    /// The person's date, where Up on an empty date field and its calendar start. The host gives
    /// it, as it gives `now`: the core reads no clock, so a replay does the same on any day.
    var today: CalendarDate
    var lastInput = 0.0
    var caretOn = true
    var blinks = true
}

/// What the session asks of the platform, in one queue in the order it was asked, until the
/// host takes it as a `SessionUpdate`: rectangles to repaint, clipboard work, and what to tell a
/// screen reader.
struct Effects {
    enum Effect {
        case repaint(Rect)
        case request(PlatformRequest)
        case accessible(AccessibleEvent)
    }

    private(set) var queue: [Effect] = []
    /// The field a requested paste is for (nil: a paste nobody asked for goes to the field being edited).
    var pasteTarget: Int?
    /// Counts the changes of the values (an edit, or a field shown or hidden), so a host that
    /// prints them after every event (replay) writes them again only when they changed.
    var valuesRevision = 0
    /// The fields whose value changed since `FormSession.takeChangedValues`, or nil when any
    /// may have (a relayout shows and hides fields).
    var changedValues: Set<Int>?
    /// An assistive technology listens: each change works out its accessible events and queues
    /// them. Off, nothing is worked out (see `FormSession.accessibilityListening`).
    var accessibilityListening = false
    /// While a change is watched for its accessible events: what a screen reader was told of
    /// before it. A change inside it is part of it.
    var before: AccessibilityDigest?
    /// How deep the session is in dispatching an event or a program's change
    /// (`FormSession.noticingChanges`): the app is told of changes only once it is back at 0.
    var changeDepth = 0
    /// What the app is to be told of, in order, not told yet (`FormSession.tellApp`).
    var notices: [AppNotice] = []
    /// What the app was told of since the last update, in order.
    var told: [AppNotice] = []
    /// A submit found the app still checking a value: it goes on when the last check ends
    /// (`FormSession.setChecking`), unless a value changes first.
    var submitWaitsForChecks = false

    /// The pointer moved since the last update, which then says what shape it takes there.
    var pointerMoved = false
    /// The popup was shown, changed or is to be repainted since the last update.
    var popupChanged = false
    /// The frame of the popup the last update told of (nil: none open), to tell a move or a close.
    var reportedPopup: Rect?
    /// The requests the host has carried out since the last update (`FormSession.performRequests`).
    var performed: [PlatformRequest] = []

    mutating func post(_ effect: Effect) { queue.append(effect) }

    /// Every effect queued, in order; the queue is left empty (`FormSession.takeUpdate`).
    mutating func takeAll() -> [Effect] {
        defer { queue = [] }
        return queue
    }

    /// The requests queued, in order; the other effects stay.
    mutating func takeRequests() -> [PlatformRequest] {
        var requests: [PlatformRequest] = []
        queue.removeAll { effect in
            guard case .request(let request) = effect else { return false }
            requests.append(request)
            return true
        }
        return requests
    }

    /// Drops the accessible events queued: nothing listens to them any more.
    mutating func dropAccessibleEvents() {
        queue.removeAll { if case .accessible = $0 { true } else { false } }
    }
}
