import CXCB
import CXCBOnDemand

/// The pointer through XInput 2.1, when the server has it, for smooth scrolling: touchpads and
/// high-resolution wheels report scroll valuators, and the server also makes wheel buttons 4–7
/// from them, flagged as emulated. Only XI2 tells the two apart, so buttons and motion are
/// selected through XI2 on our window (which stops their core events) and come back as core
/// events for the usual handling; emulated wheel buttons are dropped, so nothing scrolls twice.
/// Started when the pointer first comes (`FormWindow.pointerCame`), with libxcb-xinput loaded
/// then: until it does, and without XInput 2.1, the window has the core events and scrolls by
/// buttons.
final class XInputPointer {
    /// What one XI2 event means for the window.
    enum Translation {
        /// A button or motion event, rebuilt as the core event the window handles.
        case core(xcb_button_press_event_t)
        /// Smooth scrolling, in notches (a wheel button press is one).
        case scroll(dx: Double, dy: Double)
    }

    private let x: XConnection
    private let library: keyform_xinput_library
    /// The extension's major opcode: the `extension` of its generic events.
    private let opcode: UInt8
    private var valuators = ScrollValuators()

    /// Selects XI2 pointer events on `window`: nil if libxcb-xinput cannot be loaded, the server
    /// has no XInput 2.1 or refuses the selection. Three round trips: the extension, its version,
    /// and the devices with the selection's check.
    static func start(connection x: XConnection, window: xcb_window_t) -> XInputPointer? {
        guard let library = keyform_xinput_load()?.pointee, let opcode = try? opcode(on: x, library: library) else { return nil }
        return try? XInputPointer(connection: x, library: library, window: window, opcode: opcode)
    }

    /// The extension's major opcode when the server has XInput 2.1, else nil. Asks for 2.1,
    /// which is what makes the server report scroll classes and emulated flags.
    private static func opcode(on x: XConnection, library xi: keyform_xinput_library) throws -> UInt8? {
        let c = x.connection
        guard let found = xcb_get_extension_data(c, xi.xcb_input_id), found.pointee.present != 0 else { return nil }
        let versionCookie = xi.xcb_input_xi_query_version(c, 2, 1)
        let version = try x.reply("XIQueryVersion", { xi.xcb_input_xi_query_version_reply(c, versionCookie, $0) }) {
            ($0.pointee.major_version, $0.pointee.minor_version)
        }
        return version >= (2, 1) ? found.pointee.major_opcode : nil
    }

    private init(connection x: XConnection, library xi: keyform_xinput_library, window: xcb_window_t, opcode: UInt8) throws {
        let c = x.connection
        self.x = x
        library = xi
        self.opcode = opcode
        let mask = XCB_INPUT_XI_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_INPUT_XI_EVENT_MASK_BUTTON_RELEASE.rawValue
            | XCB_INPUT_XI_EVENT_MASK_MOTION.rawValue | XCB_INPUT_XI_EVENT_MASK_ENTER.rawValue
            | XCB_INPUT_XI_EVENT_MASK_DEVICE_CHANGED.rawValue
        // One xcb_input_event_mask_t (device, length in words) followed by its one mask word.
        let selection = (xcb_input_event_mask_t(deviceid: xcb_input_device_id_t(XCB_INPUT_DEVICE_ALL_MASTER.rawValue), mask_len: 1),
                         UInt32(mask))
        let cookie = withUnsafeBytes(of: selection) {
            xi.xcb_input_xi_select_events_checked(c, window, 1, $0.baseAddress!.assumingMemoryBound(to: xcb_input_event_mask_t.self))
        }
        // The devices are asked for before the selection is checked, so the check finds its
        // answer already in: one round trip for both. Without the devices' axes it scrolls by
        // buttons until the pointer enters the window again.
        try? reloadDevices()
        // From here on buttons come only through XI2, so this object must exist.
        try x.check(cookie, "XISelectEvents")
    }

