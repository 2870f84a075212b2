// The per-thread stack of SignalSync's GenerationScope, in C because Swift has no
// thread-local storage of its own: one initial-exec thread-local pointer, read and
// written inline (pthread_getspecific costs more than the push it serves).
#ifndef SIGNALSYNC_GENERATION_SCOPE_H
#define SIGNALSYNC_GENERATION_SCOPE_H

/// This thread's generation scope stack (unretained; a pthread key owns it), or NULL.
extern __thread void *_Nullable signalsync_generation_scope __attribute__((tls_model("initial-exec")));

/// This thread's generation scope stack.
static inline __attribute__((always_inline)) void *_Nullable signalsync_get_generation_scope(void) {
    return signalsync_generation_scope;
}

/// Sets this thread's generation scope stack.
static inline __attribute__((always_inline)) void signalsync_set_generation_scope(void *_Nullable stack) {
    signalsync_generation_scope = stack;
}

#endif
