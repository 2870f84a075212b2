#include "SignalSyncDeliveryFrame.h"

__thread void *signalsync_delivery_frame __attribute__((tls_model("initial-exec"))) = 0;
