// Linked into the test executable only: its FcConfigSubstitute comes first in symbol lookup,
// counts the call and hands it to fontconfig's.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include "fontconfig_count.h"

// Per thread, the count and the look-up alike: tests run side by side, and a font loads on the
// thread that asks for it.
static _Thread_local long substitutions;

FcBool FcConfigSubstitute(FcConfig *config, FcPattern *pattern, FcMatchKind kind) {
    static _Thread_local FcBool (*fontconfigs)(FcConfig *, FcPattern *, FcMatchKind);
    if (!fontconfigs) fontconfigs = (FcBool (*)(FcConfig *, FcPattern *, FcMatchKind))dlsym(RTLD_NEXT, "FcConfigSubstitute");
    substitutions += 1;
    return fontconfigs(config, pattern, kind);
}

long keyform_fontconfig_substitutions(void) { return substitutions; }
