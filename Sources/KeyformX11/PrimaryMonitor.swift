import CXCB
import CXCBRandR
import KeyformCore

/// The monitor a window opens on, as RandR describes it: its mode's pixels and the millimetres
/// its EDID gives. For the scale's last resort (`DisplayScale(choosingFrom:)` decides whether
/// the size is believable).
enum PrimaryMonitor {
    /// The primary output's size, else the first connected output's with a mode set; nil without
    /// RandR 1.3 or when the server cannot say.
    static func physicalSize(on x: XConnection) -> PhysicalSize? {
        let c = x.connection
        guard RandRVersion.atLeast(1, 3, on: x) else { return nil }
        let root = x.screen.root
        let primaryCookie = xcb_randr_get_output_primary(c, root)
        let resourcesCookie = xcb_randr_get_screen_resources_current(c, root)
        let primary = try? x.reply("RRGetOutputPrimary", { xcb_randr_get_output_primary_reply(c, primaryCookie, $0) }) { $0.pointee.output }
        guard let (outputs, timestamp) = try? x.reply("RRGetScreenResourcesCurrent", {
            xcb_randr_get_screen_resources_current_reply(c, resourcesCookie, $0)
        }, read: { reply in
            (Array(UnsafeBufferPointer(start: xcb_randr_get_screen_resources_current_outputs(reply),
                                       count: Int(xcb_randr_get_screen_resources_current_outputs_length(reply)))),
             reply.pointee.config_timestamp)
        }) else { return nil }
        let ordered = (primary.map { $0 == 0 ? [] : [$0] } ?? []) + outputs
        for output in ordered {
            if let size = size(of: output, timestamp: timestamp, on: x) { return size }
        }
        return nil
    }

    /// A connected output's size, if a mode is set on it.
    private static func size(of output: xcb_randr_output_t, timestamp: xcb_timestamp_t, on x: XConnection) -> PhysicalSize? {
        let c = x.connection
        let outputCookie = xcb_randr_get_output_info(c, output, timestamp)
        guard let (millimetres, crtc) = try? x.reply("RRGetOutputInfo", { xcb_randr_get_output_info_reply(c, outputCookie, $0) }, read: {
            reply -> (Size, xcb_randr_crtc_t)? in
            guard reply.pointee.connection == UInt8(XCB_RANDR_CONNECTION_CONNECTED.rawValue), reply.pointee.crtc != 0 else { return nil }
            return (Size(width: Double(reply.pointee.mm_width), height: Double(reply.pointee.mm_height)), reply.pointee.crtc)
        }) ?? nil else { return nil }
        let crtcCookie = xcb_randr_get_crtc_info(c, crtc, timestamp)
        guard let pixels = try? x.reply("RRGetCrtcInfo", { xcb_randr_get_crtc_info_reply(c, crtcCookie, $0) }, read: {
            Size(width: Double($0.pointee.width), height: Double($0.pointee.height))
        }) else { return nil }
        return PhysicalSize(pixels: pixels, millimetres: millimetres)
    }
}
