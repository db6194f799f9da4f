/// A notice about the form as a whole that the person must not miss (a draft that could not be
/// saved): drawn as a pill at the trailing end of the title's row, before the countdown if there
/// is one, in the error colour, and announced to a screen reader when it appears.
extension FormSession {
    /// Shows `text`, or takes the notice away with nil.
    public func showNotice(_ text: String?) {
        guard text != notice else { return }
        if let old = noticeRect { invalidate(old) }
        notice = text
        relayout()  // the title wraps short of the widest pill
        if let new = noticeRect { invalidate(new) }
        if let text, effects.accessibilityListening { effects.post(.accessible(AccessibleEvent(.window, .announcement(text)))) }
    }

    /// The room the title leaves at its trailing end for the countdown and the notice.
    var titleRoom: Double {
        (countdown?.titleRoom ?? 0) + (noticeRect.map { $0.width + Theme.columnGap } ?? 0)
    }

    /// The notice's pill in window coordinates: at most two thirds of the content's width, so the
    /// title keeps a third.
    var noticeRect: Rect? {
        guard let notice else { return nil }
        let room = FormLayout.contentWidth(window: viewport.width) * 2 / 3 - (countdown?.titleRoom ?? 0)
        let width = max(1, min(measurer.width(notice, font: Theme.messageFont) + 2 * Theme.chipPadding, room))
        let height = measurer.lineHeight(Theme.messageFont) + 6
        let countdownRoom = countdown?.titleRoom ?? 0
        let x = form.direction == .ltr ? viewport.width - Theme.padding - Theme.scrollBarWidth - countdownRoom - width
            : Theme.padding + countdownRoom
        return Rect(x: x, y: Theme.padding, width: width, height: height)
    }

    func paintNotice(in rect: Rect, into list: inout DisplayList) {
        guard let notice, let pill = noticeRect, pill.intersects(rect) else { return }
        list.append(.fill(pill, palette.tokenBackground, radius: pill.height / 2))
        list.append(.pushClip(pill.insetBy(dx: Theme.chipPadding / 2, dy: 0)))
        list.append(.text(TextRun(text: notice, origin: Point(x: pill.minX + Theme.chipPadding, y: pill.minY + 3),
                                  font: Theme.messageFont, color: palette.error)))
        list.append(.popClip)
    }
}
