/// Sizes and colours of the form: one place, so layout, painting and hit testing agree.
public enum Theme {
    public static let padding = 20.0
    public static let titleFont = Font(size: 18, bold: true)
    public static let titleHeight = 30.0
    public static let labelFont = Font(size: 13)
    public static let labelHeight = 18.0
    public static let labelGap = 4.0
    public static let bodyFont = Font(size: 14)
    public static let messageFont = Font(size: 12)
    public static let messageHeight = 18.0
    public static let sectionFont = Font(size: 14, bold: true)
    public static let sectionTitleHeight = 26.0
    public static let controlHeight = 32.0
    public static let buttonWidth = 120.0
    /// Between the buttons of the row at the bottom, and above the row (more than between fields:
    /// the row is the dialog's answer, not one more field).
    public static let buttonGap = 10.0
    public static let buttonRowGap = 10.0
    public static let fieldSpacing = 14.0
    public static let columnGap = 16.0
    public static let textInset = 8.0
    public static let cornerRadius = 5.0
    public static let scrollBarWidth = 8.0
    public static let scrollMargin = 12.0
    public static let chipPadding = 8.0
    public static let chipCloseWidth = 16.0
    public static let chipGap = 4.0
    /// The least room a token field's input takes beside the chips before it goes to a row of its own.
    public static let tokenInputWidth = 48.0
    public static let pickerRowHeight = 28.0
    public static let pickerMaxRows = 8
    /// A checkbox's row and each option of a radio group: its mark (box or circle) stands in a
    /// square this size at the starting edge, its text beside it.
    public static let choiceRowHeight = 28.0
    public static let choiceMarkSize = 16.0
    public static let minimumSize = Size(width: 240, height: 160)
    public static let defaultSize = Size(width: 520, height: 420)

    public static let background = Color(hex: 0xf6f5f4)
    public static let text = Color(hex: 0x1e1e1e)
    public static let labelText = Color(hex: 0x2e3436)
    public static let placeholder = Color(hex: 0x9a9996)
    public static let fieldBackground = Color(hex: 0xffffff)
    public static let border = Color(hex: 0xc0bfbc)
    public static let accent = Color(hex: 0x3584e4)
    public static let focusRing = Color(hex: 0x3584e4, alpha: 0.45)
    public static let selection = Color(hex: 0x3584e4, alpha: 0.30)
    public static let buttonText = Color(hex: 0xffffff)
    public static let tokenBackground = Color(hex: 0xdbe6f5)
    public static let tokenText = Color(hex: 0x1a5fb4)
    public static let separator = Color(hex: 0xdeddda)
    public static let error = Color(hex: 0xc01c28)
    public static let scrollThumb = Color(hex: 0x000000, alpha: 0.30)
    public static let overlayShadow = Color(hex: 0x000000, alpha: 0.18)
    public static let highlight = Color(hex: 0x3584e4)
}
