import CXCBOnDemand
import Glibc

/// Text from the input method (its commits and compositions) in the encoding the server and
/// xcb-imdkit agreed on: UTF-8, or compound text, which is converted.
enum XIMText {
    /// xcb-imdkit's compound-text tables, built once per process before the first conversion.
    private static let compoundTextTables: Void = keyform_xim_load()?.pointee.xcb_compound_text_init() ?? ()

    /// `length` bytes at `bytes`, from the input method `im`, as a string.
    static func decode(_ im: OpaquePointer, _ bytes: UnsafePointer<CChar>, _ length: Int) -> String {
        // Loaded: only an input method the library made calls back.
        let imdkit = keyform_xim_load()!.pointee
        if imdkit.xcb_xim_get_encoding(im) == XCB_XIM_UTF8_STRING {
            return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        _ = compoundTextTables
        var converted = 0
        guard let utf8 = imdkit.xcb_compound_text_to_utf8(bytes, length, &converted) else { return "" }
        defer { free(utf8) }
        return String(decoding: UnsafeRawBufferPointer(start: utf8, count: converted), as: UTF8.self)
    }
}
