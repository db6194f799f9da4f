import KeyformCore
import Testing

/// The AT-SPI events each input causes (docs/architecture.md › Accessibility), worked out from what
/// changed: focus, text, caret, expanded, children shown and hidden, validation messages, the
/// picker's highlight, tokens coming and going.
@Suite("Accessible events") struct AccessibleEventTests {
    static let form = #"""
    {"title": "Job", "size": {"width": 500, "height": 900},
     "fields": [{"id": "name", "type": "text", "label": "_Name", "required": true},
                {"id": "years", "type": "picker", "label": "_Years", "options": ["0", "1", "5"], "value": "0"},
                {"id": "lead", "type": "text", "label": "_Lead", "showWhen": {"field": "years", "in": ["5"]}},
                {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["C"], "options": ["Swift"]},
                {"id": "agree", "type": "checkbox", "label": "_Agree"},
                {"id": "seat", "type": "radio", "label": "Sea_t", "options": ["Aisle", "Window"]},
                {"id": "start", "type": "date", "label": "Start", "value": "2026-03-05"},
                {"id": "pin", "type": "password", "label": "_PIN"},
                {"id": "go", "type": "button", "label": "_Go", "action": "submit"}],
     "commands": [{"key": "ctrl+l", "action": "clear:name"}]}
    """#

    /// Events, then the events the last one caused.
    @Test(arguments: [
        (["wait:0"], []),
        (["Tab"], ["state-changed:focused name false", "state-changed:focused years true"]),
        (["type:Ad"], ["text-changed:insert name 0 Ad", "text-caret-moved name 2"]),
        (["type:Ad", "BackSpace"], ["text-changed:delete name 1 d", "text-caret-moved name 1"]),
        (["type:Ad", "Left"], ["text-caret-moved name 1"]),
        (["type:Ad", "shift+Left"], ["text-caret-moved name 1", "text-selection-changed name"]),
        (["type:Ad", "ctrl+a", "type:X"], ["text-changed:delete name 0 Ad", "text-changed:insert name 0 X", "text-caret-moved name 1",
                                           "text-selection-changed name"]),
        (["paste:Grace"], ["text-changed:insert name 0 Grace", "text-caret-moved name 5"]),
        (["type:Ad", "ctrl+z"], ["text-changed:delete name 0 Ad", "text-caret-moved name 0"]),
        // The picker: open, the highlight moves, choose; choosing 5 shows the lead field.
        (["alt+y", "space"], ["state-changed:expanded years true", "state-changed:visible years/0 true",
                              "state-changed:showing years/0 true", "state-changed:focused years false",
                              "active-descendant-changed years/0 years/0/0", "state-changed:focused years/0/0 true"]),
        (["alt+y", "space", "Down"], ["state-changed:focused years/0/0 false", "active-descendant-changed years/0 years/0/1",
                                      "state-changed:focused years/0/1 true"]),
        (["alt+y", "space", "Escape"], ["state-changed:expanded years false", "state-changed:visible years/0 false",
                                        "state-changed:showing years/0 false", "state-changed:focused years/0/0 false",
                                        "state-changed:focused years true"]),
        (["alt+y", "End"], ["children-changed:add form 2 lead", "selection-changed years", "selection-changed years/0",
                            "state-changed:selected years/0/0 false", "state-changed:selected years/0/2 true"]),
        (["alt+y", "End", "Home"], ["children-changed:remove form 2 lead", "selection-changed years", "selection-changed years/0",
                                    "state-changed:selected years/0/0 true", "state-changed:selected years/0/2 false"]),
        (["hide:years"], ["children-changed:remove form 1 years"]),
        (["hide:years", "show:years"], ["children-changed:add form 1 years"]),
        // Tokens: the entry has focus; a token made or removed comes or goes from the list.
        (["alt+k"], ["state-changed:focused name false", "state-changed:focused skills/1 true"]),
        (["alt+k", "type:Go", "Return"], ["children-changed:add skills/0 1 skills/0/1",
                                          "property-change:accessible-description skills/1 “Go” added. 2 tokens",
                                          "text-changed:delete skills/1 0 Go", "text-caret-moved skills/1 0"]),
        (["alt+k", "Left"], ["state-changed:selected skills/0/0 true", "state-changed:focused skills/1 false",
                             "active-descendant-changed skills/0 skills/0/0", "state-changed:focused skills/0/0 true"]),
        (["alt+k", "BackSpace"], ["children-changed:remove skills/0 0 skills/0/0",
                                  "property-change:accessible-description skills/1 “C” removed. 0 tokens"]),
        // Its suggestions: the highlighted one is the entry's active descendant as the list opens;
        // when it closes with focus still in the entry, the entry is said again first.
        (["alt+k", "type:Sw"], ["children-changed:add skills 2 skills/2", "text-changed:insert skills/1 0 Sw",
                                "text-caret-moved skills/1 2", "active-descendant-changed skills/1 skills/2/0"]),
        (["alt+k", "type:Sw", "Escape"], ["state-changed:focused skills/1 true", "children-changed:remove skills 2 skills/2"]),
        // A checkbox checked, a radio button chosen: focus moves with the arrows, as in GTK.
        // Focus comes first, then what the mnemonic did there, as in GTK.
        (["alt+a"], ["state-changed:focused name false", "state-changed:focused agree true", "state-changed:checked agree true"]),
        (["alt+a", "space"], ["state-changed:checked agree false"]),
        (["alt+t", "Down"], ["selection-changed seat", "state-changed:checked seat/1 true", "state-changed:selected seat/1 true",
                             "state-changed:focused seat/0 false", "state-changed:focused seat/1 true"]),
        // The calendar: open, focus on the day; the arrows move it through the month.
        (["focus:start", "alt+Down"], ["state-changed:expanded start true", "children-changed:add start 0 start/0",
                                       "state-changed:focused start false", "active-descendant-changed start/0 start/0/4",
                                       "state-changed:focused start/0/4 true"]),
        (["focus:start", "alt+Down", "Right"], ["state-changed:selected start/0/4 false", "state-changed:selected start/0/5 true",
                                                "state-changed:focused start/0/4 false",
                                                "active-descendant-changed start/0 start/0/5", "state-changed:focused start/0/5 true"]),
        // A password's text events carry bullets.
        (["alt+p"], ["state-changed:focused name false", "state-changed:focused pin true"]),
        // The shortcuts overlay's items take the focus as Down moves through them.
        (["F1", "Down"], ["state-changed:focused overlay false", "active-descendant-changed overlay overlay/0",
                          "state-changed:focused overlay/0 true"]),
        (["F1", "Down", "Escape"], ["children-changed:remove window 1 overlay", "state-changed:focused overlay/0 false",
                                    "state-changed:focused name true"]),
        (["alt+p", "type:ab"], ["text-changed:insert pin 0 ••", "text-caret-moved pin 2"]),
        (["alt+p", "type:ab", "type:c"], ["text-changed:insert pin 2 •", "text-caret-moved pin 3"]),
        // A refused submit: the message is announced and focus goes to the field.
        (["alt+g"], ["property-change:accessible-description name Name is required", "state-changed:invalid-entry name true",
                     "announcement name Name is required"]),
        (["alt+g", "type:A"], ["text-changed:insert name 0 A", "text-caret-moved name 1",
                               "property-change:accessible-description name ", "state-changed:invalid-entry name false"]),
        (["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "space"],
         ["property-change:accessible-description name Name is required", "state-changed:invalid-entry name true",
          "announcement name Name is required", "state-changed:focused go false", "state-changed:focused name true"]),
        // Fields changed from outside: focus moves off, a command clears one, one is disabled.
        (["blur"], ["state-changed:focused name false"]),
        (["type:Ad", "Tab", "ctrl+l"], ["text-changed:delete name 0 Ad", "text-caret-moved name 0"]),
        (["disable:years"], ["state-changed:enabled years false", "state-changed:sensitive years false"]),
    ] as [([String], [String])])
    func eventsOfEachInput(events: [String], expected: [String]) throws {
        var runner = try listening(Self.form)
        #expect(try runner.announced(events) == expected)
    }

    /// A validation message is told when the person is done with the field (submit, or focus
    /// leaving it), never as it follows their keys: while they type it is withdrawn (silently:
    /// an empty description), and told again, before focus moves on, if it still holds.
    @Test(arguments: [
        (["type:2020-1", "ctrl+Return"], ["property-change:accessible-description born Born: use the form YYYY-MM-DD",
                                          "state-changed:invalid-entry born true", "announcement born Born: use the form YYYY-MM-DD"]),
        (["type:2020-1", "ctrl+Return", "type:2"], ["text-changed:insert born 6 2", "text-caret-moved born 7",
                                                    "property-change:accessible-description born ", "state-changed:invalid-entry born false"]),
        (["type:2020-1", "ctrl+Return", "type:2", "type:-"], ["text-changed:insert born 7 -", "text-caret-moved born 8"]),
        (["type:2020-1", "ctrl+Return", "type:2", "Tab"],
         ["property-change:accessible-description born Born: use the form YYYY-MM-DD", "state-changed:invalid-entry born true",
          "announcement born Born: use the form YYYY-MM-DD", "state-changed:focused born false", "state-changed:focused next true"]),
        // Valid once they are done: nothing is told, and nothing stale stays.
        (["type:2020-1", "ctrl+Return", "type:2-03", "Tab"], ["state-changed:focused born false", "state-changed:focused next true"]),
    ] as [([String], [String])])
    func aMessageIsToldOnceThePersonIsDone(events: [String], expected: [String]) throws {
        var runner = try listening(#"{"fields": [{"id": "born", "type": "date", "label": "Born"}, {"id": "next", "type": "text", "label": "Next"}]}"#)
        #expect(try runner.announced(events) == expected)
    }

    @Test func theWindowSaysWhenItIsActivated() throws {
        var runner = try listening(Self.form)
        runner.session.handle(.windowFocus(false))
        #expect(runner.session.takeUpdate().accessibleEvents.map(runner.line) == ["window:deactivate window", "state-changed:active window false"])
        runner.session.handle(.windowFocus(true))
        // Focus is said again: coming back, the person hears where they are.
        #expect(runner.session.takeUpdate().accessibleEvents.map(runner.line) == ["window:activate window", "state-changed:active window true",
                                                                           "state-changed:focused name true"])
        _ = try runner.announced([])
    }

    /// With nobody listening, nothing is worked out and nothing queues.
    @Test func nothingIsQueuedWhileNobodyListens() throws {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        var told: [AccessibleEvent] = []
        for event in ["type:Ada", "Tab", "space", "Down", "Return", "alt+g"] {
            _ = try runner.run(try ReplayEvent(parsing: event))
            told += runner.lastUpdate.accessibleEvents
        }
        #expect(told.isEmpty)
    }

    /// Holding Ctrl shows the overlay when the clock says so, and that is announced too.
    @Test func theOverlayShownByHoldingCtrlIsAnnounced() throws {
        var runner = try listening(Self.form)
        #expect(try runner.announced(["hold:ctrl"]) == [])
        #expect(try runner.announced(["wait:1000"]) == [
            "children-changed:add window 1 overlay", "state-changed:focused name false", "state-changed:focused overlay true",
        ])
    }
}
