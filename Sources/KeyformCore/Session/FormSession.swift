/// The form while it runs: the one object the window, `keyform replay` and the tests drive.
/// Input goes in through `handle(_:)`; what changed comes out as one `SessionUpdate` a batch
/// (`takeUpdate()`), and a display list for any part of the window.
public final class FormSession {
    public let form: Form
    let measurer: any TextMeasuring
    /// The fields, each with its control (its state and behaviour) and message.
    var tree: FormTree
    /// Each field's label as last laid out, in lines (see `labelLines`). Kept beside the tree, not
    /// in it: the layout reads a copy of the tree while it lays labels out, and keeping one in
    /// the tree then copied all its nodes (on a 10,000-field form, 10 M instructions a layout).
    var keptLabels: [WrappedLabel?]
    /// The form's title as last laid out (see `titleLines`).
    var keptTitle: WrappedLabel?
    var scrolling: Scrolling
    /// What `relayout` derives together: layout, visibility, the focus snapshot, the tab order.
    var arrangement = Arrangement()
    var focusTracking = FocusTracking()
    /// The popup a control opened: a list, suggestions, a calendar.
    var popup: (any Popup)?
    /// Where popups may lie, in window coordinates, when the host shows each in a window of its
    /// own (`SessionUpdate.popup`, `popupDisplayList(in:)`): the monitor the window is on, set again
    /// when the window moves. Nil (replay, render): popups are drawn in the window's display list.
    public var popupScreen: Rect? {
        didSet { if popupScreen != oldValue { popupScreenChanged(wasSet: oldValue != nil) } }
    }
    var pointerState = PointerState()
    var clock: CaretClock
    var effects = Effects()
    public internal(set) var result: FormResult?
    /// The id of the button whose press gave the `result`; nil when a key, a command, the
    /// timeout or the window ended the form (yad tells them apart by its exit status).
    public internal(set) var endingButton: String?
    /// The colours everything is drawn in: chosen once by whoever runs the form (`--theme`), and
    /// replaced by the window when the desktop's theme changes, which repaints everything.
    public var palette = Palette.light {
        didSet { if palette != oldValue { invalidateAll() } }
    }
    /// `--timeout`: when the form cancels itself, shown as a countdown (FormSession+Countdown).
    var countdown: Countdown?
    /// A notice about the whole form, drawn in the top trailing corner (FormSession+Notice).
    public internal(set) var notice: String?
    /// `--draft`: the values saved a moment after the person stops typing (FormSession+Autosave).
    var autosave: Autosave?
    /// Key commands, the shortcuts overlay, mnemonics, type-ahead and undo (FormSession+Commands
    /// and neighbours).
    var keyCommands: KeyCommandState
    /// An app's commands and hooks (the `Keyform` library); none for a form file.
    package var hooks = SessionHooks()

    static let caretBlinkInterval = 500.0
    static let caretBlinkTimeout = 10_000.0

    /// `keyNames` reads the keys of the form's commands and writes them in the shortcuts overlay.
    /// `today` is the person's date (`keyform` reads the system's, or `--today`); the default,
    /// 0001-01-01, is for sessions no person uses, as lint and benchmarks.
    public init(form: Form, measurer: any TextMeasuring, viewport: Size? = nil, keyNames: any KeyNaming = BasicKeyNames(),
                today: CalendarDate = .earliest) {
        self.form = form
        clock = CaretClock(today: today)
        self.measurer = measurer
        scrolling = Scrolling(size: viewport ?? form.size ?? Theme.defaultSize)
        tree = FormTree(form: form)
        keptLabels = Array(repeating: nil, count: tree.count)
        keyCommands = KeyCommandState(form: form, keyNames: keyNames)
        relayout()
        // Given no viewport (the parameter), the content's size; the window fits it to its screen.
        if viewport == nil { fitContent(within: Self.assumedScreen) }
        // A keyboard-first form opens ready to type: the first stop has focus, as in GTK dialogs.
        _ = moveFocus(.forward)
        applyFocusRequest()
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
        guard let node = focus.focused, tree.controlType(of: node).editsText else { return nil }
        return node
    }

    /// What a field's control sees of the form.
    func context(_ node: Int) -> ControlContext { ControlContext(node: node, host: self) }

    // MARK: Input

