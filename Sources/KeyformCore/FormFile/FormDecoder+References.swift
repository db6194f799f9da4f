/// Everything that names fields by id: `showWhen`, `tabOrder` and command targets. These are
/// checked once every id in the file is known.
extension FormDecoder {
    static let commandKeys = ["key", "action", "title"]
    static let plainCommandActions = ["submit", "cancel", "toggleOverlay"]

    mutating func resolveReferences() {
        for reference in references {
            switch reference {
            case let .showWhen(target, node, path):
                guard let declaration = declaration(of: target) else {
                    report(unknownID(target, among: declarations.map(\.id)), at: node, path: path)
                    continue
                }
                if let kind = declaration.kind, kind.control.valueShape == .none {
                    report("showWhen cannot depend on \(kind.rawValue) \"\(target)\", which has no value", at: node, path: path)
                }
            case let .tabOrder(node, path, section, children):
                checkTabOrder(node, path, section: section, children: children)
            }
        }
        references = []
    }

    /// A tab order must list ids of the direct children of the form (`section` nil) or of a
    /// section, each once.
    mutating func checkTabOrder(_ node: JSONNode, _ path: String, section: String?, children: [String]) {
        guard let items = array(node, path) else { return }
        let childIDs = Set(children)
        var listed: Set<String> = []
        for (index, item) in items.enumerated() {
            func itemPath() -> String { "\(path)[\(index)]" }
            guard let id = string(item, itemPath()) else { continue }
            if !listed.insert(id).inserted {
                report("\"\(id)\" is listed twice", at: item, path: itemPath())
            } else if !childIDs.contains(id) {
                report(notAChild(id, section: section, children: children), at: item, path: itemPath())
            }
        }
    }

    /// Why `id` cannot be in this tab order: it lives elsewhere (and where), or nowhere.
    private func notAChild(_ id: String, section: String?, children: [String]) -> String {
        guard let declaration = declaration(of: id) else { return unknownID(id, among: children) }
        let level = section.map { "section \"\($0)\"" } ?? "the form"
        let home = declaration.section.map { "it is in section \"\($0)\"" } ?? "it is at the top level"
        return "\"\(id)\" is not a direct child of \(level); \(home)"
    }

    /// The form's `commands`: `{"key": "ctrl+Return", "action": "submit", "title": "…"}`.
    mutating func commands(_ node: JSONNode, _ path: String) -> [KeyCommandSpec] {
        guard let items = array(node, path) else { return [] }
        var commands: [KeyCommandSpec] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let members = object(item, itemPath, known: Self.commandKeys) else { continue }
            var key: String?, action: String?, title: String?
            for required in ["key", "action"] where !members.contains(where: { $0.key == required }) {
                report("missing \"\(required)\"", at: item, path: itemPath)
            }
            for member in members {
                let (value, memberPath) = (member.value, jsonPath(itemPath, member.key))
                switch member.key {
                case "key":
                    key = string(value, memberPath)
                    if key == "" { report("key must not be empty", at: value, path: memberPath); key = nil }
                case "action": action = string(value, memberPath).flatMap { commandAction($0, value, memberPath) }
                case "title": title = string(value, memberPath)
                default: break
                }
            }
            if let key, let action { commands.append(KeyCommandSpec(key: key, action: action, title: title)) }
        }
        return commands
    }

    /// `submit`, `cancel`, `toggleOverlay`, or `focus:ID` / `clear:ID` with an id that exists.
    private mutating func commandAction(_ action: String, _ node: JSONNode, _ path: String) -> String? {
        if Self.plainCommandActions.contains(action) { return action }
        for prefix in ["focus:", "clear:"] where action.hasPrefix(prefix) {
            let id = String(action.dropFirst(prefix.count))
            guard declaration(of: id) != nil else {
                report(unknownID(id, among: declarations.map(\.id)), at: node, path: path)
                return nil
            }
            return action
        }
        let suggestion = didYouMean(action, Self.plainCommandActions)
        report("unknown command action \"\(action)\""
               + (suggestion.isEmpty ? "; use submit, cancel, toggleOverlay, focus:ID or clear:ID" : suggestion),
               at: node, path: path)
        return nil
    }

    private func unknownID(_ id: String, among candidates: [String]) -> String {
        "unknown id \"\(id)\"" + didYouMean(id, candidates)
    }
}
