import KeyformAutomation
import Testing

/// What Orca said, read from speech-dispatcher's generic module's log as it received each
/// message (`PrivateScreenReader.spoken`): the lines the log has, and the texts the tests hear.
@Suite("The speech module's log read") struct SpeechLogTests {
    static let cases: [(log: String, utterances: [String])] = [
        (" Sun Nov 29 18:23:49 2026 [647123]: Requested data (2): |d|", ["d"]),
        (" Sun Nov 29 18:23:49 2026 [669673]: Requested data (0): |<speak>x &amp; &lt;y&gt; it&apos;s &quot;q&quot;</speak>|",
         [#"x & <y> it's "q""#]),
        (" T [1]: Requested data (0): |<speak>two\nlines</speak>|\n T [2]: Speaking in child...", ["two\nlines"]),
        (" T [1]: generic: stop()\n T [2]: Requested data (3): |a|\n T [3]: Requested data (0): |<speak>Name entry</speak>|",
         ["a", "Name entry"]),
        (" T [1]: Requested data (0): |<speak>cut", []),
        (" T [1]: Requested data (0): |<speak><mark name=\"1\"/>Sign up dialog.</speak>|", ["Sign up dialog."]),
        ("", []),
    ]

    @Test(arguments: cases) func theTextsAreTheMessagesWithoutMarkup(_ log: String, _ utterances: [String]) {
        #expect(PrivateScreenReader.utterances(inModuleLog: log) == utterances)
    }

    /// As the generic module ran its command on each part (seen with a `printf` command).
    static let parts: [(text: String, parts: [String])] = [
        ("“Rust” removed. 2 tokens", ["“Rust” removed.", "2 tokens"]),
        ("a, b; c: d! e? f. gh", ["a, b; c: d! e? f.", "gh"]),
        ("Name entry, Ada.", ["Name entry, Ada."]),
        ("one.two", ["one.two"]),
        ("p\n\nq", ["p", "q"]),
        ("  r \ns", ["r", "s"]),
        ("", []),
    ]

    @Test(arguments: parts) func aTextIsSpokenInLinesAndSentences(_ text: String, _ parts: [String]) {
        #expect(PrivateScreenReader.sentences(of: text) == parts)
    }
}
