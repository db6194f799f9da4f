/// A form as its file describes it: the static model. What the person changes at run time lives
/// in `FormSession`.
public struct Form: Equatable, Sendable {
    public var title: String = "Keyform"
    public var direction: Direction = .ltr
    public var size: Size? = nil
    /// Ids of the top-level fields or sections, in the author's order; the rest follow in reading order.
    public var tabOrder: [String]? = nil
    public var edge: EdgePolicy = .wrap
    public var returnKey: ReturnKeyPolicy = .nextThenSubmit
    public var fields: [Field] = []
    public var commands: [KeyCommandSpec] = []

    public init(title: String = "Keyform", fields: [Field] = []) {
        self.title = title; self.fields = fields
    }
}

public enum Direction: String, Sendable { case ltr, rtl }

/// What Tab does past the last stop (and Shift+Tab before the first).
public enum EdgePolicy: String, Sendable { case wrap, stop, leave }

public enum ReturnKeyPolicy: String, Sendable { case next, nextThenSubmit, submit, none }

public enum ButtonAction: String, Sendable { case submit, cancel }

public struct Field: Equatable, Sendable {
    public var id: String
    public var kind: FieldKind
    /// The label with `_` before the mnemonic letter, as written in the file.
    public var label: String = ""
    /// The label as Pango markup, drawn styled (zenity's and yad's texts, which are markup);
    /// `label` is then its plain text, which screen readers and replay read. Set by the
    /// command line, never by a form file. Where `label` has a mnemonic letter, a `_` in the
    /// markup marks it, as in GTK's mnemonic markup labels.
    public var markup: String? = nil
    public var placeholder: String = ""
    /// Text fields: the text; picker: the chosen option; date: the date as ISO `YYYY-MM-DD` (or
    /// empty); tokens: `tokens`.
    public var value: String = ""
    public var tokens: [String] = []
    public var options: [String] = []
    public var hidden = false
    public var disabled = false
    public var tabStop = true
    public var tabIndex = 0
    public var required = false
    public var maxLength: Int? = nil
    /// Text areas: the lines shown, and the most lines the area grows to as text is added
    /// (`nil`: it stays at `rows`); past that the text scrolls inside it.
    public var rows = 4
    public var maxRows: Int? = nil
    /// `type: "email"` or `"number"` in the file: a text field whose value must look like one.
    public var format: TextFormat? = nil
    /// A regular expression the whole value must match (text, password, text area).
    public var pattern: String? = nil
    /// What a value that does not match `pattern` is told, in the author's words ("Five digits,
    /// like 75001"); without it the message shows the expression.
    public var patternMessage: String? = nil
    /// Number fields: the smallest and largest value allowed (`min`, `max`).
    public var minimum: Double? = nil
    public var maximum: Double? = nil
    /// Number fields: how far Up and Down change the value (`step`, more than 0).
    public var step: Double? = nil
    /// Focusable, selectable and copyable, never edited (`readOnly`).
    public var readOnly = false
    /// Date fields: the earliest and latest dates allowed (`min`, `max`, ISO in the file).
    public var minimumDate: CalendarDate? = nil
    public var maximumDate: CalendarDate? = nil
    /// Date fields: how the submitted value is written (`format`, strftime-style, as zenity's
    /// `--forms-date-format`); nil submits ISO. The running value and drafts stay ISO, so that a
    /// draft reads back as a value.
    public var dateFormat: DateFormat? = nil
    public var showWhen: ShowRule? = nil
    public var action: ButtonAction? = nil
    /// Content coordinates overriding the flow layout.
    public var frame: Rect? = nil
    /// Sections: their fields, order and columns.
    public var fields: [Field] = []
    public var tabOrder: [String]? = nil
    public var columns = 1

    public init(id: String, kind: FieldKind, label: String = "") {
        self.id = id; self.kind = kind; self.label = label
    }

    /// The label as drawn: a required field's ends in " *", as GTK and web forms mark them (the
    /// message of an empty one says "is required").
    var shownLabel: String { required && !label.isEmpty ? label + " *" : label }
}

/// The field is shown only while another field's value is one of `values`.
public struct ShowRule: Equatable, Sendable {
    public var field: String
    public var values: [String]
    public init(field: String, values: [String]) { self.field = field; self.values = values }
}

/// A key command from the form file: `{"key": "ctrl+Return", "action": "submit", "title": "…"}`.
public struct KeyCommandSpec: Equatable, Sendable {
    public var key: String
    public var action: String
    public var title: String?
    public init(key: String, action: String, title: String? = nil) {
        self.key = key; self.action = action; self.title = title
    }
}

/// A label with its mnemonic marker taken out: `"_Name"` → text `"Name"`, mnemonic offset 0.
/// `__` stands for a literal underscore.
public struct Mnemonic: Equatable, Sendable {
    public var text: String
    public var offset: Int?

    public init(label: String) {
        // Most labels have no marker: no walk through their Characters (a form of 10,000 fields
        // spent 5 ms of its layout here).
        guard label.containsByte(where: { $0 == UInt8(ascii: "_") }) else {
            (text, offset) = (label, nil)
            return
        }
        var text = "", offset: Int? = nil, pendingMarker = false, count = 0
        for c in label {
            if pendingMarker {
                pendingMarker = false
                if c != "_", offset == nil { offset = count }
                text.append(c); count += 1
            } else if c == "_" {
                pendingMarker = true
            } else {
                text.append(c); count += 1
            }
        }
        self.text = text; self.offset = offset
    }

    public var character: Character? {
        guard let offset else { return nil }
        return text[text.index(text.startIndex, offsetBy: offset)]
    }
}
