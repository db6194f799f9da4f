/// What an edit of one line repaints: the span of the line whose pixels it changed, and the
/// caret where it was and where it is, not the whole inside of the control. A letter typed at the
/// end of a field then repaints the letter and the caret (issue #22): the renderer draws only the
/// glyphs that reach that span, and the X server fills, composites and copies that span alone,
/// where before every key redrew and copied every letter of the line.
extension TextEditingControl {
    /// One line of text as it is drawn now, in window coordinates: the visible run, where it
    /// starts, and the caret. Nil where an edit repaints the whole inside: a control that does
    /// not repaint edits narrowly, a text area, a placeholder, a selection or a composition
    /// showing (each drawn over or beside the text).
    func drawnLine(in context: ControlContext) -> DrawnLine? {
        let editor = textInput.editor
        guard Self.repaintsOnlyWhatAnEditChanged, !Self.isMultiline, !editor.hasSelection, composition(in: context).text.isEmpty,
              !editor.isEmpty || context.field.placeholder.isEmpty else { return nil }
        let wrapped = wrappedText(in: context)  // one line: a paste's line breaks become spaces
        let run = visibleRun(line: 0, of: wrapped, in: context)
        let session = context.session
        return DrawnLine(text: run.text, origin: session.windowPoint(runOrigin(line: 0, run: run, of: wrapped, in: context)),
                         caret: session.windowRect(caretPlace(of: wrapped, in: context).rect))
    }

    /// Repaints what changed inside the control since it drew `before` (from `drawnLine`): both
    /// carets and the span where the two lines draw differently, the full height of the inside;
    /// the whole inside when the line now shows more than its text (`drawnLine`) or the measurer
    /// cannot compare the two (text beyond plain, or a bullet's).
    func repaintEdit(since before: DrawnLine, in context: ControlContext) {
        let session = context.session
        let inside = session.inside(of: context.node)
        guard let after = drawnLine(in: context), after.origin.y == before.origin.y else { return session.invalidate(inside) }
        // As `invalidateCaret` grows a caret: its pixels, antialiased at either side.
        let carets = before.caret.union(after.caret).insetBy(dx: -2, dy: -1)
        guard let span = context.measurer.changedSpan(from: before.text, at: before.origin.x, to: after.text, at: after.origin.x,
                                                      font: Theme.bodyFont, covering: carets.minX..<carets.maxX)
        else { return session.invalidate(inside) }
        session.invalidate(Rect(x: span.lowerBound, y: inside.minY, width: span.upperBound - span.lowerBound, height: inside.height)
            .intersection(inside))
    }
}

/// A line of text as drawn, in window coordinates (`TextEditingControl.drawnLine`).
struct DrawnLine {
    let text: String
    let origin: Point
    let caret: Rect
}
