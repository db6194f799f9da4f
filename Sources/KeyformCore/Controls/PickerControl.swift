/// A closed list of `options`, one chosen: Up, Down, Home, End and type-ahead choose in place;
/// Space, Alt+Down or a click open the list (`PickerList`), whose keys the session's popup
/// handling runs. Return is the form's, as in a GTK dialog: on the last field it submits.
final class PickerControl: OptionControl {
    static var isFramed: Bool { true }
    let options: [String]
    /// The chosen option; nil when there are no options, after `clear:ID`, or at the start of a
    /// picker with a placeholder and no value (zenity's combo, which starts with nothing chosen).
    var choice: Int?

    init(field: Field) {
        options = field.options
        choice = options.firstIndex(of: field.value) ?? (options.isEmpty || !field.placeholder.isEmpty ? nil : 0)
    }

    /// Its keys, before anything else along the chain, so the overlay lists what they do.
    func ownKeys(in context: ControlContext) -> [KeyCommand] {
        guard !options.isEmpty else { return [] }
        // Space goes on with a running type-ahead search instead (`handleKey`).
        let open = context.session.typeAheadRunning ? [KeyChord(.down, .alt)] : [KeyChord(.down, .alt), KeyChord(.space)]
        return [
            .control("Open the list", .openPopup, open),
            .control("Previous option", .chooseOption(.previous), KeyChord(.up)),
            .control("Next option", .chooseOption(.next), KeyChord(.down)),
            .control("First option", .chooseOption(.first), KeyChord(.home)),
            .control("Last option", .chooseOption(.last), KeyChord(.end)),
        ]
    }

    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        switch action {
        case .openPopup: open(in: context)
        case .chooseOption(.previous): choose(max(0, (choice ?? 0) - 1), in: context)
        case .chooseOption(.next): choose(min(options.count - 1, (choice ?? -1) + 1), in: context)
        case .chooseOption(.first): choose(0, in: context)
        case .chooseOption(.last): choose(options.count - 1, in: context)
        default: return .ignored
        }
        return .handled
    }

    /// Typing jumps to the option that starts with what was typed.
    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        guard press.modifiers.isDisjoint(with: .command), let index = context.session.typeAhead(press, in: options) else { return false }
        choose(index, in: context)
        return true
    }

    func press(_ press: PointerPress, in context: ControlContext) {
        open(in: context)
    }

    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {
        choose(item, in: context)
    }

    /// Opens the list with the chosen option highlighted.
    func open(in context: ControlContext) {
        guard !options.isEmpty else { return }
        context.session.show(PickerList(node: context.node, purpose: .choice, items: options, highlighted: choice ?? 0,
                                        firstVisible: 0))
    }

    /// A combo box holding the list of its options, the chosen one selected. While the list is
    /// open the box is expanded and the highlighted option is focused, so a screen reader follows
    /// the highlight as it moves (GTK's combo box focuses its menu's items).
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var box = context.accessibleNode(.comboBox, action: "press")
        box.states.formUnion([.expandable, .hasPopup])
        let open = context.session.pickerList.flatMap { $0.node == context.node ? $0 : nil }
        var states = box.states.intersection([.enabled, .sensitive])
        if open != nil { states.formUnion([.visible, .showing]) }
        var list = AccessibleNode.list(named: box.name, items: options, frame: open?.frame(in: context.session) ?? box.frame,
                                       states: states, action: "select")
        list.choices = []
        if let choice { list.parts[choice].states.insert(.selected) }
        if let open {
            box.states.insert(.expanded)
            if box.states.remove(.focused) != nil { list.parts[open.highlighted].states.insert(.focused) }
        }
        box.parts = [list]
        box.choices = [0]
        return box
    }

    /// `press` opens the list, as a click does; `select` on an option chooses it.
    func performAccessibleAction(_ name: String, on part: [Int], in context: ControlContext) -> Bool {
        guard context.isEnabled else { return false }
        if name == "press" && part.isEmpty {
            context.session.focusNow(context.node, cause: .keyboard)
            open(in: context)
            return true
        }
        guard name == "select", part.count == 2, part[0] == 0, options.indices.contains(part[1]) else { return false }
        context.session.closePopup()
        choose(part[1], in: context)
        return true
    }

    /// The chosen option (or the placeholder) cut to fit, and the arrow at the ending edge.
    func paint(into list: inout DisplayList, in context: ControlContext) {
        context.session.paintLabelled(context, into: &list) { list in
            let control = context.windowFrame, rtl = context.direction == .rtl
            let lineHeight = context.measurer.lineHeight(Theme.bodyFont)
            let y = control.midY - lineHeight / 2
            let arrowX = rtl ? control.minX + Theme.textInset : control.maxX - Theme.textInset - 12
            let textRect = Rect(x: control.minX + Theme.textInset + (rtl ? 16 : 0), y: y,
                                width: control.width - 2 * Theme.textInset - 16, height: lineHeight)
            let text = context.session.fitted(choice.map { options[$0] } ?? context.field.placeholder, font: Theme.bodyFont,
                                              width: textRect.width)
            let x = context.session.alignedX(text, font: Theme.bodyFont, in: textRect)
            list.append(.text(TextRun(text: text, origin: Point(x: x, y: y), font: Theme.bodyFont,
                                      color: context.isEnabled && choice != nil ? context.palette.text : context.palette.placeholder)))
            // The arrow is two lines, as a check box's mark is: a glyph such as "▾" lies far from
            // the letters in a font file, and reading it made the 64 kB around it resident.
            let tip = Point(x: arrowX + 4, y: control.midY + 2)
            for end in [tip.x - 4, tip.x + 4] {
                list.append(.line(from: Point(x: end, y: tip.y - 4), to: tip, context.palette.labelText, lineWidth: 1.5))
            }
        }
    }
}
