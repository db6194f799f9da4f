import CXCB
import Glibc

/// libxcb-cursor's three functions, from the library loaded the first time the pointer needs a
/// cursor. Linked, it and the two libraries it brings (xcb-image, xcb-render-util) were mapped and
/// relocated at every start, for a window that may be filled in without the pointer ever moving
/// over it. nil when the library cannot be loaded: the window keeps the default cursor.
struct CursorLibrary: @unchecked Sendable {
    /// `xcb_cursor_context_new(connection, screen, &context)`: negative on failure.
    let newContext: @convention(c) (OpaquePointer, UnsafeMutablePointer<xcb_screen_t>, UnsafeMutablePointer<OpaquePointer?>) -> Int32
    /// `xcb_cursor_load_cursor(context, name)`: XCB_CURSOR_NONE if the theme has no such cursor.
    let loadCursor: @convention(c) (OpaquePointer, UnsafePointer<CChar>) -> xcb_cursor_t
    let freeContext: @convention(c) (OpaquePointer) -> Void

    /// Loaded once, on first use; the library stays for the life of the process.
    static let shared: CursorLibrary? = {
        guard let library = dlopen("libxcb-cursor.so.0", RTLD_NOW | RTLD_LOCAL),
              let newContext = dlsym(library, "xcb_cursor_context_new"),
              let loadCursor = dlsym(library, "xcb_cursor_load_cursor"),
              let freeContext = dlsym(library, "xcb_cursor_context_free") else { return nil }
        return CursorLibrary(newContext: unsafeBitCast(newContext, to: (@convention(c) (OpaquePointer, UnsafeMutablePointer<xcb_screen_t>, UnsafeMutablePointer<OpaquePointer?>) -> Int32).self),
                             loadCursor: unsafeBitCast(loadCursor, to: (@convention(c) (OpaquePointer, UnsafePointer<CChar>) -> xcb_cursor_t).self),
                             freeContext: unsafeBitCast(freeContext, to: (@convention(c) (OpaquePointer) -> Void).self))
    }()
}
