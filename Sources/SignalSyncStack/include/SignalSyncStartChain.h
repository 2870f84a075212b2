// The per-thread innermost start being recorded by SignalSync's StartRecords (debug builds
// of the library), in C because Swift has no thread-local storage of its own.
#ifndef SIGNALSYNC_START_CHAIN_H
#define SIGNALSYNC_START_CHAIN_H

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
