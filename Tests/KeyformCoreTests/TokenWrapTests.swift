import KeyformCore
import Testing

/// A token field with more tokens than fit one row: the chips wrap onto rows, the field grows
/// (as a text area does) and moves what is below, the input stays in view, clicks find the chips,
/// and a right-to-left form mirrors it all.
///
/// With the fixed-width stand-in a two-letter chip is 48 px wide (16 of text, 2 × 8 padding, 16
/// for ✕), 23 high, rows 27 apart; the 420 px window leaves 356 px a row: six chips, 52 px apart.
@Suite("Token field rows") struct TokenWrapTests {
    /// "aa" … "az", "ba" … "bd".
    static let tokens: [String] = (0..<30).map { index in
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String([letters[index / 26], letters[index % 26]])
    }

    static func form(_ direction: Direction, tokens: [String] = tokens, height: Int = 400, frame: String = "") -> String {
        let list = tokens.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"direction": "\#(direction)", "size": {"width": 420, "height": \#(height)}, "fields": ["#
            + #"{"id": "t", "type": "tokens", "label": "Tags", "value": [\#(list)]\#(frame)}, {"id": "x", "type": "text", "label": "X"}]}"#
    }

    static func session(_ json: String, _ events: [String] = []) throws -> FormSession {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(json), measurer: FixedWidthMeasurer()), keys: TestKeys())
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        return runner.session
    }

    static func items(_ session: FormSession) -> [DisplayItem] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
    }

    static func chips(_ session: FormSession) -> [Rect] {
        items(session).compactMap { if case .fill(let rect, Palette.light.tokenBackground, _) = $0 { rect } else { nil } }
    }

    static func caret(_ session: FormSession) -> Rect? {
        items(session).lazy.compactMap { if case .fill(let rect, Palette.light.text, _) = $0, rect.width == 1 { rect } else { nil } }.first
    }

    @Test(arguments: [Direction.ltr, .rtl])
    func chipsWrapIntoRowsAndTheFieldGrows(direction: Direction) throws {
        let session = try Self.session(Self.form(direction), ["focus:t", "type:typing"])
        let field = try #require(session.controlFrame(of: "t"))
        let chips = Self.chips(session)
        #expect(chips.count == 30)
        #expect(chips.allSatisfy { $0.minX >= field.minX + 8 && $0.maxX <= field.maxX - 8 && $0.minY > field.minY && $0.maxY < field.maxY })
        #expect(Set(chips.map(\.minY)).count == 5)
        // The first chip at the starting edge, the next one after it.
        if direction == .ltr {
            #expect(chips[0].minX == field.minX + 8 && chips[1].minX == chips[0].maxX + 4)
        } else {
            #expect(chips[0].maxX == field.maxX - 8 && chips[1].maxX == chips[0].minX - 4)
        }
        // Five rows of chips, and the input ("typing", 48 px and the caret) on a sixth.
        #expect(field.height == 32 + 5 * 27)
        let oneRow = try Self.session(Self.form(direction, tokens: ["aa"]))
        #expect(try #require(session.controlFrame(of: "x")).minY == oneRow.controlFrame(of: "x")!.minY + 5 * 27)
        let caret = try #require(Self.caret(session))
        #expect(caret.minY > chips[29].maxY && caret.maxY < field.maxY)
    }

    /// Typing and making tokens near the bottom of a short window: the field grows under the
    /// input, and the view follows it.
    @Test(arguments: [Direction.ltr, .rtl])
    func theInputStaysInViewAsTheFieldGrows(direction: Direction) throws {
        var events = ["focus:x", "shift+Tab"]
        for token in ["one", "two", "three", "four", "five", "six"] { events += ["type:" + token, "Return"] }
        let session = try Self.session(Self.form(direction, height: 200), events + ["type:seven"])
        let field = try #require(session.controlFrame(of: "t"))
        #expect(field.height == 32 + 6 * 27)
        let caret = try #require(Self.caret(session))
        #expect(caret.minY >= 0 && caret.maxY <= 200 && field.contains(caret.center))
    }

    /// A press on a chip's ✕ removes that token, on any row; a press on the chip selects it.
    @Test(arguments: [Direction.ltr, .rtl])
    func aCrossOnALaterRowRemovesItsToken(direction: Direction) throws {
        let session = try Self.session(Self.form(direction))
        // Each ✕ is two crossing lines; a press at their middle.
        let strokes = Self.items(session).compactMap { item -> Point? in
            if case let .line(from, to, _, _) = item { Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2) } else { nil }
        }
        let crosses = stride(from: 0, to: strokes.count, by: 2).map { strokes[$0] }
        #expect(strokes.count == 60 && crosses.count == 30)
        let cross = crosses[26]
        session.handle(.pointerPress(.primary, at: cross, modifiers: [], clickCount: 1))
        session.handle(.pointerRelease(.primary, at: cross))
        #expect(session.values["t"] == .array(Self.tokens.filter { $0 != Self.tokens[26] }.map(JSONValue.string)))
    }

    /// A field with a frame keeps its size: its chips wrap at its width, and its rows scroll so
    /// the input and the row before it show.
    @Test(arguments: [Direction.ltr, .rtl])
    func aFramedFieldScrollsItsRowsToTheInput(direction: Direction) throws {
        let frame = Rect(x: 20, y: 80, width: 200, height: 60)
        let framed = #", "frame": {"x": 20, "y": 80, "width": 200, "height": 60}"#
        let session = try Self.session(Self.form(direction, frame: framed), ["focus:t", "type:zz"])
        #expect(session.controlFrame(of: "t") == frame)
        let chips = Self.chips(session)
        #expect(chips.allSatisfy { $0.minX >= frame.minX + 8 && $0.maxX <= frame.maxX - 8 })
        let caret = try #require(Self.caret(session))
        #expect(caret.minY >= frame.minY && caret.maxY <= frame.maxY)
        #expect(try #require(chips.last).minY >= frame.minY)
    }
}
