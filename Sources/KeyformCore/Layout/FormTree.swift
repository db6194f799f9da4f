/// The form's fields flattened into document order, each knowing its parent and children.
/// Indices into `nodes` stay valid for the whole session: a removed field is marked, not deleted,
/// so the focus engine can still continue from where it was.
struct FormTree {
    struct Node {
        var field: Field
        let parent: Int?
        var children: [Int] = []
        var removed = false
        /// The field's control, made by the registry (`FieldKind.control`): its state and behaviour.
        /// Made afresh only when a program sets the value (`FormSession.setValue`).
        var control: any Control
        /// The label as last laid out, in lines (see `FormSession.labelLines`).
        var label: WrappedLabel?
        /// A validation message shown under the control until the value is fixed.
        var message: String?
    }

    private(set) var nodes: [Node] = []
    private(set) var topLevel: [Int] = []
    private var indexByID: [String: Int] = [:]
    /// Fields whose value decides whether another is shown.
    private(set) var showWhenSources: Set<Int> = []
    /// The form's title as last laid out, in lines (see `FormSession.titleLines`).
    var titleLabel: WrappedLabel?

    init(form: Form) {
        // Room for the top-level fields at once (a section's come on top): growing step by step
        // rehashed every id and copied every node, a dozen times on a 10,000-field form.
        nodes.reserveCapacity(form.fields.count)
        indexByID.reserveCapacity(form.fields.count)
        for field in form.fields { topLevel.append(add(field, parent: nil)) }
        showWhenSources = Set(nodes.compactMap { $0.field.showWhen.flatMap { index(of: $0.field) } })
    }

    private mutating func add(_ field: Field, parent: Int?) -> Int {
        let index = nodes.count
        var stored = field
        stored.fields = []
        // A kind's own limit where the form sets none: the editor then refuses an 11th character of a date.
        stored.maxLength = field.maxLength ?? field.kind.control.naturalMaxLength
        nodes.append(Node(field: stored, parent: parent, control: field.kind.control.init(field: stored)))
        indexByID[field.id] = index
        for child in field.fields {
            let childIndex = add(child, parent: index)
            nodes[index].children.append(childIndex)
        }
        return index
    }

    var count: Int { nodes.count }

    subscript(index: Int) -> Node {
        get { nodes[index] }
        set { nodes[index] = newValue }
    }

    /// A field's label as it was last laid out (see `FormSession.labelLines`), read and kept in
    /// place: through the subscript, each copied the whole node, twice for each of a 10,000-field
    /// form's labels at every layout.
    func label(of index: Int) -> WrappedLabel? { nodes[index].label }
    mutating func keep(_ label: WrappedLabel, of index: Int) { nodes[index].label = label }
    /// The label of a field as the form shows it.
    func shownLabel(of index: Int) -> String { nodes[index].field.shownLabel }

    /// The index of a field that has not been removed.
    func index(of id: String) -> Int? {
        guard let i = indexByID[id], !nodes[i].removed else { return nil }
        return i
    }

    /// The children of a container (`nil` = the form itself).
    func children(of container: Int?) -> [Int] {
        container.map { nodes[$0].children } ?? topLevel
    }

    /// The ancestors of a node, nearest first.
    func ancestors(of index: Int) -> some Sequence<Int> {
        sequence(first: index) { self.nodes[$0].parent }.dropFirst()
    }
}
