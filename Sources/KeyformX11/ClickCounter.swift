/// Counts presses into single, double and triple clicks: a press is the next click of a series when
/// it is the same button as the last press, within `interval` milliseconds and `slop` pixels of it.
struct ClickCounter {
    static let interval: UInt32 = 400
    static let slop: Int32 = 4

    private var last: (button: UInt8, time: UInt32, x: Int32, y: Int32, count: Int)?

    /// `time` is the X server timestamp of the press (milliseconds, wrapping at 2³²).
    mutating func press(button: UInt8, time: UInt32, x: Int32, y: Int32) -> Int {
        var count = 1
        if let last, last.button == button, time &- last.time <= Self.interval,
           abs(x - last.x) <= Self.slop, abs(y - last.y) <= Self.slop {
            // A fourth quick click starts over rather than counting on.
            count = last.count == 3 ? 1 : last.count + 1
        }
        last = (button, time, x, y, count)
        return count
    }
}
