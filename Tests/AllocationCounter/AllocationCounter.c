// Test-only allocation counter. The test executable defines the C allocation functions, so every
// allocation in the process (the Swift runtime's included) comes through here; each forwards to
// glibc's own implementation (__libc_*) and, while the calling thread is counting, counts one.
// Used by GestureEngineTests to show that per-event dispatch allocates nothing in steady state.
#define _GNU_SOURCE
#include "AllocationCounter.h"
#include <errno.h>
#include <stddef.h>

// The interposition relies on glibc's __libc_* entry points. Elsewhere (macOS, musl) nothing is
// replaced: the counter reports itself unavailable and the allocation tests are disabled.
#if defined(__GLIBC__)

int allocation_counter_is_available(void) { return 1; }

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting;
static __thread uint64_t count;

void allocation_counter_start(void) { count = 0; counting = 1; }
uint64_t allocation_counter_stop(void) { counting = 0; return count; }

void *malloc(size_t size) { if (counting) count++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { if (counting) count++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { if (counting) count++; return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { if (counting) count++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { if (counting) count++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (counting) count++;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

#else

int allocation_counter_is_available(void) { return 0; }
void allocation_counter_start(void) {}
uint64_t allocation_counter_stop(void) { return 0; }

#endif
