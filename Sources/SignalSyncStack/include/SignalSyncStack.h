// The per-thread stack floor behind SignalSync's StackGuard, in C because Swift has no
// thread-local storage of its own: one initial-exec thread-local word, read inline.
#ifndef SIGNALSYNC_STACK_H
#define SIGNALSYNC_STACK_H

#include <stddef.h>
#include <stdint.h>

/// The lowest stack address this thread's deep work may reach before it continues on a
/// fresh stack; UINTPTR_MAX until the thread's floor is computed, so the first check on
/// each thread takes the slow path that computes it.
extern __thread uintptr_t signalsync_stack_floor __attribute__((tls_model("initial-exec")));

/// True when the caller's frame lies below this thread's floor (or the floor is not yet
/// computed): a few instructions, inlined into the caller.
static inline __attribute__((always_inline)) int signalsync_stack_is_low(void) {
    return (uintptr_t)__builtin_frame_address(0) < signalsync_stack_floor;
}

/// This thread's floor.
static inline __attribute__((always_inline)) uintptr_t signalsync_get_stack_floor(void) {
    return signalsync_stack_floor;
}

/// Sets this thread's floor.
static inline __attribute__((always_inline)) void signalsync_set_stack_floor(uintptr_t floor) {
    signalsync_stack_floor = floor;
}

/// The calling thread's stack: its lowest address and its size in bytes. Returns 0 when
/// the system does not tell (on Linux through glibc's `pthread_getattr_np`, declared under
/// `_GNU_SOURCE`, which Swift's Glibc module does not define).
int signalsync_current_stack_bounds(uintptr_t *_Nonnull low, size_t *_Nonnull size);

#endif
