import CPango

/// Owns one `PangoAttrList` that underlines a range of UTF-8 bytes.
final class UnderlineAttributes {
    let pointer: OpaquePointer

    init(bytes: Range<Int>) {
        pointer = pango_attr_list_new()
        let underline = pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)!
        underline.pointee.start_index = UInt32(bytes.lowerBound)
        underline.pointee.end_index = UInt32(bytes.upperBound)
        pango_attr_list_insert(pointer, underline) // the list owns the attribute now
    }

    deinit { pango_attr_list_unref(pointer) }
}
