import Foundation
import Testing

/// The window maps each font file once: Cairo's FreeType face and Pango's HarfBuzz face read the
/// same pages (`CSharedFontFiles`), in the build Keyform ships (which exports the two functions
/// by name, linker/keyform.version) as in the tests' own.
@MainActor @Suite("Font files in the window", .serialized) struct FontFileTests {
    @Test func eachFontFileIsMappedOnce() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(#"{"title": "Fonts", "fields": [{"id": "name", "type": "text", "label": "Name"}]}"#)])
        try form.xdotool("type", "--delay", "5", "Ada")
        let fonts = try memoryMap(of: form.process.processIdentifier).split(separator: "\n").compactMap { line -> Substring? in
            guard let slash = line.firstIndex(of: "/") else { return nil }
            let path = line[slash...]
            return [".ttf", ".otf", ".ttc"].contains { path.hasSuffix($0) } ? path : nil
        }
        #expect(fonts.count >= 2, "the body's face and the title's bold: \(fonts)")
        #expect(Set(fonts).count == fonts.count, "a font file mapped twice: \(fonts)")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["name"] as? String == "Ada")
    }
}
