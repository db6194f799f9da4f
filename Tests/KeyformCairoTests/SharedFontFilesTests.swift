import CSharedFontFiles
import Glibc
import KeyformCairo
import KeyformCore
import Testing

/// Cairo opens each font file it draws with through FreeType, Pango through HarfBuzz; the program
/// (and these tests) map each file once for both (`CSharedFontFiles`), and unmap it when neither
/// holds it any more. What cannot be mapped goes the libraries' own way, with their own errors.
@Suite("Shared font files") struct SharedFontFilesTests {
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// How many of this process's mappings are of `path`.
    static func mappings(of path: String) throws -> Int {
        try mappedFiles().filter { $0 == path }.count
    }

    /// The file of every mapping of this process that has one, a line each of /proc/self/maps.
    static func mappedFiles() throws -> [String] {
        guard let maps = fopen("/proc/self/maps", "r") else { throw PixelsError("no /proc/self/maps") }
        defer { fclose(maps) }
        var files: [String] = [], line: UnsafeMutablePointer<CChar>?, capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            // "start-end perms offset dev inode   path": the path starts at the first "/".
            if let slash = strchr(line, 0x2F) { files.append(String(cString: slash).trimmingSuffix("\n")) }
        }
        return files
    }

    /// `bytes` written to a file of `directory`'s: a path no other test opens.
    static func file(_ name: String, in directory: TemporaryDirectory, bytes: [UInt8]) throws -> String {
        let path = directory.path + "/" + name
        guard let file = fopen(path, "w") else { throw PixelsError("cannot write \(path)") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw PixelsError("cannot write \(path)") }
        return path
    }

    static func contents(of path: String) throws -> [UInt8] {
        guard let file = fopen(path, "r") else { throw PixelsError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
        return bytes
    }

    @Test func facesAndBlobsOfOneFileShareOneMapping() throws {
        let directory = try TemporaryDirectory()
        let original = try Self.contents(of: Self.font)
        let path = try Self.file("Copy.ttf", in: directory, bytes: original)
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var first: FT_Face?, second: FT_Face?
        try #require(FT_New_Face(library, path, 0, &first) == 0 && FT_New_Face(library, path, 0, &second) == 0)
        let blob = hb_blob_create_from_file(path)
        #expect(try Self.mappings(of: path) == 1)
        let bytes = try #require(hb_blob_get_data(blob, nil))
        #expect(UnsafeRawPointer(first!.pointee.stream.pointee.base) == UnsafeRawPointer(bytes))
        #expect(UnsafeRawPointer(second!.pointee.stream.pointee.base) == UnsafeRawPointer(bytes))
        #expect(Array(UnsafeRawBufferPointer(start: bytes, count: Int(hb_blob_get_length(blob)))) == original)
        #expect(String(cString: first!.pointee.family_name) == "DejaVu Sans" && first!.pointee.num_glyphs > 1000)
        FT_Done_Face(first)
        hb_blob_destroy(blob)
        #expect(try Self.mappings(of: path) == 1, "the second face still reads it")
        FT_Done_Face(second)
        #expect(try Self.mappings(of: path) == 0)
    }

    enum Unmappable: String, CaseIterable { case missing, empty, directory, notAFont }

    /// FreeType's error and HarfBuzz's empty blob, as their own functions give them, and nothing left mapped.
    @Test(arguments: Unmappable.allCases)
    func whatCannotBeSharedFailsAsTheLibrariesFail(_ kind: Unmappable) throws {
        let directory = try TemporaryDirectory()
        let path = switch kind {
        case .missing: directory.path + "/missing.ttf"
        case .empty: try Self.file("empty.ttf", in: directory, bytes: [])
        case .directory: directory.path
        case .notAFont: try Self.file("notes.ttf", in: directory, bytes: Array("not a font at all\n".utf8))
        }
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?, theirs: FT_Face?
        var byPath = FT_Open_Args()
        byPath.flags = FT_UInt(FT_OPEN_PATHNAME)
        let expected = path.withCString { name in
            byPath.pathname = UnsafeMutablePointer(mutating: name)
            return FT_Open_Face(library, &byPath, 0, &theirs)
        }
        #expect(expected != 0)
        #expect(FT_New_Face(library, path, 0, &face) == expected)
        let blob = hb_blob_create_from_file(path), reference = hb_blob_create_from_file_or_fail(path)
        #expect(hb_blob_get_length(blob) == (reference.map { hb_blob_get_length($0) } ?? 0))
        hb_blob_destroy(blob)
        hb_blob_destroy(reference)
        #expect(try Self.mappings(of: path) == 0)
    }

    /// Calls FreeType refuses before it opens anything (no library, nowhere to put the face) get
    /// its errors, and leave nothing mapped.
    @Test func whatFreeTypeRefusesLeavesNothingMapped() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file("Copy.ttf", in: directory, bytes: try Self.contents(of: Self.font))
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        #expect(FT_New_Face(library, path, 0, nil) == FT_Err_Invalid_Argument)
        #expect(FT_New_Face(nil, path, 0, &face) == FT_Err_Invalid_Library_Handle)
        #expect(try Self.mappings(of: path) == 0)
    }

    /// A face index of -1 asks how many faces the file has, as fontconfig's scan of a new font does.
    @Test func theNumberOfFacesIsFreeTypesOwn() throws {
        var library: FT_Library?
        try #require(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        try #require(FT_New_Face(library, Self.font, -1, &face) == 0)
        #expect(face!.pointee.num_faces == 1)
        FT_Done_Face(face)
    }

    /// What a window does with text (measured and drawn, in the regular face and the bold) leaves
    /// each font file mapped once: Cairo's face and Pango's share it.
    @Test func aFormsFontsAreEachMappedOnce() throws {
        let measurer = PangoTextMeasurer()
        let surface = CairoSurface.image(width: 200, height: 60)
        let renderer = CairoRenderer(layouts: measurer.layouts)
        var list = DisplayList()
        for (line, font) in [Font(size: 14), Font(size: 20, bold: true)].enumerated() {
            _ = measurer.caretOffsets("Ada Lovelace", font: font)
            list.append(.text(TextRun(text: "Ada Lovelace", origin: Point(x: 4, y: Double(line) * 28), font: font, color: Color(hex: 0x000000))))
        }
        renderer.render(list, in: CairoContext(surface), clip: Rect(x: 0, y: 0, width: 200, height: 60))
        let fonts = try Self.mappedFiles().filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0.hasSuffix(".ttc") }
        #expect(fonts.contains(Self.font) && fonts.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"), "\(fonts)")
        #expect(Set(fonts).count == fonts.count, "a font file mapped twice: \(fonts)")
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
