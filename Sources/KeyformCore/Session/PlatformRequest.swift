/// What the session asks of the platform besides painting: a batch's `SessionUpdate.requests`,
/// which the host carries out (`SessionHost.perform`).
public enum PlatformRequest: Equatable, Sendable {
    /// Own the selection with this text: `.clipboard` on Ctrl+C/X, `.primary` when text is selected.
    case setSelection(SelectionName, String)
    /// Fetch the selection owner's text and deliver it with `handle(.paste(text))`.
    case paste(SelectionName)
    /// A click or a focus change ended an input method's composition, and the form committed the
    /// text it showed (as GTK does): the platform makes the input method drop its composition,
    /// and ignores its own commit of that text if it sends one.
    case compositionEnded(String)
    /// `--draft`: save these values (never passwords), then say how it went with
    /// `FormSession.draftSaved(problem:)`.
    case saveDraft(JSONValue)
}

/// The X selections a form uses.
public enum SelectionName: String, Equatable, Sendable {
    case clipboard, primary
}

/// The pointer's shape over a point of the window.
public enum CursorShape: Equatable, Sendable {
    case arrow, text
}
