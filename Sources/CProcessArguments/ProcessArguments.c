// The Swift runtime's way to the command line, in place of its own (issue #22).
//
// On Linux the runtime finds argv at every launch with a static initialiser that reads all of
// /proc/self/maps (a line for each of the process's ~270 mappings, 1 KB a read) to bound the
// stack before it walks back from `environ` (stdlib/public/stubs/CommandLine.cpp,
// `ArgvGrabber`). glibc hands every .init_array function argc and argv themselves, so these two
// functions, which are all that file defines, keep them from there; the static linker then never
// takes that file from libswiftCore.a, and its initialiser does not run. Should a later runtime
// need the file for anything else, the link fails on a duplicate symbol instead of running both.

#include "ProcessArguments.h"

static int argumentCount;
static char **argumentVector;
static int overrideCount;
static char **overrideVector;

static void keepArguments(int argc, char **argv, char **envp) {
    (void)envp;
    argumentCount = argc;
    argumentVector = argv;
}

__attribute__((section(".init_array"), used))
static void (*const keepArgumentsAtLaunch)(int, char **, char **) = keepArguments;

// The runtime's signatures (swiftcall, as it declares them).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overrideVector) {
        *outArgLen = overrideCount;
        return overrideVector;
    }
    *outArgLen = argumentCount;
    return argumentVector;
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideVector = argv;
    overrideCount = argc;
}
