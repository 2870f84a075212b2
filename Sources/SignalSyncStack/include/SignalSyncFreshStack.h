// Fresh stacks for SignalSync's StackGuard: deep work continues on another stack of the
// same thread, so the thread (the main thread, the main queue, an actor's executor, every
// thread-local) stays what it was. In C because the switch is a few instructions of
// assembly (FreshStack.c) and the sanitizers must be told about it.
#ifndef SIGNALSYNC_FRESH_STACK_H
#define SIGNALSYNC_FRESH_STACK_H

#include <stddef.h>
#include <stdint.h>

// The platforms with a stack switch: x86_64 (System V and Darwin ABIs) and arm64
// (AAPCS64 and Darwin's) on Linux, Android and Apple systems. Elsewhere (32-bit ARM or
// arm64_32 on watchOS, RISC-V, Windows, ...) `SIGNALSYNC_HAS_STACK_SWITCH` is 0, the
// function below is not declared, and StackGuard keeps its fallback (see there). Swift's
// StackGuard tests the same platforms with its own `#if`; a mismatch fails to compile.
#if (defined(__x86_64__) || defined(__aarch64__) || defined(__arm64__)) && !defined(__arm64_32__) \
    && !defined(__ILP32__) && (defined(__linux__) || defined(__APPLE__))
#define SIGNALSYNC_HAS_STACK_SWITCH 1
#else
#define SIGNALSYNC_HAS_STACK_SWITCH 0
#endif

#if SIGNALSYNC_HAS_STACK_SWITCH
/// Runs `body(context)` on the calling thread, on a fresh stack of `size` bytes (mapped with
/// an inaccessible guard region below it, so an overflow faults), and returns when `body`
/// returns. While `body` runs, this thread's stack floor (`signalsync_stack_floor`) is the
/// fresh stack's low end plus `reserve`; the floor it had is restored afterwards, so calls
/// nest (deep work that fills a fresh stack goes on on another one). Each thread keeps the
/// last stacks it used for the next call, and unmaps them when it exits. Under
/// AddressSanitizer and ThreadSanitizer the switch is announced as a fiber switch. Stops
/// the program when no stack can be mapped.
void signalsync_run_on_fresh_stack(size_t size, size_t reserve, void (*_Nonnull body)(void *_Nullable), void *_Nullable context);

/// How many fresh stacks this thread keeps mapped for its next calls (0 to 2): for tests.
int signalsync_fresh_stacks_cached(void);

/// How many calls of `signalsync_run_on_fresh_stack` the caller runs inside (0 on the
/// thread's own stack): for tests, which check that a chain went past the thread's stack.
int signalsync_fresh_stacks_in_use(void);
#endif

/// The caller's frame address (the stack it runs on, whatever a sanitizer does with its
/// locals): for tests.
static inline __attribute__((always_inline)) uintptr_t signalsync_frame_address(void) {
    return (uintptr_t)__builtin_frame_address(0);
}

#endif
