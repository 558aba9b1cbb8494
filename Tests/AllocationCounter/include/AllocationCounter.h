#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>

/// 1 where the counter works (glibc, whose __libc_* functions it forwards to), 0 elsewhere
/// (macOS, musl): there it counts nothing and the allocation tests are disabled.
int allocation_counter_is_available(void);
/// Starts counting heap allocations made by the calling thread (malloc, calloc, realloc,
/// posix_memalign, aligned_alloc, memalign), from zero.
void allocation_counter_start(void);
/// Stops counting and returns how many allocations the calling thread made since the start.
uint64_t allocation_counter_stop(void);

#endif
