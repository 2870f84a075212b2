// The atomics of SignalSync, in C because Swift's own (`Synchronization.Atomic`) needs
// macOS 15 / iOS 18, above the package's floor. Built on the compiler's `__atomic_*`
// builtins, which work on plain integers and pointers (no `_Atomic` casts), each wrapped
// in a function that is always inlined and takes its memory order as an argument: Swift
// passes a constant, so once inlined the order folds away and each call is the one
// instruction (or compare-and-swap loop) the builtin is. ThreadSanitizer sees them
// although Swift's importer does not compile this header with -fsanitize=thread (the
// functions carry no sanitize_thread attribute): always_inline puts each body into its
// Swift caller, which carries it, before the sanitizer's pass instruments the caller
// (the test binary of `swift test --sanitize=thread` calls `__tsan_atomic*` from every
// view method and no out-of-line `signalsync_atomic_*` function).
//
// Storage is a plain C struct per type, so that Swift never touches the value itself, only
// its address, which the owner keeps stable (the first stored property of a class, a heap
// block, or a global defined in this module). Only the operations the library uses are
// here; a missing one goes next to its siblings.
#ifndef SIGNALSYNC_ATOMICS_H
#define SIGNALSYNC_ATOMICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "SignalSyncInterleaving.h"

/// A memory order, as the builtins take it.
typedef enum __attribute__((enum_extensibility(closed))) signalsync_memory_order {
    signalsync_memory_order_relaxed = __ATOMIC_RELAXED,
    signalsync_memory_order_acquire = __ATOMIC_ACQUIRE,
    signalsync_memory_order_release = __ATOMIC_RELEASE,
    signalsync_memory_order_acquire_release = __ATOMIC_ACQ_REL,
    signalsync_memory_order_sequentially_consistent = __ATOMIC_SEQ_CST,
} signalsync_memory_order;

/// The order of a failed compare-exchange whose success has `order`: the same without its
/// release part (a failure stores nothing).
static inline __attribute__((always_inline)) signalsync_memory_order signalsync_failure_order(signalsync_memory_order order) {
    switch (order) {
    case signalsync_memory_order_release:
        return signalsync_memory_order_relaxed;
    case signalsync_memory_order_acquire_release:
        return signalsync_memory_order_acquire;
    default:
        return order;
    }
}

/// A fence with `order`.
static inline __attribute__((always_inline)) void signalsync_atomic_fence(signalsync_memory_order order) {
    SIGNALSYNC_INTERLEAVING_POINT();
    __atomic_thread_fence(order);
}

// MARK: - The atomic types

// Each atomic type is a struct of one plain value with a function per operation, named
// `signalsync_atomic_<type>_<operation>`: written once here as macros over the value's C
// type (as the builtins are generic over it), each use below a line. Every function is
// always inlined and passes through the interleaving build's scheduling point first.

/// Declares the struct `signalsync_atomic_<name>` holding a `type`, its `load` and `store`.
#define SIGNALSYNC_ATOMIC_TYPE(name, type) \
    typedef struct { \
        type value; \
    } signalsync_atomic_##name; \
    static inline __attribute__((always_inline)) type signalsync_atomic_##name##_load(signalsync_atomic_##name *_Nonnull atomic, signalsync_memory_order order) { \
        SIGNALSYNC_INTERLEAVING_POINT(); \
        return __atomic_load_n(&atomic->value, order); \
    } \
    static inline __attribute__((always_inline)) void signalsync_atomic_##name##_store(signalsync_atomic_##name *_Nonnull atomic, type desired, signalsync_memory_order order) { \
        SIGNALSYNC_INTERLEAVING_POINT(); \
        __atomic_store_n(&atomic->value, desired, order); \
    }

/// Declares `signalsync_atomic_<name>_<operation>`, which applies `operand` with `builtin`
/// (`__atomic_fetch_add` and `_sub` wrap; `__atomic_exchange_n` stores it) and returns the
/// value before.
#define SIGNALSYNC_ATOMIC_UPDATE(name, type, operation, builtin) \
    static inline __attribute__((always_inline)) type signalsync_atomic_##name##_##operation(signalsync_atomic_##name *_Nonnull atomic, type operand, signalsync_memory_order order) { \
        SIGNALSYNC_INTERLEAVING_POINT(); \
        return builtin(&atomic->value, operand, order); \
    }

