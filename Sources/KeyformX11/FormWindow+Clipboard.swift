import CXCB
import KeyformCore

/// The session's clipboard requests and the selection events that answer them.
extension FormWindow {
    /// Carries out what the session asked for during the last batch of events (and what pasting
    /// an answer asks for in turn), and gives up on transfers whose other side went quiet.
    func serviceClipboard() {
        for name in clipboard.expire(now: MonotonicClock.now()) {
            let seconds = Int(SelectionFetcher.timeout / 1000)
            report("nothing pasted: the owner of \(name.rawValue.uppercased()) did not answer within \(seconds) s")
        }
        var requests = session.takeRequests()
        while !requests.isEmpty {
            for request in requests {
                if case .compositionEnded(let text) = request { inputMethod?.compositionEnded(text) } else { paste(clipboard.perform(request)) }
            }
            requests = session.takeRequests()
        }
    }

    /// SelectionRequest, SelectionNotify, SelectionClear and PropertyNotify.
    func handleSelectionEvent(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        for outcome in clipboard.handle(event) {
            switch outcome {
            case let .text(text, copies): paste(Array(repeating: text, count: copies))
            case .tooLarge(let name):
                let most = InputLimits.describe(bytes: InputLimits.valueBytes)
                let message = "Nothing pasted: \(name.rawValue.uppercased()) holds more than \(most), the most a field takes"
                // The form's notice, which the person sees and a screen reader hears.
                session.showNotice(message)
                report(message)
            }
        }
    }

    private func paste(_ texts: [String]) {
        for text in texts { session.handle(.paste(text)) }
    }
}
