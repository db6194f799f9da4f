// Each font file mapped once, for Cairo and Pango alike (issue #22).
//
// Cairo opens a font's file with FreeType (`FT_New_Face`) and Pango with HarfBuzz
// (`hb_blob_create_from_file`), and each maps the whole file into memory: two mappings of the
// same pages, each counted in the window's resident memory. Neither reads much of the file
// (cmap, hmtx, GPOS, the few glyphs drawn), but the kernel maps each page read together with its
// cached neighbours (64 kB around it), so each mapping held 190–340 kB of a 700 kB face.
//
// Defined in the program, these two come first in symbol lookup, before FreeType's and
// HarfBuzz's own, for every library that calls them (Cairo, Pango, fontconfig). Both hand out
// one read-only mapping per path, counted, and unmapped when the last face or blob made from it
// is gone. A file that cannot be mapped (gone, empty, not a file) or read as a font goes the
// libraries' own way, so their errors are their own.

#include "SharedFontFiles.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Mapping {
    char *path;
    void *bytes;
    size_t size;
    int users;
    struct Mapping *next;
} Mapping;

// The files mapped now: a window's few fonts (fontconfig's scan of a new font maps one at a time).
static Mapping *mappings;
// Cairo and Pango open faces on the thread that draws, fontconfig on the thread that loads it.
static pthread_mutex_t mappingsLock = PTHREAD_MUTEX_INITIALIZER;

/// A new mapping of the whole file at `path`, of one user; NULL if it is not a regular file of 1
/// byte to 4 GiB (HarfBuzz counts a blob's bytes in 32 bits) or cannot be mapped.
static Mapping *mapFile(const char *path) {
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return NULL;
    struct stat status;
    bool mappable = fstat(file, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0
                    && (unsigned long long)status.st_size <= UINT_MAX;
    void *bytes = mappable ? mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_PRIVATE, file, 0) : MAP_FAILED;
    close(file);
    if (bytes == MAP_FAILED) return NULL;
    Mapping *mapping = malloc(sizeof *mapping);
    char *copy = strdup(path);
    if (!mapping || !copy) {
        free(mapping);
        free(copy);
        munmap(bytes, (size_t)status.st_size);
        return NULL;
    }
    *mapping = (Mapping){ .path = copy, .bytes = bytes, .size = (size_t)status.st_size, .users = 1 };
    return mapping;
}

/// The mapping of `path`, made if none is held; NULL if the file cannot be mapped.
static Mapping *acquire(const char *path) {
    pthread_mutex_lock(&mappingsLock);
    Mapping *found = mappings;
    while (found && strcmp(found->path, path) != 0) found = found->next;
    if (found) {
        found->users += 1;
    } else if ((found = mapFile(path))) {
        found->next = mappings;
        mappings = found;
    }
    pthread_mutex_unlock(&mappingsLock);
    return found;
}

static void release(Mapping *mapping) {
    pthread_mutex_lock(&mappingsLock);
    if (--mapping->users == 0) {
        Mapping **link = &mappings;
        while (*link != mapping) link = &(*link)->next;
        *link = mapping->next;
        munmap(mapping->bytes, mapping->size);
        free(mapping->path);
        free(mapping);
    }
    pthread_mutex_unlock(&mappingsLock);
}

// FreeType calls it when the face is done, or when opening it failed.
static void closeStream(FT_Stream stream) {
    release(stream->descriptor.pointer);
    free(stream);
}

FT_Error FT_New_Face(FT_Library library, const char *path, FT_Long faceIndex, FT_Face *face) {
    if (!path) return FT_Err_Invalid_Argument;  // as FreeType's own
    FT_Open_Args byPath = { .flags = FT_OPEN_PATHNAME, .pathname = (char *)path };
    // FreeType refuses these before it takes a stream in hand, and would never close ours.
    bool refusedOutright = !library || (!face && faceIndex >= 0);
    Mapping *mapping = refusedOutright ? NULL : acquire(path);
    FT_Stream stream = mapping ? calloc(1, sizeof *stream) : NULL;
    if (!stream) {
        if (mapping) release(mapping);
        return FT_Open_Face(library, &byPath, faceIndex, face);
    }
    // A stream in memory, as FreeType makes of a file it maps itself, closed by us.
    stream->base = mapping->bytes;
    stream->size = (unsigned long)mapping->size;
    stream->descriptor.pointer = mapping;
    stream->pathname.pointer = mapping->path;
    stream->close = closeStream;
    FT_Open_Args inMemory = { .flags = FT_OPEN_STREAM, .stream = stream };
    FT_Error error = FT_Open_Face(library, &inMemory, faceIndex, face);
    // A file it cannot read from memory, FreeType may yet read from its path (a Mac resource
    // fork beside it); if not, the error is the one its own way gives.
    return error ? FT_Open_Face(library, &byPath, faceIndex, face) : 0;
}

static void releaseBlob(void *mapping) { release(mapping); }

hb_blob_t *hb_blob_create_from_file(const char *path) {
    Mapping *mapping = path ? acquire(path) : NULL;
    if (!mapping) {
        hb_blob_t *blob = path ? hb_blob_create_from_file_or_fail(path) : NULL;
        return blob ? blob : hb_blob_get_empty();  // as HarfBuzz's own
    }
    // Read-only: a table HarfBuzz must mend is copied first, never written in the shared pages.
    return hb_blob_create(mapping->bytes, (unsigned int)mapping->size, HB_MEMORY_MODE_READONLY, mapping, releaseBlob);
}
