#include "SignalSyncStack.h"

__thread uintptr_t signalsync_stack_floor __attribute__((tls_model("initial-exec"))) = UINTPTR_MAX;
