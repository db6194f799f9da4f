import Foundation
import KeyformCore
import KeyformX11
import Testing

/// Hours of use in minutes: 30 key presses a second through XTEST, and keys held down for X
/// autorepeat at 30 a second, over every kind of field. Memory at the end is within a few percent of
/// memory after the first minute, and the values are exactly what the keys leave. Runs only when
/// `KEYFORM_SOAK_SECONDS` is set (`make test-long` sets 600).
@Suite("Soak", .serialized) struct SoakTests {
    static let seconds = ProcessInfo.processInfo.environment["KEYFORM_SOAK_SECONDS"].flatMap { Double($0) } ?? 0
    static let pressesPerSecond = 30.0
    /// Growth allowed between the first minute and the end.
    static let tolerance = 1.05
    /// The server's autorepeat for the soak (Xvfb's own is 660 ms, then 25 a second).
    static let repeatDelay = 0.1

    enum Step {
        case key(Key, Modifiers = [])
        /// Held for this many ticks: the server repeats it, after `repeatDelay`, 30 times a second.
        case hold(Key, ticks: Int)
    }

    /// One round of the form, from the name field back to it, leaving every value as it found
    /// it: typing and deleting, lines in the notes, a token made and removed, the picker opened
    /// and closed, the password typed and erased.
    static let round: [Step] = typing("soak") + [.hold(Key(0x61), ticks: 30), .hold(.backSpace, ticks: 45), .key(.tab)]
        + typing("hello") + [.key(.returnKey)] + typing("world") + [.key(Key(0x61), [.control]), .key(.backSpace), .key(.tab)]
        + typing("x11") + [.key(.returnKey), .key(.backSpace), .key(.tab)]
        + typing("pw") + [.key(.backSpace), .key(.backSpace), .key(.tab)]
        + [.key(.space), .key(.down), .key(.escape), .key(.tab)]

    /// Letters as their keysyms (Latin-1 keysyms are the code points).
    static func typing(_ text: String) -> [Step] { text.unicodeScalars.map { .key(Key($0.value)) } }

    @Test(.enabled(if: seconds > 0)) @MainActor
    func thirtyKeysASecondKeepMemoryFlat() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: everyTextKindForm)
        try FaultClient(display: form.server.displayName).setAutorepeat(delay: UInt16(Self.repeatDelay * 1000),
                                                                        interval: UInt16(1000 / Self.pressesPerSecond))
        let pid = form.process.processIdentifier
        let start = Date()
        let settled = min(60, Self.seconds / 4)
        var afterFirstMinute: ProcessMemory?
        var tick = 0, presses = 0
        while Date().timeIntervalSince(start) < Self.seconds {
            for step in Self.round {
                switch step {
                case .key(let key, let modifiers):
                    form.driver.key(key.keysym, modifiers: modifiers)
                    presses += 1
                    tick += 1
                case .hold(let key, let ticks):
                    form.driver.keyDown(key.keysym)
                    tick += ticks
                    Self.sleep(until: start.addingTimeInterval(Double(tick) / Self.pressesPerSecond))
                    form.driver.keyUp(key.keysym)
                    presses += Int((Double(ticks) / Self.pressesPerSecond - Self.repeatDelay) * Self.pressesPerSecond) + 1
                }
                Self.sleep(until: start.addingTimeInterval(Double(tick) / Self.pressesPerSecond))
            }
            if afterFirstMinute == nil && Date().timeIntervalSince(start) >= settled { afterFirstMinute = try ProcessMemory(pid: pid) }
            try form.driver.check()
        }
        form.driver.sync()
        let atTheEnd = try ProcessMemory(pid: pid)
        let first = try #require(afterFirstMinute)
        let elapsed = Int(Date().timeIntervalSince(start))
        print("soak: about \(presses) key presses in \(elapsed) s; after \(Int(settled)) s: \(first); at the end: \(atTheEnd)")
        #expect(Double(atTheEnd.residentKiB) <= Double(first.residentKiB) * Self.tolerance, "\(first) → \(atTheEnd)")
        #expect(Double(atTheEnd.peakKiB) <= Double(first.peakKiB) * Self.tolerance, "\(first) → \(atTheEnd)")

        form.driver.keyDown(Key(0x61).keysym)  // a second of autorepeat: still 30 a second at the end
        usleep(1_000_000)
        form.driver.keyUp(Key(0x61).keysym)
        var values = try form.submit()
        let repeated = try #require(values.removeValue(forKey: "name") as? String)
        #expect(repeated.allSatisfy { $0 == "a" } && repeated.count >= 20, "\(repeated)")
        #expect(values.removeValue(forKey: "pin") as? String == "")
        #expect(sameValues(values, ["notes": "", "skills": ["Swift"], "years": "0"]), "\(values)")
    }

    static func sleep(until moment: Date) {
        let wait = moment.timeIntervalSinceNow
        if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
    }
}
