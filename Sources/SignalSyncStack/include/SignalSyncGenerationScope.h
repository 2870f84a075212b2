// The per-thread state of SignalSync's GenerationScope, in C because Swift has no
// thread-local storage of its own: one initial-exec thread-local struct, read and written
// inline (a push and a pop are a few loads and stores, with no call and no allocation).
#ifndef SIGNALSYNC_GENERATION_SCOPE_H
#define SIGNALSYNC_GENERATION_SCOPE_H

#include <stdint.h>

/// One thread's generation scope. All zero is the empty scope, so a new thread needs no
/// set-up.
typedef struct {
    /// The innermost entry (a frame on the stack of the `run` that pushed it), or NULL.
    void *_Nullable top;
    /// The number of entries.
    intptr_t count;
    /// How many entries do not report their ending.
    intptr_t silentCount;
    /// One more than the index of an entry seen ended; 0 when none is known.
    intptr_t endedIndexPlusOne;
    /// The entries below this index were seen not ended when the count of endings read
    /// `scannedEpochPlusOne - 1`.
    intptr_t scannedCount;
    /// One more than the count of endings at the last scan; 0 before the first.
    intptr_t scannedEpochPlusOne;
    /// The innermost terminal event being delivered to a subscription whose generator
    /// runs (a record on the stack of the delivery), or NULL.
    void *_Nullable terminating;
} signalsync_generation_scope_state;

/// This thread's generation scope.
extern __thread signalsync_generation_scope_state signalsync_generation_scope __attribute__((tls_model("initial-exec")));

/// The address of this thread's generation scope.
static inline __attribute__((always_inline)) signalsync_generation_scope_state *_Nonnull signalsync_generation_scope_of_thread(void) {
    return &signalsync_generation_scope;
}

#endif
