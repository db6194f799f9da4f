/// Short names for the parts of the session's state that most code reads.
extension FormSession {
    public internal(set) var viewport: Size {
        get { scrolling.size }
        set { scrolling.size = newValue }
    }
    /// How far the content is scrolled; only vertical scrolling exists.
    public internal(set) var scrollOffset: Point {
        get { scrolling.offset }
        set { scrolling.offset = newValue }
    }

    var layout: FormLayout { arrangement.layout }
    var visibleIndex: VisibleIndex { arrangement.visibleIndex }
    public var snapshot: FocusSnapshot { arrangement.snapshot }
    public var order: TabOrder { arrangement.order }
    var shown: [Bool] { arrangement.shown }
    var enabled: [Bool] { arrangement.enabled }

    public internal(set) var focus: FocusState {
        get { focusTracking.state }
        set { focusTracking.state = newValue }
    }
    /// The focus ring shows after keyboard navigation, not after a click on a non-text control.
    public internal(set) var focusVisible: Bool {
        get { focusTracking.ringVisible }
        set { focusTracking.ringVisible = newValue }
    }
    /// A dead key, compose sequence or input method's composition in progress, drawn at the caret
    /// of the field being edited.
    public var preedit: String { focusTracking.preedit.text }

    public var now: Double { clock.now }
    /// Changes whenever `values` may have (see `Effects.valuesRevision`).
    public var valuesRevision: Int { effects.valuesRevision }
    /// The person's date (see `CaretClock.today`).
    public var today: CalendarDate {
        get { clock.today }
        set { clock.today = newValue }
    }
    /// Caret blinking (see `CaretClock`); off for screenshots and people who find it distracting.
    public var caretBlinks: Bool {
        get { clock.blinks }
        set { clock.blinks = newValue }
    }
}