/// Declares `signalsync_atomic_<name>_compare_exchange`, which stores `desired` if the value
/// is `expected` and returns whether it did and the value it found (returned, not written
/// through a pointer: a Swift caller would pass the address of a local, which costs it a
/// stack protector), and `signalsync_atomic_<name>_exchange_result`, what it returns.
#define SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE(name, type) \
    typedef struct { \
        bool exchanged; \
        type original; \
    } signalsync_atomic_##name##_exchange_result; \
    static inline __attribute__((always_inline)) signalsync_atomic_##name##_exchange_result signalsync_atomic_##name##_compare_exchange( \
        signalsync_atomic_##name *_Nonnull atomic, type expected, type desired, signalsync_memory_order order) { \
        SIGNALSYNC_INTERLEAVING_POINT(); \
        bool exchanged = __atomic_compare_exchange_n(&atomic->value, &expected, desired, false, order, signalsync_failure_order(order)); \
        return (signalsync_atomic_##name##_exchange_result){exchanged, expected}; \
    }

/// An atomic pointer-sized integer.
SIGNALSYNC_ATOMIC_TYPE(int, intptr_t)
SIGNALSYNC_ATOMIC_UPDATE(int, intptr_t, fetch_add, __atomic_fetch_add)
SIGNALSYNC_ATOMIC_UPDATE(int, intptr_t, fetch_sub, __atomic_fetch_sub)
SIGNALSYNC_ATOMIC_UPDATE(int, intptr_t, fetch_or, __atomic_fetch_or)
SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE(int, intptr_t)

/// An atomic boolean.
SIGNALSYNC_ATOMIC_TYPE(bool, bool)
SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE(bool, bool)

/// Eight flags in one byte, read and written whole (the writers take a lock; a reader of
/// a flag that never changes may read without it).
SIGNALSYNC_ATOMIC_TYPE(flags, uint8_t)

/// An atomic 64-bit unsigned integer.
SIGNALSYNC_ATOMIC_TYPE(uint64, uint64_t)
SIGNALSYNC_ATOMIC_UPDATE(uint64, uint64_t, fetch_add, __atomic_fetch_add)
SIGNALSYNC_ATOMIC_UPDATE(uint64, uint64_t, fetch_sub, __atomic_fetch_sub)
SIGNALSYNC_ATOMIC_UPDATE(uint64, uint64_t, fetch_or, __atomic_fetch_or)
SIGNALSYNC_ATOMIC_UPDATE(uint64, uint64_t, fetch_and, __atomic_fetch_and)
SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE(uint64, uint64_t)

/// An atomic pointer.
SIGNALSYNC_ATOMIC_TYPE(pointer, void *_Nullable)
SIGNALSYNC_ATOMIC_UPDATE(pointer, void *_Nullable, exchange, __atomic_exchange_n)
SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE(pointer, void *_Nullable)

#undef SIGNALSYNC_ATOMIC_TYPE
#undef SIGNALSYNC_ATOMIC_UPDATE
#undef SIGNALSYNC_ATOMIC_COMPARE_EXCHANGE

// MARK: - The library's storage

