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
        /// A validation message shown under the control until the value is fixed.
        var message: String?
        /// The app's own check of the value is running (an async validator of the `Keyform`
        /// library): "Checking…" shows where a message would, and the field is `busy`.
        var isChecking = false
    }

    private(set) var nodes: [Node] = []
    private(set) var topLevel: [Int] = []
    private var indexByID: [String: Int] = [:]
    /// Whether each node's value decides whether another is shown: an array by node, not a set,
    /// so that a typed letter asks without hashing (and no set is made for the usual form, which
    /// has none).
    private(set) var decidesVisibility: [Bool] = []

    init(form: Form) {
        // Room for the top-level fields at once (a section's come on top): growing step by step
        // rehashed every id and copied every node, a dozen times on a 10,000-field form.
        nodes.reserveCapacity(form.fields.count)
        indexByID.reserveCapacity(form.fields.count)
        for field in form.fields { topLevel.append(add(field, parent: nil)) }
        decidesVisibility = Array(repeating: false, count: nodes.count)
        for node in nodes {
            if let source = node.field.showWhen.flatMap({ index(of: $0.field) }) { decidesVisibility[source] = true }
        }
    }

    /// Takes the field it stores: a `Field` is some twenty references, and on a 10,000-field form
    /// each copy of every field cost 5 M instructions (callgrind of `keyform render`).
    private mutating func add(_ field: consuming Field, parent: Int?) -> Int {
        let index = nodes.count
        let children = field.fields
        field.fields = []
        // A kind's own limit where the form sets none: the editor then refuses an 11th character of a date.
        field.maxLength = field.maxLength ?? field.kind.control.naturalMaxLength
        indexByID[field.id] = index
        let control = field.kind.control.init(field: copy field)
        nodes.append(Node(field: field, parent: parent, control: control))
        for child in children {
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

    /// The kind of a node's control (`isFramed`, `editsText`…), read in place: `type(of:
    /// tree[i].control)` may copy the whole node first, a field's twenty references and the rest.
    func controlType(of index: Int) -> any Control.Type { type(of: nodes[index].control) }

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
