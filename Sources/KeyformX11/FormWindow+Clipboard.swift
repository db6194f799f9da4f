import CXCB
import KeyformCore

/// The selection events that answer the session's clipboard requests (`FormWindow+Batch`).
extension FormWindow {
    /// Gives up on transfers whose other side went quiet.
    func expireTransfers() {
        for name in clipboard.expire(now: MonotonicClock.now()) {
            let seconds = Int(SelectionFetcher.timeout / 1000)
            report("nothing pasted: the owner of \(name.rawValue.uppercased()) did not answer within \(seconds) s")
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

    func paste(_ texts: [String]) {
        for text in texts { session.handle(.paste(text)) }
    }
}
