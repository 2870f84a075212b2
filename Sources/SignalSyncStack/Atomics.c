#include "SignalSyncAtomics.h"

signalsync_atomic_int signalsync_generation_scope_endings = {0};

signalsync_atomic_int signalsync_live_subscriptions = {0};
