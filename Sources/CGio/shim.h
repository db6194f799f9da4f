#include <gio/gio.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Whether the calling thread is the process's first: Swift's Glibc has no gettid. */
static inline gboolean keyform_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