    /// Runs one event; returns whether anything handled it. Focus a control asked for while the
    /// event was dispatched moves after it, as in druid-shell, so no handler sees focus change
    /// under it halfway. A screen reader, if one listens, is told what changed.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        guard result == nil else { return false }
        return noticingChanges {
            announcingChanges {
                defer { applyFocusRequest() }
                return dispatch(event)
            }
        }
    }

    private func dispatch(_ event: InputEvent) -> Bool {
        noteSelectionForUndo()
        switch event {
        case .keyPress(let press):
            if !press.key.isModifier { noteInput() }
            return handleKey(press)
        case .keyRelease(let release):
            return modifierReleased(release)
        case let .pointerPress(button, point, modifiers, clicks):
            pointerState.position = point
            noteInput()
            noteNonModifierInput(modifiers)
            finishComposition()
            // A click only hides the shortcuts overlay, as a click outside a popup closes it.
            if hideShortcutsOverlay() { return true }
            return pointerPressed(button, at: point, modifiers: modifiers, clickCount: clicks)
        case let .pointerRelease(button, point):
            return pointerReleased(button, at: point)
        case .pointerMotion(let point):
            pointerState.position = point
            effects.pointerMoved = true
            return pointerMoved(to: point)
        case let .scroll(_, dy):
            if keyCommands.overlay != nil { return scrollOverlay(by: dy) }
            return scrollText(under: pointerState.position, by: dy) || scroll(to: scrollOffset.y + dy)
        case .paste(let text):
            noteInput()
            return paste(text)
        case .resize(let size):
            resize(to: size)
            return true
        case .windowFocus(let focused):
            // A popup goes with the focus, as GTK's do: its window would float over the one
            // the person went to.
            if !focused { forgetHeldModifiers(); closePopup() }
            // A window that opened active gets a FocusIn all the same (with no window manager,
            // or one that focuses new windows): nothing changes, so nothing is repainted.
            guard focused != focusTracking.windowActive else { return false }
            focusTracking.windowActive = focused
            invalidateCaret()
            // Its ring, border and selection change colour.
            if let node = focus.focused { invalidate(node: node) }
            return true
        case let .preedit(text, caret, segments):
            return showComposition(text, caret: caret, segments: segments)
        case .commit(let text):
            noteInput()
            return commitComposition(text)
        }
    }

    /// Any key or click restarts the blink with the caret visible.
    func noteInput() {
        clock.lastInput = now
        if !clock.caretOn { clock.caretOn = true; invalidateCaret() }
    }

    // MARK: Clock

    public func advanceClock(to milliseconds: Double) {
        announcingChanges { tick(to: milliseconds) }
    }

    private func tick(to milliseconds: Double) {
        clock.now = max(now, milliseconds)
        let on = caretShouldBeOn(at: now)
        if on != clock.caretOn { clock.caretOn = on; invalidateCaret() }
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
        guard caretBlinks, focusTracking.windowActive, editingNode != nil else { return nil }
        let elapsed = now - clock.lastInput
        guard elapsed < Self.caretBlinkTimeout else { return nil }
        let next = clock.lastInput + (elapsed / Self.caretBlinkInterval).rounded(.down) * Self.caretBlinkInterval + Self.caretBlinkInterval
        return min(next, clock.lastInput + Self.caretBlinkTimeout)
    }

    func caretShouldBeOn(at time: Double) -> Bool {
        let elapsed = time - clock.lastInput
        guard caretBlinks, elapsed < Self.caretBlinkTimeout else { return true }
        return Int(elapsed / Self.caretBlinkInterval) % 2 == 0
    }

    // MARK: Output

    func invalidate(_ rect: Rect) { effects.post(.repaint(rect)) }
    /// Asks the platform for clipboard work (see `PlatformRequest`).
    func post(_ request: PlatformRequest) { effects.post(.request(request)) }
    func invalidateAll() {
        invalidate(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
        effects.popupChanged = true  // a popup in a window of its own is repainted too
    }

    /// Repaint a field: its block with room for the focus ring, in window coordinates.
    func invalidate(node: Int) {
        invalidate(windowRect(layout.blocks[node]).insetBy(dx: -4, dy: -4))
    }

    /// Repaint only the inside of a field's control, where its value is drawn (the frame and the
    /// focus ring stay as they are): what typing changes.
    func invalidate(control node: Int) {
        invalidate(inside(of: node))
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
        effects.valuesRevision += 1  // what is shown, and so submitted, may have changed
        effects.changedValues = nil
        var shown = Array(repeating: false, count: tree.count), enabled = shown
        for i in 0..<tree.count {
            // Read in place: a copy of the node is its whole field, retained and released.
            let parent = tree[i].parent
            let parentShown = parent.map { shown[$0] } ?? true
            let parentEnabled = parent.map { enabled[$0] } ?? true
            shown[i] = parentShown && !tree[i].removed && !tree[i].field.hidden && showRuleHolds(tree[i].field.showWhen)
            enabled[i] = parentEnabled && !tree[i].field.disabled
        }
        arrangement.shown = shown
        arrangement.enabled = enabled
        arrangement.layout = makeLayout()
        // Growing controls wrap at the new width first, and may then need more or fewer rows.
        if (0..<tree.count).reduce(false, { fitToContent($1) || $0 }) { arrangement.layout = makeLayout() }
        let layout = self.layout, tree = self.tree
        arrangement.visibleIndex = VisibleIndex(nodes: (0..<tree.count).filter { shown[$0] }) { node in
            // A section draws only its title; its fields are indexed on their own.
            tree[node].control.shape == .group ? layout.labels[node] : layout.blocks[node]
        }
        var nodes: [FocusSnapshot.Node] = []
        nodes.reserveCapacity(tree.count)
        var children: [Int?: [Int]] = [nil: tree.topLevel]
        var explicit: [Int?: [Int]] = [nil: (form.tabOrder ?? []).compactMap { tree.index(of: $0) }]
        let readingFrames = layout.readingFrames(tree: tree, isShown: shown)
        for i in 0..<tree.count {
            let control = tree[i].control
            let isContainer = control.shape == .group
            let canFocus = shown[i] && enabled[i] && type(of: control).takesFocus && !layout.controls[i].isEmpty
            let tabIndex = tree[i].field.tabIndex
            nodes.append(.init(id: tree[i].field.id, parent: tree[i].parent, frame: readingFrames[i], isContainer: isContainer,
                               canFocus: canFocus, isTabStop: canFocus && tree[i].field.tabStop && tabIndex >= 0,
                               tabIndex: tabIndex))
            if isContainer {
                children[i] = tree[i].children
                explicit[i] = (tree[i].field.tabOrder ?? []).compactMap { tree.index(of: $0) }
            }
        }
        arrangement.snapshot = FocusSnapshot(nodes: nodes, children: children, explicitOrder: explicit, direction: form.direction)
        arrangement.order = TabOrder(arrangement.snapshot)
        scrollOffset.y = min(max(0, scrollOffset.y), maxScroll)
        repairFocus()
        invalidateAll()
    }

    private func makeLayout() -> FormLayout {
        FormLayout(tree: tree, width: viewport.width, direction: form.direction, isShown: shown,
                   hasMessage: tree.nodes.map { $0.message != nil || $0.isChecking },
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
        effects.valuesRevision += 1
        effects.changedValues?.insert(node)
        if node == focus.focused { focusTracking.messageWaits = node }
        // A submit waiting for the app's checks was of the values before this change.
        effects.submitWaitsForChecks = false
        recordUndo(node)
        var needsLayout = tree.decidesVisibility[node] || fitToContent(node)
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
        effects.notices.append(.valueChanged(tree[node].field.id))
    }

    /// The measurer measures text anew (the window gave it the desktop's new font): the form is
    /// laid out again with the new measures, which may wrap labels and text otherwise, and
    /// painted anew; the focused field stays in view. Nothing typed changes.
    public func measuresChanged() {
        keptLabels = Array(repeating: nil, count: tree.count)
        for node in 0..<tree.count { tree[node].control.forgetMeasures() }
        keptTitle = nil
        relayout()
        if let focused = focus.focused { scrollIntoView(focused) }
    }

    func resize(to size: Size) {
        let widthChanged = size.width != viewport.width
        viewport = size
        if widthChanged { relayout() } else {
            scrollOffset.y = min(scrollOffset.y, maxScroll)
            invalidateAll()
        }
        if let focused = focus.focused { scrollIntoView(focused) }
        // The rows an open list has room for changed with the height.
        if let popup { popup.prepare(in: context(popup.node)) }
    }
}

public enum FormResult: Equatable, Sendable {
    case submitted(JSONValue)
    case cancelled
}
