import KeyformCairo
import KeyformX11
import Testing

/// The `Xft.*` resources of `RESOURCE_MANAGER`, as `xrdb -query` shows them.
@Suite("X resources parsing") struct XResourcesParsingTests {
    @Test(arguments: [
        ("Xft.dpi:\t192\n", XResources(dpi: 192)),
        ("Xft.dpi: 120.5", XResources(dpi: 120.5)),
        ("Xft*dpi:  144  \r\n", XResources(dpi: 144)),
        ("Xft.dpi:\t-96\nXft.dpi:\tnan\n", XResources()),
        ("Xft.dpi:\tlots\n", XResources()),
        ("Xft.antialias:\t0\nXft.hinting:\ttrue\nXft.hintstyle:\thintslight\nXft.rgba:\tbgr\n",
         XResources(fontRendering: FontRendering(antialias: false, hinting: true, hintStyle: .hintslight, subpixelOrder: .bgr))),
        ("Xft.antialias:\tOff\nXft.rgba:\tnone\n", XResources(fontRendering: FontRendering(antialias: false, subpixelOrder: SubpixelOrder.none))),
        ("Xft.antialias:\tmaybe\nXft.hintstyle:\thintsome\n", XResources()),
        ("! Xft.dpi: 192\n*background: #000\nXTerm*faceName: Mono\nURxvt.dpi: 200\n", XResources()),
        ("Xft.dpi\n:192\n\n::\n", XResources()),
        ("", XResources()),
    ] as [(String, XResources)])
    func readsXftResources(_ text: String, _ expected: XResources) {
        #expect(XResources.parse(text) == expected)
    }

    /// Only the first `maximumBytes` are read: a database the size of the server's limit costs no more.
    @Test func aHugeDatabaseIsReadOnlyToTheLimit() {
        let filler = String(repeating: "*x: y\n", count: XResources.maximumBytes / 6 + 1)
        #expect(XResources.parse(filler + "Xft.dpi: 192\n") == XResources())
        #expect(XResources.parse("Xft.dpi: 192\n" + filler) == XResources(dpi: 192))
    }
}

typealias SubpixelOrder = FontRendering.SubpixelOrder