/// The atomics of one `SubscriptionCore`: the first stored property of the object, so
/// that their address is fixed (`_getUnsafePointerToStoredProperties`) and a subscription
/// needs no allocation of its own for them.
typedef struct {
    /// The terminated, released and dropping bits and the count of readers.
    signalsync_atomic_int word;
    /// True while the subscription's generator runs inside a generation scope.
    signalsync_atomic_bool in_scope;
    /// Set by every terminal event sent, ignored ones included.
    signalsync_atomic_bool terminal_sent;
    /// Set once objects are kept alive for the subscription.
    signalsync_atomic_bool keeps;
    /// The flag of the spin lock guarding the subscription's rare state.
    signalsync_atomic_bool spin_locked;
    /// Set once, before the subscription is shared, when its callbacks are a stage's
    /// (`StageCallbacks`) rather than closures (`ClosureCallbacks`): the kind lives here,
    /// where the struct has room, rather than in a field of every callbacks object.
    signalsync_atomic_bool callbacks_forward;
    /// Rare state under the spin lock, one bit each (relaxed: the lock orders them), kept
    /// here where the struct has room rather than in fields of the object: whether the
    /// handle has been disposed, is disposing, and lets go of the generator's disposable
    /// at the end, and which of the subscriber and the handle hold that disposable
    /// (`SubscriptionRareFlags`).
    signalsync_atomic_flags rare;
    /// The reader counts of a subscription that threads call at once (`ReaderShards`),
    /// made at the first sign of that; NULL until then.
    signalsync_atomic_pointer shared_readers;
} signalsync_subscription_atomics;

#if __LP64__
/// The flags share the word between the counts and the pointer (two bytes spare): a word
/// more would grow every subscription by eight bytes (into a larger heap block).
_Static_assert(sizeof(signalsync_subscription_atomics) == 24, "a subscription's atomics take three words");
#endif

/// The offsets of `signalsync_subscription_atomics`' fields: Swift adds them to the struct's
/// address (a constant, where a call to an accessor would be opaque to its optimizer).
enum {
    signalsync_subscription_word_offset = offsetof(signalsync_subscription_atomics, word),
    signalsync_subscription_in_scope_offset = offsetof(signalsync_subscription_atomics, in_scope),
    signalsync_subscription_terminal_sent_offset = offsetof(signalsync_subscription_atomics, terminal_sent),
    signalsync_subscription_keeps_offset = offsetof(signalsync_subscription_atomics, keeps),
    signalsync_subscription_spin_locked_offset = offsetof(signalsync_subscription_atomics, spin_locked),
    signalsync_subscription_callbacks_forward_offset = offsetof(signalsync_subscription_atomics, callbacks_forward),
    signalsync_subscription_rare_offset = offsetof(signalsync_subscription_atomics, rare),
    signalsync_subscription_shared_readers_offset = offsetof(signalsync_subscription_atomics, shared_readers),
};

/// The atomics of one `PublicationEngine`: the published object and the read epochs, the
/// first stored property of the engine's owner (`PipeHubEngine`). Readers only load these
/// words; what they write is in `readers`.
typedef struct {
    /// The published object, retained once, or NULL.
    signalsync_atomic_pointer current;
    /// The read epochs' control word: the current epoch and the reclaim request.
    signalsync_atomic_uint64 epochs;
    /// The read epochs' reader counts (`signalsync_reader_shards` words, each on a cache
    /// line of its own), allocated by the owner before any reader runs; NULL for an owner
    /// that never publishes.
    void *_Nullable readers;
} signalsync_publication_atomics;

/// The offsets of `signalsync_publication_atomics`' fields (see the subscription's).
enum {
    signalsync_publication_current_offset = offsetof(signalsync_publication_atomics, current),
    signalsync_publication_epochs_offset = offsetof(signalsync_publication_atomics, epochs),
    signalsync_publication_readers_offset = offsetof(signalsync_publication_atomics, readers),
};

/// How many subscription probes ended while marked in a generation scope, ever.
extern signalsync_atomic_int signalsync_generation_scope_endings;

/// The address of `signalsync_generation_scope_endings`.
static inline __attribute__((always_inline)) signalsync_atomic_int *_Nonnull signalsync_generation_scope_endings_address(void) {
    return &signalsync_generation_scope_endings;
}

/// The number of live subscriptions of both APIs (counted in debug builds only).
extern signalsync_atomic_int signalsync_live_subscriptions;

/// The address of `signalsync_live_subscriptions`.
static inline __attribute__((always_inline)) signalsync_atomic_int *_Nonnull signalsync_live_subscriptions_address(void) {
    return &signalsync_live_subscriptions;
}

#endif
