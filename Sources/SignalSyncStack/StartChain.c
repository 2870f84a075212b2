#include "SignalSyncStartChain.h"

__thread void *signalsync_start_chain __attribute__((tls_model("initial-exec"))) = 0;
