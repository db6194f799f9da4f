/// A control whose value is one of its `options`, or none: a picker, a radio group. Their value,
/// `showWhen`, `required` and `clear:ID` are the same, whatever the control looks like.
protocol OptionControl: Control {
    var options: [String] { get }
    /// The chosen option, nil for none.
    var choice: Int? { get set }
}

extension OptionControl {
    func choose(_ option: Int, in context: ControlContext) {
        guard choice != option else { return }
        choice = option
        context.valueChanged()
    }

    static var fileKeys: Set<String> { ["options"] }
    static var valueShape: ValueShape { .option }

    func value(in context: ControlContext) -> JSONValue? { .string(showWhenValue(in: context)) }
    func showWhenValue(in context: ControlContext) -> String { choice.map { options[$0] } ?? "" }
    func isEmpty(in context: ControlContext) -> Bool { choice == nil }
    func canClear(in context: ControlContext) -> Bool { choice != nil }

    func clear(in context: ControlContext) {
        choice = nil
        context.valueChanged()
    }
}
