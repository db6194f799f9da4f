import CXCB
import CXCBRandR

enum RandRVersion {
    /// Whether the server has RandR at `major.minor` or later (a round trip; xcb's own record
    /// says first whether it has RandR at all).
    static func atLeast(_ major: UInt32, _ minor: UInt32, on x: XConnection) -> Bool {
        let c = x.connection
        guard let randr = keyform_randr_extension(c), randr.pointee.present != 0 else { return false }
        let cookie = xcb_randr_query_version(c, major, minor)
        guard let version = try? x.reply("RRQueryVersion", { xcb_randr_query_version_reply(c, cookie, $0) }, read: {
            (Int($0.pointee.major_version), Int($0.pointee.minor_version))
        }) else { return false }
        return version >= (Int(major), Int(minor))
    }
}
