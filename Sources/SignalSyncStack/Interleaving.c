// The scheduler hook behind `SignalSyncInterleaving.h`: a global function pointer and the
// calling thread's number, plus one. Both are read at every point of the interleaving build;
// in the other builds nothing calls into this file.
#include "SignalSyncInterleaving.h"
#include "SignalSyncThreadState.h"

#include <stddef.h>

/// The installed scheduler, or NULL.
static signalsync_interleaving_hook _Nullable signalsync_interleaving_scheduler = NULL;

/// This thread's number with the scheduler, plus one; 0 when it is not registered.
static __thread int signalsync_interleaving_thread_plus_one = 0;

int signalsync_interleaving_compiled(void) {
#ifdef SIGNALSYNC_INTERLEAVING
    return 1;
#else
    return 0;
#endif
}

void signalsync_interleaving_set_hook(signalsync_interleaving_hook hook) {
    __atomic_store_n(&signalsync_interleaving_scheduler, hook, __ATOMIC_SEQ_CST);
}

void signalsync_interleaving_register_thread(int thread) {
    signalsync_interleaving_thread_plus_one = thread + 1;
    if (thread >= 0) {
        // The reader count by the thread's number, not by the order of first reads across
        // runs, so that a schedule runs the same way each time it is replayed: threads 0
        // and 1 count apart, thread 2 with thread 0.
        signalsync_reader_shard_plus_one = (uint32_t)(thread % 2) + 1;
    }
}

/// Calls the scheduler with `event` when this thread is registered and one is installed.
static void signalsync_interleaving_report(signalsync_interleaving_event event) {
    int thread = signalsync_interleaving_thread_plus_one - 1;
    if (thread < 0) {
        return;
    }
    signalsync_interleaving_hook hook = __atomic_load_n(&signalsync_interleaving_scheduler, __ATOMIC_SEQ_CST);
    if (hook != NULL) {
        hook(event, thread);
    }
}

void signalsync_interleaving_point(void) { signalsync_interleaving_report(signalsync_interleaving_step); }

void signalsync_interleaving_wait(void) { signalsync_interleaving_report(signalsync_interleaving_blocked); }
