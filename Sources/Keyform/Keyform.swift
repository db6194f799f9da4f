import KeyformCore

// The core's types an app names, under the names it uses: the rest of the core stays out of
// sight (see docs/swift-api.md). Importing `Keyform` is all an app needs.

/// A value the person entered, as the form prints it: text, a list of tokens, a boolean, or
/// an object of them all by field id.
public typealias JSONValue = KeyformCore.JSONValue
/// How a form ended: `.submitted(values)` or `.cancelled`.
public typealias FormResult = KeyformCore.FormResult
/// Left to right or right to left (`ltr`, `rtl`).
public typealias Direction = KeyformCore.Direction
/// What Tab does past the last field: `wrap`, `stop` or `leave`.
public typealias EdgePolicy = KeyformCore.EdgePolicy
/// What Return does outside controls that use it: `next`, `nextThenSubmit`, `submit`, `none`.
public typealias ReturnKeyPolicy = KeyformCore.ReturnKeyPolicy
/// What a text field's value must look like: `email` or `number`.
public typealias TextFormat = KeyformCore.TextFormat
/// A key by its X keysym (`Key.returnKey`, `Key(0x6b)` for k).
public typealias Key = KeyformCore.Key
/// Shift, Ctrl, Alt and Super, as a key command's modifiers.
public typealias Modifiers = KeyformCore.Modifiers
