#include "SignalSyncSanitizer.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SIGNALSYNC_TSAN 1
#endif
#endif

#ifdef SIGNALSYNC_TSAN
void __tsan_acquire(void *address);
void __tsan_release(void *address);

const int signalsync_thread_sanitizer = 1;

void signalsync_tsan_release(const void *address) { __tsan_release((void *)address); }

void signalsync_tsan_acquire(const void *address) { __tsan_acquire((void *)address); }
#else
const int signalsync_thread_sanitizer = 0;

void signalsync_tsan_release(const void *address) { (void)address; }

void signalsync_tsan_acquire(const void *address) { (void)address; }
#endif
