// The per-thread values of `SignalSyncThreadState.h`, and the stack bounds the stack
// floor is computed from. pthread_getattr_np is a GNU extension: declared by <pthread.h>
// under _GNU_SOURCE only.
#define _GNU_SOURCE
#include <pthread.h>
#include <stddef.h>

#include "SignalSyncThreadState.h"

__thread uintptr_t signalsync_stack_floor __attribute__((tls_model("initial-exec"))) = UINTPTR_MAX;

__thread void *signalsync_delivery_frame __attribute__((tls_model("initial-exec"))) = 0;

__thread uint32_t signalsync_reader_shard_plus_one __attribute__((tls_model("initial-exec"))) = 0;

__thread signalsync_generation_scope_state signalsync_generation_scope __attribute__((tls_model("initial-exec"))) = {0};

__thread void *signalsync_start_chain __attribute__((tls_model("initial-exec"))) = 0;

/// The next reader count to give a thread.
static uint32_t signalsync_next_reader_shard = 0;

uint32_t signalsync_assign_reader_shard(void) {
    uint32_t shard = __atomic_fetch_add(&signalsync_next_reader_shard, 1, __ATOMIC_RELAXED) % signalsync_reader_shards;
    signalsync_reader_shard_plus_one = shard + 1;
    return shard;
}

int signalsync_current_stack_bounds(uintptr_t *low, size_t *size) {
#if defined(__APPLE__)
    pthread_t thread = pthread_self();
    *size = pthread_get_stacksize_np(thread);
    *low = (uintptr_t)pthread_get_stackaddr_np(thread) - *size;
    return 1;
#else
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
        return 0;
    }
    void *address = NULL;
    size_t bytes = 0;
    int found = pthread_attr_getstack(&attributes, &address, &bytes) == 0 && address != NULL;
    pthread_attr_destroy(&attributes);
    if (!found) {
        return 0;
    }
    *low = (uintptr_t)address;
    *size = bytes;
    return 1;
#endif
}
