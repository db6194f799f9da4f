/// `options` as a group under its label, one a row with a circle each, one chosen: the group is
/// one Tab stop, entered at the chosen option (else the first). Up/Down/Left/Right move and choose,
/// wrapping at the ends, Left and Right mirrored in a right-to-left form; Space chooses the option
/// focus is on; a click chooses the option under it (the WAI-ARIA radio group, GTK's radio buttons).
final class RadioControl: OptionControl {
    let options: [String]
    /// The chosen option; nil until one is chosen.
    var choice: Int?

    init(field: Field) {
        options = field.options
        choice = options.firstIndex(of: field.value)
    }

    /// The option focus is on: the chosen one, else the first.
    private var focusedOption: Int { choice ?? 0 }

    /// A row an option; with none the group takes no room and cannot take focus.
    func controlHeight(in context: ControlContext) -> Double { Double(options.count) * Theme.choiceRowHeight }

    /// Its keys, before anything else along the chain, so the overlay lists what they do.
    func ownKeys(in context: ControlContext) -> [KeyCommand] {
        guard !options.isEmpty else { return [] }
        // The options follow the reading order: in a right-to-left form the next is to the left.
        let (forward, backward) = context.direction == .ltr ? (Key.right, Key.left) : (Key.left, Key.right)
        return [
            .control("Previous option", .chooseOption(.previous), KeyChord(.up), KeyChord(backward)),
            .control("Next option", .chooseOption(.next), KeyChord(.down), KeyChord(forward)),
            // Until an option is chosen, focus is on the first, and Space chooses it.
            .control(choice == nil ? "Choose this option" : nil, .chooseOption(.focused), KeyChord(.space)),
        ]
    }

    /// The next and previous wrap at the ends.
    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        let step: Int
        switch action {
        case .chooseOption(.previous): step = -1
        case .chooseOption(.next): step = 1
        case .chooseOption(.focused): step = 0
        default: return .ignored
        }
        choose((focusedOption + step + options.count) % options.count, in: context)
        return .handled
    }

    func press(_ press: PointerPress, in context: ControlContext) {
        let option = Int(((press.point.y - press.pressedFrame.minY) / Theme.choiceRowHeight).rounded(.down))
        if options.indices.contains(option) { choose(option, in: context) }
    }

    /// A panel of radio buttons, one an option: the chosen one checked and selected, the one focus
    /// is on focused while the group has focus, as GTK's radio buttons are each focused.
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var group = context.accessibleNode(.panel)
        let focused = group.states.contains(.focused), frame = context.windowFrame
        group.states.remove(.focused)
        group.choices = []
        group.parts = options.indices.map { index in
            var button = AccessibleNode(role: .radioButton, name: options[index])
            button.states = group.states.intersection([.visible, .showing, .enabled, .sensitive]).union([.focusable, .checkable, .selectable])
            if index == choice { button.states.formUnion([.checked, .selected]) }
            if focused && index == focusedOption { button.states.insert(.focused) }
            button.actions = [AccessibleAction("select")]
            button.frame = Rect(x: frame.minX, y: frame.minY + Double(index) * Theme.choiceRowHeight, width: frame.width,
                                height: Theme.choiceRowHeight)
            return button
        }
        return group
    }

    /// `select` on a button chooses its option, as a click on it does.
    func performAccessibleAction(_ name: String, on part: [Int], in context: ControlContext) -> Bool {
        guard name == "select", part.count == 1, options.indices.contains(part[0]), context.isEnabled else {
            return context.performAsMnemonic(name, on: part)
        }
        choose(part[0], in: context)
        return true
    }

    /// Each option in the window: its circle, its text cut to fit, and the focus ring on the one
    /// focus is on. A group of thousands costs the few that show.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        let painter = context.painter, group = context.windowFrame, enabled = context.isEnabled
        let height = Theme.choiceRowHeight, lineHeight = painter.measurer.lineHeight(Theme.bodyFont)
        context.paintLabelled(into: &list) { list in
            let first = max(0, Int((-group.minY / height).rounded(.down)))
            let last = min(options.count - 1, Int(((context.viewport.height - group.minY) / height).rounded(.down)))
            guard first <= last else { return }
            for index in first...last {
                let row = ChoiceRow(frame: Rect(x: group.minX, y: group.minY + Double(index) * height, width: group.width, height: height),
                                    direction: context.direction, palette: painter.palette)
                let text = painter.fitted(options[index], font: Theme.bodyFont, width: row.text.width)
                if context.showsFocusRing && index == focusedOption {
                    list.append(row.focusRing(textWidth: painter.measurer.width(text, font: Theme.bodyFont), color: painter.focusRingColor))
                }
                row.paintMark(on: index == choice, round: true, enabled: enabled, into: &list)
                let origin = Point(x: painter.alignedX(text, font: Theme.bodyFont, in: row.text), y: row.frame.midY - lineHeight / 2)
                list.append(.text(TextRun(text: text, origin: origin, font: Theme.bodyFont, color: enabled ? painter.palette.text : painter.palette.placeholder)))
            }
        }
    }
}
