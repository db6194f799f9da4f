/// The form while it runs: the one object the window, `keyform replay` and the tests drive.
/// Input goes in through `handle(_:)`; what changed comes out as dirty rectangles, a display
/// list for any part of the window, and finally a `result`.
public final class FormSession {
    public let form: Form
    /// Public so the window can draw with the text layouts the measurer has already made.
    public let measurer: any TextMeasuring
    var tree: FormTree
    var states: [FieldState]

    public private(set) var viewport: Size
    /// How far the content is scrolled; only vertical scrolling exists.
    public internal(set) var scrollOffset = Point.zero
    var layout: FormLayout
    /// The form's title as last laid out, in lines (see `titleLines`).
    var titleLabel: WrappedLabel?
    /// The shown fields by position, for painting and hit testing (rebuilt with the layout).
    var visibleIndex = VisibleIndex()
    public internal(set) var snapshot: FocusSnapshot
    public internal(set) var order: TabOrder
    /// By field: shown, and enabled, through every ancestor (computed by `relayout`).
    var shown: [Bool]
    var enabled: [Bool] = []

    public internal(set) var focus = FocusState()
    /// The focus ring shows after keyboard navigation, not after a click on a non-text control.
    public internal(set) var focusVisible = false
    /// The popup a control opened: a list, suggestions, a calendar.
    var popup: (any Popup)?
    /// What was typed to jump in a picker's options, and when (type-ahead).
    var typeAheadText = ""
    var typeAheadTime = -Double.infinity
    /// A button (or a checkbox) pressed by the pointer acts on release inside it, or inside where
    /// it was when pressed (in window coordinates): the press may have moved it, as a token field
    /// grows when focus leaves it with text typed.
    var armedButton: (node: Int, pressedFrame: Rect)?
    /// Up/Down in a text area keep the x they started from while the caret stays where they put it.
    var verticalGoal: (node: Int, x: Double, caret: Int)?
    /// Where the pointer was last seen in the window, for the wheel.
    var pointer: Point?
    /// The text control a pointer drag is selecting in.
    var dragSelecting: Int?
    /// A drag of the scroll bar: where the pointer and the offset were when it started.
    var scrollBarDrag: (pointerY: Double, offset: Double)?
    var windowHasFocus = true
    /// A dead key or compose sequence in progress, drawn at the caret of the field being edited.
    public internal(set) var preedit = ""
    public internal(set) var result: FormResult?

    /// Caret blinking: on for `caretBlinkInterval`, off as long, and solid again once the person
    /// has been idle for `caretBlinkTimeout` (as GTK does), so an idle window uses no CPU.
    public var caretBlinks = true
    static let caretBlinkInterval = 500.0
    static let caretBlinkTimeout = 10_000.0
    /// The most graphemes of one line that are measured and drawn at once (see `visibleRun`).
    static let measuredGraphemes = 1024
    /// The longest paragraph a text area wraps; a longer one scrolls sideways, measured in a window.
    static let wrappedGraphemes = 16_384
    public private(set) var now = 0.0
    var lastInput = 0.0
    var caretOn = true

    var dirty: [Rect] = []
    var requests: [PlatformRequest] = []
    /// The field a requested paste is for (nil: a paste nobody asked for goes to the field being edited).
    var pasteTarget: Int?
    /// `--timeout`: when the form cancels itself, shown as a countdown (FormSession+Countdown).
    var countdown: Countdown?
    /// `--draft`: the values saved a moment after the person stops typing (FormSession+Autosave).
    var autosave: Autosave?
    /// Fields whose value decides whether another is shown.
    let showWhenSources: Set<Int>
    /// Key commands, the shortcuts overlay, mnemonics and undo (FormSession+Commands and neighbours).
    var keyCommands: KeyCommandState

    /// `keyNames` reads the keys of the form's commands and writes them in the shortcuts overlay.
    public init(form: Form, measurer: any TextMeasuring, viewport: Size? = nil, keyNames: any KeyNaming = BasicKeyNames()) {
        self.form = form
        self.measurer = measurer
        self.viewport = viewport ?? form.size ?? Theme.defaultSize
        tree = FormTree(form: form)
        states = tree.nodes.map { FieldState(field: $0.field) }
        keyCommands = KeyCommandState(form: form, keyNames: keyNames, states: states)
        let lookup = tree
        showWhenSources = Set(tree.nodes.compactMap { $0.field.showWhen.flatMap { lookup.index(of: $0.field) } })
        shown = []
        layout = FormLayout()
        snapshot = FocusSnapshot(nodes: [], children: [:], explicitOrder: [:], direction: form.direction)
        order = TabOrder(snapshot)
        relayout()
        // A keyboard-first form opens ready to type: the first stop has focus, as in GTK dialogs.
        _ = moveFocus(.forward)
    }

