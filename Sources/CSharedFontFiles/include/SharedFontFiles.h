// FreeType's and HarfBuzz's declarations of the two functions SharedFontFiles.c defines in
// their place, for the tests that call them as Cairo and Pango do.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
