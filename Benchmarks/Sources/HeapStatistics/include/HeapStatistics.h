// The heap bytes in use, as glibc's mallinfo2() counts them, for the footprint rows (M)
// of the `ratios` executable. Swift's Glibc module does not import <malloc.h>, and
// mallinfo2 returns its struct by value, which a function pointer found with dlsym cannot
// express in Swift: hence this C target.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes of the heap in use (allocated chunks, headers included, in every arena, plus
/// blocks mapped on their own): mallinfo2's uordblks + hblkhd. 0 where glibc's mallinfo2
/// is not available.
size_t heap_statistics_bytes_in_use(void);

/// 1 when `heap_statistics_bytes_in_use` reads the allocator's counters, 0 when it cannot.
int heap_statistics_available(void);

#endif
