// The per-thread innermost delivery frame of SignalSync's PipeHubEngine, in C because
// Swift has no thread-local storage of its own: one initial-exec thread-local pointer,
// read and written inline (pthread_getspecific/setspecific are calls into the C library
// at every push, a large share of a contended push's cost).
#ifndef SIGNALSYNC_DELIVERY_FRAME_H
#define SIGNALSYNC_DELIVERY_FRAME_H

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

#endif