    public var title: String { form.title }
    public var minimumSize: Size { Theme.minimumSize }
    public var contentSize: Size { layout.contentSize }
    public var maxScroll: Double { max(0, layout.contentSize.height - viewport.height) }

    /// The id of the focused field.
    public var focusedID: String? { focus.focused.map { tree[$0].field.id } }
    /// The text control being edited: the focused field when a person types into it.
    public var editingID: String? { editingNode.map { tree[$0].field.id } }
    public var isEditingText: Bool { editingNode != nil }
    var editingNode: Int? {
        guard let node = focus.focused, type(of: tree[node].control).editsText else { return nil }
        return node
    }

    /// What a field's control sees of the form.
    func context(_ node: Int) -> ControlContext { ControlContext(session: self, node: node) }

    // MARK: Input

    /// Runs one event; returns whether anything handled it.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        guard result == nil else { return false }
        noteSelectionForUndo()
        switch event {
        case .keyPress(let press):
            if !press.key.isModifier { noteInput() }
            return handleKey(press)
        case .keyRelease(let release):
            return modifierReleased(release)
        case let .pointerPress(button, point, modifiers, clicks):
            pointer = point
            noteInput()
            noteNonModifierInput(modifiers)
            // A click only hides the shortcuts overlay, as a click outside a popup closes it.
            if hideShortcutsOverlay() { return true }
            return pointerPressed(button, at: point, modifiers: modifiers, clickCount: clicks)
        case let .pointerRelease(button, point):
            return pointerReleased(button, at: point)
        case .pointerMotion(let point):
            pointer = point
            return pointerMoved(to: point)
        case let .scroll(_, dy):
            if keyCommands.overlay != nil { return scrollOverlay(by: dy) }
            return scrollTextArea(under: pointer, by: dy) || scroll(to: scrollOffset.y + dy)
        case .paste(let text):
            noteInput()
            return paste(text)
        case .resize(let size):
            resize(to: size)
            return true
        case .windowFocus(let focused):
            windowHasFocus = focused
            if !focused { forgetHeldModifiers() }
            invalidateCaret()
            return true
        }
    }

    /// Any key or click restarts the blink with the caret visible.
    func noteInput() {
        lastInput = now
        if !caretOn { caretOn = true; invalidateCaret() }
    }

    // MARK: Clock

    public func advanceClock(to milliseconds: Double) {
        now = max(now, milliseconds)
        let on = caretShouldBeOn(at: now)
        if on != caretOn { caretOn = on; invalidateCaret() }
        tickCountdown()
        autosaveIfDue()
        showOverlayIfHeld()
    }

    /// When the session next wants `advanceClock`: the next caret blink, countdown second or
    /// draft save, or nil while idle.
    public var nextDeadline: Double? {
        [caretDeadline, countdownDeadline, autosave?.due, overlayHoldDeadline].compactMap { $0 }.min()
    }

    var caretDeadline: Double? {
        guard caretBlinks, windowHasFocus, editingNode != nil else { return nil }
        let elapsed = now - lastInput
        guard elapsed < Self.caretBlinkTimeout else { return nil }
        let next = lastInput + (elapsed / Self.caretBlinkInterval).rounded(.down) * Self.caretBlinkInterval + Self.caretBlinkInterval
        return min(next, lastInput + Self.caretBlinkTimeout)
    }

    func caretShouldBeOn(at time: Double) -> Bool {
        let elapsed = time - lastInput
        guard caretBlinks, elapsed < Self.caretBlinkTimeout else { return true }
        return Int(elapsed / Self.caretBlinkInterval) % 2 == 0
    }

    // MARK: Output

    /// The window rectangles to repaint since the last call.
    public func takeDirtyRects() -> [Rect] {
        defer { dirty.removeAll(keepingCapacity: true) }
        let window = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        return dirty.map { $0.intersection(window).integral }.filter { !$0.isEmpty }
    }

    /// Clipboard work for the platform since the last call.
    public func takeRequests() -> [PlatformRequest] {
        defer { requests.removeAll() }
        return requests
    }

    func invalidate(_ rect: Rect) { dirty.append(rect) }
    func invalidateAll() { invalidate(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)) }

    /// Repaint a field: its block with room for the focus ring, in window coordinates.
    func invalidate(node: Int) {
        invalidate(windowRect(layout.blocks[node]).insetBy(dx: -4, dy: -4))
    }

    /// Repaint only the inside of a field's control, where its value is drawn (the frame and the
    /// focus ring stay as they are): what typing changes.
    func invalidate(control node: Int) {
        invalidate(windowRect(layout.controls[node]).insetBy(dx: 2, dy: 2))
    }

    func windowRect(_ content: Rect) -> Rect { content.offsetBy(dx: -scrollOffset.x, dy: -scrollOffset.y) }
    func contentPoint(_ window: Point) -> Point { Point(x: window.x + scrollOffset.x, y: window.y + scrollOffset.y) }

    /// The control's frame in window coordinates (where `click:ID` aims).
    public func controlFrame(of id: String) -> Rect? {
        tree.index(of: id).map { windowRect(layout.controls[$0]) }
    }

    // MARK: Layout

    /// Recomputes visibility, layout, the focus snapshot and the tab order, then repairs focus.
    /// O(n log n) in the number of fields; runs on resize and when a field is shown or hidden.
    func relayout() {
        shown = Array(repeating: false, count: tree.count)
        enabled = shown
        for i in 0..<tree.count {
            let node = tree[i]
            let parentShown = node.parent.map { shown[$0] } ?? true
            let parentEnabled = node.parent.map { enabled[$0] } ?? true
            shown[i] = parentShown && !node.removed && !node.field.hidden && showRuleHolds(node.field.showWhen)
            enabled[i] = parentEnabled && !node.field.disabled
        }
        layout = makeLayout()
        // Growing controls wrap at the new width first, and may then need more or fewer rows.
        if (0..<tree.count).reduce(false, { fitToContent($1) || $0 }) { layout = makeLayout() }
        let layout = self.layout, tree = self.tree
        visibleIndex = VisibleIndex(nodes: (0..<tree.count).filter { shown[$0] }) { node in
            // A section draws only its title; its fields are indexed on their own.
            tree[node].control.shape == .group ? layout.labels[node] : layout.blocks[node]
        }
        var nodes: [FocusSnapshot.Node] = []
        nodes.reserveCapacity(tree.count)
        var children: [Int?: [Int]] = [nil: tree.topLevel]
        var explicit: [Int?: [Int]] = [nil: (form.tabOrder ?? []).compactMap { tree.index(of: $0) }]
        let readingFrames = layout.readingFrames(tree: tree, isShown: shown)
        for i in 0..<tree.count {
            let field = tree[i].field, control = tree[i].control
            let isContainer = control.shape == .group
            let canFocus = shown[i] && enabled[i] && type(of: control).takesFocus && !layout.controls[i].isEmpty
            nodes.append(.init(id: field.id, parent: tree[i].parent, frame: readingFrames[i], isContainer: isContainer,
                               canFocus: canFocus, isTabStop: canFocus && field.tabStop && field.tabIndex >= 0,
                               tabIndex: field.tabIndex))
            if isContainer {
                children[i] = tree[i].children
                explicit[i] = (field.tabOrder ?? []).compactMap { tree.index(of: $0) }
            }
        }
        snapshot = FocusSnapshot(nodes: nodes, children: children, explicitOrder: explicit, direction: form.direction)
        order = TabOrder(snapshot)
        scrollOffset.y = min(max(0, scrollOffset.y), maxScroll)
        repairFocus()
        invalidateAll()
    }

    private func makeLayout() -> FormLayout {
        FormLayout(tree: tree, width: viewport.width, direction: form.direction, isShown: shown,
                   hasMessage: tree.nodes.map { $0.message != nil },
                   controlHeights: (0..<tree.count).map { tree[$0].control.controlHeight(in: context($0)) },
                   titleHeight: titleHeight, labelHeight: { [unowned self] in labelHeight($0, width: $1) })
    }

    /// Fits a growing text area or token field to its content; true if the form needs a new layout.
    func fitToContent(_ node: Int) -> Bool {
        tree[node].control.fitToContent(in: context(node))
    }

    func showRuleHolds(_ rule: ShowRule?) -> Bool {
        guard let rule else { return true }
        guard let source = tree.index(of: rule.field) else { return false }
        return rule.values.contains(tree[source].control.showWhenValue(in: context(source)))
    }

    /// After a field changed value: a field shown or hidden by it changes the layout.
    func valueChanged(_ node: Int) {
        recordUndo(node)
        var needsLayout = showWhenSources.contains(node) || fitToContent(node)
        if tree[node].message != nil {
            // A shown message follows the value until it is valid, then goes with its room.
            tree[node].message = validationMessage(for: node)
            needsLayout = needsLayout || tree[node].message == nil
        }
        if needsLayout {
            relayout()
        } else if tree[node].message != nil {
            invalidate(node: node)  // the message under the control may have changed
        } else {
            invalidate(control: node)
        }
        scheduleAutosave()
    }

    func resize(to size: Size) {
        let widthChanged = size.width != viewport.width
        viewport = size
        if widthChanged { relayout() } else {
            scrollOffset.y = min(scrollOffset.y, maxScroll)
            invalidateAll()
        }
        if let focused = focus.focused { scrollIntoView(focused) }
    }
}

public enum FormResult: Equatable, Sendable {
    case submitted(JSONValue)
    case cancelled
}
