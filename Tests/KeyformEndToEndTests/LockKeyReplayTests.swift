import Testing

/// Caps Lock in `keyform replay`: `key:CAPS` toggles the replay keyboard's lock as a real
/// keyboard does, and xkbcommon says what each key types under it on each layout.
@Suite("Caps Lock in replay") struct LockKeyReplayTests {
    @Test(arguments: [
        ("us", ["key:CAPS", "key:AC01", "shift+key:AC01", "key:CAPS", "key:AC01"], "Aaa"),
        ("us", ["Caps_Lock", "key:AC02", "key:AE01", "Caps_Lock", "key:AC02"], "S1s"),
        ("de", ["key:CAPS", "key:AC10", "shift+key:AC10", "key:CAPS", "key:AC10"], "Ööö"),
        ("ru", ["key:CAPS", "key:AC01", "shift+key:AC01", "key:CAPS", "key:AC01"], "Ффф"),
    ])
    func capsLockTogglesTheLock(_ layout: String, _ events: [String], _ text: String) throws {
        let run = try keyform(["replay", "--form", demoForm, "--layout", layout] + events)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.last?["text"] as? String == text)
    }

    /// Shortcuts still work under Caps Lock: Ctrl+A selects all.
    @Test func shortcutsWorkUnderCapsLock() throws {
        let run = try keyform(["replay", "--form", demoForm, "type:Ada", "key:CAPS", "ctrl+key:AC01"])
        #expect(run.jsonLines.last?["selection"] as? [Int] == [0, 3])
    }
}
