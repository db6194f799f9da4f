/// Sizes of the form: one place, so layout, painting and hit testing agree. (Its colours are a
/// `Palette`, chosen per session.)
public enum Theme {
    public static let padding = 20.0
    public static let titleFont = Font(size: 18, bold: true)
    public static let titleHeight = 30.0
    public static let bodyFont = Font(size: 14)
    /// Labels, chips and the calendar's weekdays in the values' font, as GTK and Qt draw a form:
    /// each size is a font of its own to Pango (fontconfig's substitution, two matching threads,
    /// metrics from a sample sentence, its glyphs), and a 13 px one cost a start 0.7 ms and 80 kB.
    public static let labelFont = bodyFont
    public static let labelHeight = 18.0
    public static let labelGap = 4.0
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

    /// Where a framed control draws its value: its box less 4 px all round, clear of the focused
    /// border (2 px) and of its rounded corners. Typing repaints just this, so a key never draws
    /// the frame again (with the border reaching in, Cairo composited the border's whole mask on
    /// every key: a sixth of the X server's work for a letter, issue #22).
    public static func inside(of control: Rect) -> Rect { control.insetBy(dx: 4, dy: 4) }
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
}
