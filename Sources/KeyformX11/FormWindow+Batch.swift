import CXCB
import Glibc
import KeyformCore

/// The window as the session's host (`SessionHost`): a batch's input is what the X connection
/// and the input method have read since the last pass; its requests go to the clipboard, the
/// input method and `saveDraft`.
extension FormWindow: @MainActor SessionHost {
    public func deliverInput(to session: FormSession) {
        tickInputMethod()
        // Only the first read waits on the socket: once the batch poll() found is read, asking
        // the socket again would only say it is empty (one more recvmsg a key).
        var next = queued ?? xcb_poll_for_event(x.connection)
        queued = nil
        while let event = next {
            dispatch(event)
            free(event)
            next = xcb_poll_for_queued_event(x.connection)
        }
        checkInputMethodAnswers()
        deliverMotion()
        expireTransfers()
    }

    public func perform(_ request: PlatformRequest, for session: FormSession) {
        switch request {
        case .compositionEnded(let text): inputMethod?.compositionEnded(text)
        case .saveDraft(let values): session.draftSaved(problem: saveDraft(values))
        case .setSelection, .paste: paste(clipboard.perform(request))
        }
    }
}