    /// Translates an XI2 generic event; nothing for other extensions' events, for what is
    /// handled here (the pointer entering, a device's axes changing) and for emulated wheel buttons.
    func translate(_ event: UnsafePointer<xcb_generic_event_t>) -> [Translation] {
        let generic = UnsafeRawPointer(event).load(as: xcb_ge_generic_event_t.self)
        guard generic.extension == opcode else { return [] }
        switch Int32(generic.event_type) {
        case XCB_INPUT_BUTTON_PRESS, XCB_INPUT_BUTTON_RELEASE:
            let device = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_input_button_press_event_t.self)
            let emulated = device.pointee.flags & XCB_INPUT_POINTER_EVENT_FLAGS_POINTER_EMULATED.rawValue != 0
            if emulated && (4...7).contains(device.pointee.detail) { return [] }
            let type = generic.event_type == XCB_INPUT_BUTTON_PRESS ? XCB_BUTTON_PRESS : XCB_BUTTON_RELEASE
            return [.core(coreEvent(device, type: UInt8(type), detail: UInt8(truncatingIfNeeded: device.pointee.detail)))]
        case XCB_INPUT_MOTION:
            let device = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_input_button_press_event_t.self)
            var result = [Translation.core(coreEvent(device, type: UInt8(XCB_MOTION_NOTIFY), detail: 0))]
            let emulated = device.pointee.flags & XCB_INPUT_POINTER_EVENT_FLAGS_POINTER_EMULATED.rawValue != 0
            if let (dx, dy) = valuators.scroll(device: device.pointee.sourceid, values: values(device), emulated: emulated) {
                result.append(.scroll(dx: dx, dy: dy))
            }
            return result
        case XCB_INPUT_ENTER, XCB_INPUT_DEVICE_CHANGED:
            // Values changed while the pointer was elsewhere, or another device took over: start
            // again from what the server has now.
            try? reloadDevices()
            return []
        default:
            return []
        }
    }

    /// Reads every device's scroll axes and their current values.
    private func reloadDevices() throws {
        let c = x.connection
        let xi = library
        let cookie = xi.xcb_input_xi_query_device(c, xcb_input_device_id_t(XCB_INPUT_DEVICE_ALL.rawValue))
        let axes = try x.reply("XIQueryDevice", { xi.xcb_input_xi_query_device_reply(c, cookie, $0) }) { reply in
            var devices: [UInt16: [UInt16: ScrollValuators.Axis]] = [:]
            var infos = xi.xcb_input_xi_query_device_infos_iterator(reply)
            while infos.rem > 0 {
                let axes = Self.scrollAxes(xi.xcb_input_xi_device_info_classes_iterator(infos.data), library: xi)
                if !axes.isEmpty { devices[infos.data.pointee.deviceid] = axes }
                xi.xcb_input_xi_device_info_next(&infos)
            }
            return devices
        }
        valuators.reset(axes)
    }

    /// The scroll axes among a device's classes, with the value each valuator has now.
    private static func scrollAxes(_ iterator: xcb_input_device_class_iterator_t, library xi: keyform_xinput_library) -> [UInt16: ScrollValuators.Axis] {
        var classes = iterator
        var axes: [UInt16: ScrollValuators.Axis] = [:]
        var values: [UInt16: Double] = [:]
        while classes.rem > 0 {
            let raw = UnsafeRawPointer(classes.data!)
            switch Int32(classes.data.pointee.type) {
            case Int32(XCB_INPUT_DEVICE_CLASS_TYPE_SCROLL.rawValue):
                let scroll = raw.loadUnaligned(as: xcb_input_scroll_class_t.self)
                axes[scroll.number] = .init(vertical: scroll.scroll_type == XCB_INPUT_SCROLL_TYPE_VERTICAL.rawValue,
                                            increment: double(scroll.increment), last: nil)
            case Int32(XCB_INPUT_DEVICE_CLASS_TYPE_VALUATOR.rawValue):
                let valuator = raw.loadUnaligned(as: xcb_input_valuator_class_t.self)
                values[valuator.number] = double(valuator.value)
            default:
                break
            }
            xi.xcb_input_device_class_next(&classes)
        }
        for number in axes.keys { axes[number]?.last = values[number] }
        return axes
    }

    /// The valuators an event carries: numbers from its mask, values in the same order.
    private func values(_ event: UnsafePointer<xcb_input_button_press_event_t>) -> [UInt16: Double] {
        let mask = library.xcb_input_button_press_valuator_mask(event)!
        let axisValues = library.xcb_input_button_press_axisvalues(event)!
        var values: [UInt16: Double] = [:]
        var index = 0
        for word in 0..<Int(event.pointee.valuators_len) {
            for bit in 0..<32 where mask[word] & (1 << UInt32(bit)) != 0 {
                values[UInt16(word * 32 + bit)] = Self.double(axisValues[index])
                index += 1
            }
        }
        return values
    }

    /// The core event X would have sent: same time, windows, position and state. XI2 gives
    /// positions in 16.16 fixed point and the full modifier and button state.
    private func coreEvent(_ event: UnsafePointer<xcb_input_button_press_event_t>, type: UInt8, detail: UInt8) -> xcb_button_press_event_t {
        let e = event.pointee
        let buttons = library.xcb_input_button_press_button_mask(event)!
        var state = UInt16(truncatingIfNeeded: e.mods.effective & 0xff)
        if e.buttons_len > 0 {
            // XI2 bit n is button n; the core state has Button1Mask (1 << 8) to Button5Mask.
            for button in 1...5 where buttons[0] & (1 << UInt32(button)) != 0 { state |= 1 << (7 + button) }
        }
        return xcb_button_press_event_t(
            response_type: type, detail: detail, sequence: e.sequence, time: e.time, root: e.root, event: e.event,
            child: e.child, root_x: Self.pixel(e.root_x), root_y: Self.pixel(e.root_y), event_x: Self.pixel(e.event_x),
            event_y: Self.pixel(e.event_y), state: state, same_screen: 1, pad0: 0)
    }

    private static func pixel(_ fixed: xcb_input_fp1616_t) -> Int16 { Int16(truncatingIfNeeded: fixed >> 16) }

    private static func double(_ fixed: xcb_input_fp3232_t) -> Double {
        Double(fixed.integral) + Double(fixed.frac) / 4_294_967_296
    }
}
