#include "SignalSyncGenerationScope.h"

__thread void *signalsync_generation_scope __attribute__((tls_model("initial-exec"))) = 0;
