/// The open list of a picker, or a token field's suggestions, drawn above the form.
struct PickerList: Equatable {
    enum Purpose: Equatable { case choice, suggestion }
    var node: Int
    var purpose: Purpose
    var items: [String]
    var highlighted: Int
    /// The first option shown when there are more than fit.
    var firstVisible: Int
}
