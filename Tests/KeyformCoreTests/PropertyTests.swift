import Foundation
import KeyformCore
import Testing

/// Generated event sequences against the invariants that must hold after every event. The short
/// run is part of `make test`; `KEYFORM_PROPERTY_EVENTS=1000000 make test-long` runs a million.
@Suite("Properties under generated input") struct PropertyTests {
    static let form = #"""
        {"title": "Fuzz", "size": {"width": 360, "height": 240}, "tabOrder": ["b", "s", "a"],
         "fields": [{"id": "a", "type": "text", "maxLength": 40}, {"id": "b", "type": "password"},
          {"id": "s", "type": "section", "columns": 2, "fields": [{"id": "c", "type": "text"}, {"id": "d", "type": "textarea"}]},
          {"id": "p", "type": "picker", "options": ["one", "two", "three"]},
          {"id": "w", "type": "text", "showWhen": {"field": "p", "in": ["two"]}},
          {"id": "t", "type": "tokens", "value": ["x"], "options": ["alpha", "beta"]},
          {"id": "n", "type": "text", "tabIndex": -1}, {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
        """#

    static var eventsPerSeed: Int {
        let requested = ProcessInfo.processInfo.environment["KEYFORM_PROPERTY_EVENTS"].flatMap { Int($0) }
        return requested.map { $0 / seeds.count } ?? 2_000
    }
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    @Test(arguments: seeds)
    func invariantsHoldAfterEveryEvent(seed: UInt64) throws {
        var generator = EventGenerator(seed: seed)
        let events = (0..<Self.eventsPerSeed).map { _ in generator.next() }
        let failure = try Self.firstViolation(events)
        let reproducer = try failure.map { _ in try Self.shrink(events, while: { try Self.firstViolation($0) != nil }) } ?? []
        #expect(failure == nil, "seed \(seed): \(failure ?? "")\nreproducer (replay events):\n\(reproducer.joined(separator: "\n"))")
    }

    /// Runs events on a fresh form, and on another fresh one each time a form submits or
    /// cancels; returns the first broken invariant, or nil.
    static func firstViolation(_ events: [String]) throws -> String? {
        let parsed = try FormFile.parse(form, fileName: "fuzz.json")
        var runner = ReplayRunner(session: FormSession(form: parsed, measurer: FixedWidthMeasurer()), keys: TestKeys())
        for (number, line) in events.enumerated() {
            if runner.session.result != nil {
                runner = ReplayRunner(session: FormSession(form: parsed, measurer: FixedWidthMeasurer()), keys: TestKeys())
            }
            let handled = (try? runner.run(try ReplayEvent(parsing: line))) ?? false
            // Replay writes the values again only when their revision moved: never stale.
            let written = String(decoding: runner.reportLine(event: line, handled: handled), as: UTF8.self)
            if written != runner.report(event: line, handled: handled).serialized {
                return "after event \(number + 1) \"\(line)\": the report line is not the report: \(written)"
            }
            if let broken = brokenInvariant(runner.session) { return "after event \(number + 1) \"\(line)\": \(broken)" }
        }
        return nil
    }

    static func brokenInvariant(_ session: FormSession) -> String? {
        if let focused = session.focus.focused {
            guard session.snapshot.nodes.indices.contains(focused) else { return "focus outside the form" }
            guard session.snapshot.nodes[focused].canFocus else { return "focus on \(session.snapshot.nodes[focused].id), which cannot take focus" }
        }
        switch session.focus.start {
        case .at(let node), .before(let node):
            if !session.snapshot.nodes.indices.contains(node) { return "starting point outside the form" }
        case .none: break
        }
        if session.scrollOffset.y < 0 || session.scrollOffset.y > session.maxScroll { return "scroll \(session.scrollOffset.y) outside 0...\(session.maxScroll)" }
        if let (anchor, caret) = session.selection, let text = session.editingID.flatMap(session.text(of:)) {
            if anchor < 0 || caret < 0 || anchor > text.count || caret > text.count { return "selection \(anchor),\(caret) outside \(text.count)" }
        }
        if session.takeUpdate().repaints.count > 10_000 { return "dirty rectangles pile up" }
        _ = session.takeUpdate().requests
        if case .object(let members) = session.values, members.count > 20 { return "values grew" }
        return nil
    }

    /// Drops chunks of the sequence while it still fails, down to single events.
    static func shrink(_ events: [String], while fails: ([String]) throws -> Bool) throws -> [String] {
        var current = events
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removed = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if try fails(candidate) { current = candidate; removed = true } else { start += chunk }
            }
            if !removed { chunk /= 2 }
        }
        return current
    }
}

/// A small deterministic generator (SplitMix64) of replay events from every class.
struct EventGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func random(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[random(items.count)] }

    static let ids = ["a", "b", "c", "d", "s", "p", "w", "t", "n", "go", "missing"]
    static let keys = ["Tab", "ISO_Left_Tab", "Return", "BackSpace", "Delete", "Escape", "Left", "Right", "Up", "Down",
                       "Home", "End", "Page_Up", "Page_Down", "space", "comma", "F1", "a", "z"]
    static let modifiers = ["", "shift+", "ctrl+", "alt+", "ctrl+shift+", "super+"]
    /// Scripts and sequences that break naive text code: combining marks, ZWJ emoji, flags,
    /// Hangul jamo, right-to-left letters, Devanagari conjuncts, and lone regional indicators.
    static let texts = ["hello", "Привет", "שלום", "مرحبا", "e\u{301}", "👨‍👩‍👧", "🇫🇷🇩", "한국어", "\u{1100}\u{1161}",
                        "क्षत्रिय", "a\nb", "  ", ",", "\u{200F}x", "🇺"]

    mutating func next() -> String {
        switch random(16) {
        case 0, 1, 2, 3: return pick(Self.modifiers) + pick(Self.keys)
        case 4, 5: return "type:" + pick(Self.texts)
        case 6: return "paste:" + pick(Self.texts) + pick(Self.texts)
        case 7: return "\(pick(["click", "dblclick", "tripleclick"])):\(random(400) - 20),\(random(280) - 20)"
        case 8: return "drag:\(random(380)),\(random(260)):\(random(420) - 20),\(random(300) - 20)"
        case 9: return "wheel:\(random(400) - 200)"
        case 10: return "\(pick(["hold", "release"])):\(pick(["ctrl", "shift", "alt"]))"
        case 11: return "wait:\(random(1500))"
        case 12: return "\(pick(["focus", "hide", "show", "disable", "enable", "remove"])):\(pick(Self.ids))"
        case 13: return "select:\(random(12)),\(random(12))"
        case 14: return "resize:\(1 + random(500))x\(1 + random(400))"
        default: return pick(["blur", "click:p", "click:t", "Tab"])
        }
    }
}
