// The stack switch under StackGuard: runs a function on a fresh stack of the calling
// thread (no other thread, so the main thread stays the main thread). Four parts: the
// switch itself (a few instructions of assembly per architecture, with call-frame
// information so that debuggers, crash reporters and the sanitizers' unwinders walk from
// the fresh stack back to the caller's), the fiber annotations of AddressSanitizer and
// ThreadSanitizer, the stacks (mapped with a guard region, a few kept per thread) and the
// thread's stack floor, set for the fresh stack and restored after.
#define _GNU_SOURCE
#include "SignalSyncFreshStack.h"

#if SIGNALSYNC_HAS_STACK_SWITCH

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "SignalSyncThreadState.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIGNALSYNC_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define SIGNALSYNC_TSAN 1
#endif
#endif
#if !defined(SIGNALSYNC_ASAN) && defined(__SANITIZE_ADDRESS__)
#define SIGNALSYNC_ASAN 1
#endif
#if !defined(SIGNALSYNC_TSAN) && defined(__SANITIZE_THREAD__)
#define SIGNALSYNC_TSAN 1
#endif

#ifdef SIGNALSYNC_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
#endif
#ifdef SIGNALSYNC_TSAN
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void *fiber);
void __tsan_switch_to_fiber(void *fiber, unsigned flags);
#endif

// Code that must not be instrumented: the function that runs first on a fresh stack, where
// ThreadSanitizer's entry and exit records would land on different fibers, and
// AddressSanitizer has not yet been told which stack it is on.
#if defined(__has_attribute)
#if __has_attribute(disable_sanitizer_instrumentation)
#define SIGNALSYNC_UNINSTRUMENTED __attribute__((disable_sanitizer_instrumentation, noinline))
#endif
#endif
#ifndef SIGNALSYNC_UNINSTRUMENTED
#define SIGNALSYNC_UNINSTRUMENTED __attribute__((no_sanitize("address", "thread"), noinline))
#endif

// MARK: - The switch

/// Sets the stack pointer to `top` (16-byte aligned), calls `function(argument)` there and,
/// once it returns, goes back to the caller's stack and returns. Saves what the calling
/// convention leaves to it (the frame pointer and, on arm64, the link register, on the
/// caller's stack); `function` keeps every callee-saved register itself.
///
/// The frame this sets up is an ordinary frame-pointer frame on the caller's stack, and its
/// call-frame information names the canonical frame address through the frame pointer, which
/// the switch leaves alone: an unwinder in `function` finds this frame's return address and
/// the caller's frame pointer on the caller's stack, so a backtrace reads on past the switch.
void signalsync_switch_stack_and_call(void *top, void (*function)(void *), void *argument) __attribute__((visibility("hidden")));

#if defined(__APPLE__)
#define SIGNALSYNC_SWITCH_SYMBOL "_signalsync_switch_stack_and_call"
#define SIGNALSYNC_SWITCH_BEGIN                                                                                        \
    ".text\n"                                                                                                          \
    ".globl " SIGNALSYNC_SWITCH_SYMBOL "\n"                                                                            \
    ".private_extern " SIGNALSYNC_SWITCH_SYMBOL "\n"                                                                   \
    ".p2align 4\n" SIGNALSYNC_SWITCH_SYMBOL ":\n"
#define SIGNALSYNC_SWITCH_END ""
#else
#define SIGNALSYNC_SWITCH_SYMBOL "signalsync_switch_stack_and_call"
#define SIGNALSYNC_SWITCH_BEGIN                                                                                        \
    ".text\n"                                                                                                          \
    ".globl " SIGNALSYNC_SWITCH_SYMBOL "\n"                                                                            \
    ".hidden " SIGNALSYNC_SWITCH_SYMBOL "\n"                                                                           \
    ".type " SIGNALSYNC_SWITCH_SYMBOL ", %function\n"                                                                  \
    ".p2align 4\n" SIGNALSYNC_SWITCH_SYMBOL ":\n"
#define SIGNALSYNC_SWITCH_END ".size " SIGNALSYNC_SWITCH_SYMBOL ", .-" SIGNALSYNC_SWITCH_SYMBOL "\n"
#endif

#if defined(__x86_64__)
// System V and Darwin alike: top in rdi, function in rsi, argument in rdx; rbp and rsp are
// the only registers this touches that the callee does not restore.
#if defined(__CET__) && (__CET__ & 1)
#define SIGNALSYNC_SWITCH_LANDING "endbr64\n"
#else
#define SIGNALSYNC_SWITCH_LANDING ""
#endif
__asm__(SIGNALSYNC_SWITCH_BEGIN
        ".cfi_startproc\n" SIGNALSYNC_SWITCH_LANDING
        "pushq %rbp\n"
        ".cfi_def_cfa_offset 16\n"
        ".cfi_offset %rbp, -16\n"
        "movq %rsp, %rbp\n"
        ".cfi_def_cfa_register %rbp\n"
        // The fresh stack; the call pushes the return address, so `function` starts with the
        // stack 8 bytes below a 16-byte boundary, as the ABI has it.
        "movq %rdi, %rsp\n"
        "movq %rdx, %rdi\n"
        "callq *%rsi\n"
        // Back on the caller's stack.
        "movq %rbp, %rsp\n"
        "popq %rbp\n"
        ".cfi_def_cfa %rsp, 8\n"
        "retq\n"
        ".cfi_endproc\n" SIGNALSYNC_SWITCH_END);
