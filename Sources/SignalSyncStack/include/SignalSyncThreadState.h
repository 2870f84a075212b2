// Every per-thread value SignalSync keeps, in C because Swift has no thread-local storage
// of its own. Each is one initial-exec thread-local, read and written inline: a few loads
// and stores, no call into the C library (pthread_getspecific/setspecific would be one at
// every push, a large share of a contended push's cost) and no allocation. All start at
// zero (the stack floor at UINTPTR_MAX), so a new thread needs no set-up; `ThreadState.c`
// defines them.
#ifndef SIGNALSYNC_THREAD_STATE_H
#define SIGNALSYNC_THREAD_STATE_H

#include <stddef.h>
#include <stdint.h>

// MARK: - The stack floor (StackGuard)

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

// MARK: - The delivery frame (PipeHubEngine)

/// The innermost frame of a hub delivering on this thread, or NULL.
extern __thread void *_Nullable signalsync_delivery_frame __attribute__((tls_model("initial-exec")));

/// This thread's innermost delivery frame.
static inline __attribute__((always_inline)) void *_Nullable signalsync_get_delivery_frame(void) {
    return signalsync_delivery_frame;
}

/// Sets this thread's innermost delivery frame.
static inline __attribute__((always_inline)) void signalsync_set_delivery_frame(void *_Nullable frame) {
    signalsync_delivery_frame = frame;
}

// MARK: - The reader count (ReaderShards)

/// How many reader counts a set of read epochs spreads its readers over, and how far apart
/// they lie (a cache line each, so that threads counting in different ones do not share a
/// line).
enum {
    signalsync_reader_shards = 4,
    signalsync_reader_shard_stride = 64,
};

/// This thread's reader count, plus one; 0 until the thread's first read.
extern __thread uint32_t signalsync_reader_shard_plus_one __attribute__((tls_model("initial-exec")));

/// Gives this thread the next reader count, round robin, and returns it.
uint32_t signalsync_assign_reader_shard(void);

/// The reader count this thread counts in (0 to `signalsync_reader_shards` - 1): assigned
/// round robin at the thread's first read, so that threads started one after the other
/// count in different ones.
static inline __attribute__((always_inline)) uint32_t signalsync_reader_shard(void) {
    uint32_t shard = signalsync_reader_shard_plus_one;
    return shard != 0 ? shard - 1 : signalsync_assign_reader_shard();
}

// MARK: - The generation scope (GenerationScope)

/// One thread's generation scope. All zero is the empty scope.
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

// MARK: - The start chain (StartRecords, debug builds of the library)

/// The chain of the innermost subscription start recorded on this thread, or NULL.
extern __thread void *_Nullable signalsync_start_chain __attribute__((tls_model("initial-exec")));

/// This thread's innermost recorded start.
static inline __attribute__((always_inline)) void *_Nullable signalsync_get_start_chain(void) {
    return signalsync_start_chain;
}

/// Sets this thread's innermost recorded start.
static inline __attribute__((always_inline)) void signalsync_set_start_chain(void *_Nullable chain) {
    signalsync_start_chain = chain;
}

#endif
