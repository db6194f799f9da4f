/// What the app is told of a running form, once the events that caused it are handled
/// (`SessionUpdate.appNotices`, told through `SessionHooks.tell`): it answers nothing the
/// dispatch needs, so it waits until the dispatch is done (docs/architecture.md › Host contract).
public enum AppNotice: Equatable, Sendable {
    /// A field's value (the id) changed, by the person or by the program.
    case valueChanged(String)
    /// Focus moved during one event or one change of the program's, from one field (or none)
    /// to another (or none).
    case focusChanged(from: String?, to: String?)
}