#elif defined(__aarch64__) || defined(__arm64__)
// AAPCS64 and Darwin's arm64 alike: top in x0, function in x1, argument in x2; x29 (frame
// pointer), x30 (link register) and sp are the only registers this touches that the callee
// does not restore (x18, reserved on Darwin, is not touched). `hint #34` is `bti c` (a
// landing pad where branch target identification is on, a no-op elsewhere); on arm64e a
// C function pointer is signed, so the call authenticates it.
#if defined(__arm64e__)
#define SIGNALSYNC_SWITCH_CALL "blraaz x1\n"
#else
#define SIGNALSYNC_SWITCH_CALL "blr x1\n"
#endif
__asm__(SIGNALSYNC_SWITCH_BEGIN
        ".cfi_startproc\n"
        "hint #34\n"
        "stp x29, x30, [sp, #-16]!\n"
        ".cfi_def_cfa_offset 16\n"
        ".cfi_offset w30, -8\n"
        ".cfi_offset w29, -16\n"
        "mov x29, sp\n"
        ".cfi_def_cfa w29, 16\n"
        // The fresh stack (sp must stay 16-byte aligned, which `top` is).
        "mov sp, x0\n"
        "mov x0, x2\n" SIGNALSYNC_SWITCH_CALL
        // Back on the caller's stack.
        "mov sp, x29\n"
        ".cfi_def_cfa wsp, 16\n"
        "ldp x29, x30, [sp], #16\n"
        ".cfi_def_cfa_offset 0\n"
        ".cfi_restore w30\n"
        ".cfi_restore w29\n"
        "ret\n"
        ".cfi_endproc\n" SIGNALSYNC_SWITCH_END);
#else
#error "SIGNALSYNC_HAS_STACK_SWITCH is set for an architecture without a switch"
#endif

// MARK: - The stacks

/// The inaccessible region below each fresh stack: more than one page, so that a frame
/// larger than a page that starts just above the stack's end still lands in it.
static const size_t signalsync_fresh_stack_guard = 64 << 10;

/// One fresh stack: a mapping whose lowest `signalsync_fresh_stack_guard` bytes (rounded up
/// to pages) are inaccessible, the stack above them.
typedef struct {
    /// The mapping's start, or NULL for none.
    void *mapping;
    /// The bytes mapped.
    size_t mapped;
    /// The bytes of the guard region at the mapping's start.
    size_t guard;
#ifdef SIGNALSYNC_TSAN
    /// ThreadSanitizer's fiber for code on this stack (its record of the call stack is per
    /// fiber, and a deep chain would overflow a single one).
    void *fiber;
#endif
} signalsync_fresh_stack;

/// How many stacks a thread keeps for its next calls: a loop that crosses the guard point
/// again and again, at one depth or two nested, maps nothing after its first crossing.
#define SIGNALSYNC_FRESH_STACKS_CACHED 2

/// A thread's kept stacks, the most recently released last.
typedef struct {
    signalsync_fresh_stack stacks[SIGNALSYNC_FRESH_STACKS_CACHED];
    int count;
    /// True once this thread's exit will release them (the key below holds this record).
    int registered;
} signalsync_fresh_stack_cache;

static __thread signalsync_fresh_stack_cache signalsync_fresh_stacks;

/// The key whose destructor unmaps an exiting thread's kept stacks.
static pthread_key_t signalsync_fresh_stack_key;
static int signalsync_fresh_stack_key_made;
static pthread_once_t signalsync_fresh_stack_key_once = PTHREAD_ONCE_INIT;

static _Noreturn void signalsync_fresh_stack_fail(const char *what, size_t bytes) {
    fprintf(stderr, "StackGuard: no fresh stack for deep work (%s of %zu bytes failed)\n", what, bytes);
    abort();
}

static void signalsync_fresh_stack_unmap(signalsync_fresh_stack *stack) {
#ifdef SIGNALSYNC_TSAN
    __tsan_destroy_fiber(stack->fiber);
#endif
    munmap(stack->mapping, stack->mapped);
    stack->mapping = NULL;
}

/// The key's destructor: runs on the exiting thread, with `value` its cache.
static void signalsync_fresh_stack_thread_exits(void *value) {
    signalsync_fresh_stack_cache *cache = value;
    while (cache->count > 0) {
        signalsync_fresh_stack_unmap(&cache->stacks[--cache->count]);
    }
    // Released again if this thread's exit runs deep work afterwards (the C library calls
    // the destructors again for a key set anew).
    cache->registered = 0;
}

