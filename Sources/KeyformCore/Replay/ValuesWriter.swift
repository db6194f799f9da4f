/// The form's values as the replay report writes them after every event, kept as JSON field by
/// field: an edit writes again only the fields it changed, then joins the rest as they were. On a
/// form of a thousand fields, writing every value after every edit was most of replay's time.
struct ValuesWriter {
    /// Each node's `"id":value` member, or nil when it submits nothing (no value, hidden, disabled).
    private var members: [[UInt8]?] = []
    /// The revision `bytes` were written at; nil before the first.
    private var revision: Int?
    /// `session.values` as JSON.
    private(set) var bytes: [UInt8] = []

    /// Writes what changed since the last call: the fields edited, or every field after a
    /// relayout (fields shown or hidden). O(fields) to join, O(changed) to write.
    mutating func update(from session: FormSession) {
        guard revision != session.valuesRevision else { return }
        revision = session.valuesRevision
        let changed = session.takeChangedValues()
        if let changed, members.count == session.tree.count {
            for node in changed { members[node] = member(node, of: session) }
        } else {
            members = (0..<session.tree.count).map { member($0, of: session) }
        }
        bytes.removeAll(keepingCapacity: true)
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for member in members {
            guard let member else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: member)
            first = false
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A node's member as `JSONValue.object` writes it, or nil when the node submits nothing.
    private func member(_ node: Int, of session: FormSession) -> [UInt8]? {
        guard session.submits(node) else { return nil }
        var out: [UInt8] = []
        JSONValue.writeString(session.tree[node].field.id, to: &out)
        out.append(UInt8(ascii: ":"))
        session.value(of: node, submitting: false).write(to: &out)
        return out
    }
}
