/// Smooth scrolling from XInput 2.1 scroll valuators, with no X in it: each device's scroll axes,
/// the last value seen on each, and the scroll a motion event's new values make.
///
/// One notch is `increment` along an axis (negative for natural scrolling). A value only means
/// something against the one before it, so an axis whose last value is unknown (a device just
/// met) records the value and scrolls nothing.
struct ScrollValuators {
    struct Axis: Equatable {
        var vertical: Bool
        var increment: Double
        var last: Double?
    }

    /// Scroll axes by source (slave) device, then by valuator number.
    private var devices: [UInt16: [UInt16: Axis]] = [:]

    /// Replaces what is known of every device's scroll axes, with the values they have now (from
    /// XIQueryDevice: at start, when the pointer enters, when a device changes).
    mutating func reset(_ axes: [UInt16: [UInt16: Axis]]) {
        devices = axes
    }

    /// The scroll, in notches, that `values` (valuator number → value) of a motion event from
    /// `device` make; nil when no scroll axis moved. `emulated` values (made by the server from
    /// a wheel button, which arrives too) are recorded but scroll nothing.
    mutating func scroll(device: UInt16, values: [UInt16: Double], emulated: Bool) -> (dx: Double, dy: Double)? {
        guard var axes = devices[device] else { return nil }
        var dx = 0.0, dy = 0.0
        var moved = false
        for (number, value) in values {
            guard var axis = axes[number] else { continue }
            if let last = axis.last, axis.increment != 0, !emulated {
                let notches = (value - last) / axis.increment
                if axis.vertical { dy += notches } else { dx += notches }
                moved = moved || notches != 0
            }
            axis.last = value
            axes[number] = axis
        }
        devices[device] = axes
        return moved ? (dx, dy) : nil
    }
}
