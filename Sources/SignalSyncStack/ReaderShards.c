#include "SignalSyncAtomics.h"

__thread uint32_t signalsync_reader_shard_plus_one __attribute__((tls_model("initial-exec"))) = 0;

/// The next reader count to give a thread.
static uint32_t signalsync_next_reader_shard = 0;

uint32_t signalsync_assign_reader_shard(void) {
    uint32_t shard = __atomic_fetch_add(&signalsync_next_reader_shard, 1, __ATOMIC_RELAXED) % signalsync_reader_shards;
    signalsync_reader_shard_plus_one = shard + 1;
    return shard;
}
