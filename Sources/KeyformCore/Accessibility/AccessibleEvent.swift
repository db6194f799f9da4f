/// What a screen reader is told happened, as AT-SPI's events say it: the platform sends each as
/// a signal, the dump prints each as JSON (`FormSession.json(of:)`).
public struct AccessibleEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case stateChanged(AccessibleState, Bool)
        /// Offsets in scalars, as `AccessibleText`'s.
        case textInserted(at: Int, String)
        case textDeleted(at: Int, String)
        case caretMoved(to: Int)
        case textSelectionChanged
        case childAdded(at: Int, AccessibleID)
        case childRemoved(at: Int, AccessibleID)
        /// The highlighted item of an open list moved (the source is the list).
        case activeDescendantChanged(AccessibleID)
        /// What is chosen among the source's `choices` changed.
        case selectionChanged
        case descriptionChanged(String)
        /// The source's `AccessibleValue` changed.
        case valueChanged
        /// Text to speak now: a validation message that appeared.
        case announcement(String)
        case windowActivated
        case windowDeactivated
    }

    public var source: AccessibleID
    public var kind: Kind

    public init(_ source: AccessibleID, _ kind: Kind) {
        self.source = source; self.kind = kind
    }

    /// The event's AT-SPI name, as listeners register for it: `object:text-changed:insert`.
    public var type: String {
        switch kind {
        case .stateChanged(let state, _): "object:state-changed:" + state.rawValue
        case .textInserted: "object:text-changed:insert"
        case .textDeleted: "object:text-changed:delete"
        case .caretMoved: "object:text-caret-moved"
        case .textSelectionChanged: "object:text-selection-changed"
        case .childAdded: "object:children-changed:add"
        case .childRemoved: "object:children-changed:remove"
        case .activeDescendantChanged: "object:active-descendant-changed"
        case .selectionChanged: "object:selection-changed"
        case .descriptionChanged: "object:property-change:accessible-description"
        case .valueChanged: "object:property-change:accessible-value"
        case .announcement: "object:announcement"
        case .windowActivated: "window:activate"
        case .windowDeactivated: "window:deactivate"
        }
    }
}