static void signalsync_fresh_stack_make_key(void) {
    signalsync_fresh_stack_key_made = pthread_key_create(&signalsync_fresh_stack_key, signalsync_fresh_stack_thread_exits) == 0;
}

/// A stack of at least `size` bytes above its guard: a kept one, or a new mapping.
static signalsync_fresh_stack signalsync_fresh_stack_acquire(size_t size) {
    signalsync_fresh_stack_cache *cache = &signalsync_fresh_stacks;
    while (cache->count > 0) {
        signalsync_fresh_stack stack = cache->stacks[--cache->count];
        if (stack.mapped - stack.guard >= size) {
            return stack;
        }
        signalsync_fresh_stack_unmap(&stack);
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t guard = (signalsync_fresh_stack_guard + page - 1) / page * page;
    size_t usable = (size + page - 1) / page * page;
    signalsync_fresh_stack stack;
    stack.mapped = guard + usable;
    stack.guard = guard;
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_STACK
    flags |= MAP_STACK;
#endif
    stack.mapping = mmap(NULL, stack.mapped, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (stack.mapping == MAP_FAILED) {
        signalsync_fresh_stack_fail("mmap", stack.mapped);
    }
    if (mprotect(stack.mapping, guard, PROT_NONE) != 0) {
        signalsync_fresh_stack_fail("mprotect", guard);
    }
#ifdef SIGNALSYNC_TSAN
    stack.fiber = __tsan_create_fiber(0);
#endif
    return stack;
}

/// Keeps `stack` for this thread's next call, or unmaps it when the thread keeps enough.
static void signalsync_fresh_stack_release(signalsync_fresh_stack stack) {
    signalsync_fresh_stack_cache *cache = &signalsync_fresh_stacks;
    if (!cache->registered) {
        pthread_once(&signalsync_fresh_stack_key_once, signalsync_fresh_stack_make_key);
        cache->registered = signalsync_fresh_stack_key_made && pthread_setspecific(signalsync_fresh_stack_key, cache) == 0;
    }
    if (cache->registered && cache->count < SIGNALSYNC_FRESH_STACKS_CACHED) {
        cache->stacks[cache->count++] = stack;
    } else {
        signalsync_fresh_stack_unmap(&stack);
    }
}

int signalsync_fresh_stacks_cached(void) { return signalsync_fresh_stacks.count; }

/// How many fresh stacks this thread runs on, one inside the other.
static __thread int signalsync_fresh_stack_nesting;

int signalsync_fresh_stacks_in_use(void) { return signalsync_fresh_stack_nesting; }

// MARK: - The call

/// What the fresh stack's first function needs: the body, and (under AddressSanitizer) the
/// caller's stack, to switch back to.
typedef struct {
    void (*body)(void *);
    void *context;
    const void *caller_bottom;
    size_t caller_size;
} signalsync_fresh_call;

/// The first function on the fresh stack: tells AddressSanitizer it arrived, runs the body,
/// and tells AddressSanitizer it leaves for good (the stack's next use starts afresh).
static SIGNALSYNC_UNINSTRUMENTED void signalsync_fresh_stack_entry(void *argument) {
    signalsync_fresh_call *call = argument;
#ifdef SIGNALSYNC_ASAN
    __sanitizer_finish_switch_fiber(NULL, &call->caller_bottom, &call->caller_size);
#endif
    call->body(call->context);
#ifdef SIGNALSYNC_ASAN
    __sanitizer_start_switch_fiber(NULL, call->caller_bottom, call->caller_size);
#endif
}

void signalsync_run_on_fresh_stack(size_t size, size_t reserve, void (*body)(void *), void *context) {
    signalsync_fresh_stack stack = signalsync_fresh_stack_acquire(size);
    uintptr_t low = (uintptr_t)stack.mapping + stack.guard;
    uintptr_t top = ((uintptr_t)stack.mapping + stack.mapped) & ~(uintptr_t)15;
    uintptr_t floor = signalsync_get_stack_floor();
    signalsync_set_stack_floor(low + reserve);
    signalsync_fresh_call call = {body, context, NULL, 0};
    signalsync_fresh_stack_nesting += 1;
#ifdef SIGNALSYNC_ASAN
    void *fake_stack = NULL;
    __sanitizer_start_switch_fiber(&fake_stack, (const void *)low, top - low);
#endif
#ifdef SIGNALSYNC_TSAN
    void *caller_fiber = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(stack.fiber, 0);
#endif
    signalsync_switch_stack_and_call((void *)top, signalsync_fresh_stack_entry, &call);
#ifdef SIGNALSYNC_TSAN
    __tsan_switch_to_fiber(caller_fiber, 0);
#endif
#ifdef SIGNALSYNC_ASAN
    __sanitizer_finish_switch_fiber(fake_stack, NULL, NULL);
#endif
    signalsync_fresh_stack_nesting -= 1;
    signalsync_set_stack_floor(floor);
    signalsync_fresh_stack_release(stack);
}

#endif
