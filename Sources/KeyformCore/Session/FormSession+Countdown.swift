/// `--timeout`: the form cancels itself at a deadline on the session's clock, and shows how long
/// is left in the window's top trailing corner, where it stays while the form scrolls.
struct Countdown {
    var deadline: Double
    /// The text drawn now; the window is repainted only when it changes, once a second.
    var shownText: String
    /// The room the title leaves at the trailing end: the pill at its widest, when it starts.
    var titleRoom = 0.0
}

extension FormSession {
    /// Starts the countdown: the form is cancelled `seconds` from the session's current time.
    public func startCountdown(seconds: Double) {
        countdown = Countdown(deadline: now + seconds * 1000, shownText: "")
        let text = countdownText ?? ""
        countdown?.shownText = text
        countdown?.titleRoom = countdownRect(for: text).width + Theme.columnGap
        relayout()  // a long title now wraps short of the pill
    }

    /// Whether the countdown ran out (the result is then `.cancelled`).
    public var timedOut: Bool { countdown.map { now >= $0.deadline } ?? false }

    /// `Closes in 42 s`, `Closes in 1:05`; nil without a countdown. Seconds round up, so the
    /// last one shows `1 s` rather than `0 s`.
    public var countdownText: String? {
        guard let left = secondsLeft else { return nil }
        let time = left < 60 ? "\(left) s" : "\(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
        return "Closes in " + time
    }

    var secondsLeft: Int? {
        countdown.map { Int((max(0, $0.deadline - now) / 1000).rounded(.up)) }
    }

    /// When the shown text next changes: the next whole second before the deadline.
    var countdownDeadline: Double? {
        guard let countdown, let left = secondsLeft, left > 0, result == nil else { return nil }
        return countdown.deadline - Double(left - 1) * 1000
    }

    /// Called as the clock advances: cancels at the deadline, else repaints a changed countdown.
    func tickCountdown() {
        guard let old = countdown, result == nil else { return }
        if now >= old.deadline { result = .cancelled }
        guard let text = countdownText, text != old.shownText else { return }
        countdown?.shownText = text
        invalidate(countdownRect(for: old.shownText).union(countdownRect(for: text)))
    }

    /// The pill the countdown is drawn in, in window coordinates, at the title row's trailing end.
    func countdownRect(for text: String) -> Rect {
        let width = measurer.width(text, font: Theme.messageFont) + 2 * Theme.chipPadding
        let height = measurer.lineHeight(Theme.messageFont) + 6
        let x = form.direction == .ltr ? viewport.width - Theme.padding - Theme.scrollBarWidth - width : Theme.padding
        return Rect(x: x, y: Theme.padding, width: width, height: height)
    }

    func paintCountdown(in rect: Rect, into list: inout DisplayList) {
        guard let text = countdownText else { return }
        let pill = countdownRect(for: text)
        guard pill.intersects(rect) else { return }
        // The last ten seconds are in the error colour, to be noticed.
        let urgent = (secondsLeft ?? 0) <= 10
        list.append(.fill(pill, palette.tokenBackground, radius: pill.height / 2))
        list.append(.text(TextRun(text: text, origin: Point(x: pill.minX + Theme.chipPadding, y: pill.minY + 3),
                                  font: Theme.messageFont, color: urgent ? palette.error : palette.tokenText)))
    }
}
