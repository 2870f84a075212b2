#include "SignalSyncGenerationScope.h"

__thread signalsync_generation_scope_state signalsync_generation_scope __attribute__((tls_model("initial-exec"))) = {0};
