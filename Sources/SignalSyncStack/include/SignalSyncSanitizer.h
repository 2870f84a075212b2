// What SignalSync tells ThreadSanitizer about orderings it cannot see: Swift's reference
// counting (in the uninstrumented runtime) orders a thread's last use of an object before
// the object's deinit on another thread, and a pinned subscription relies on exactly that.
#ifndef SIGNALSYNC_SANITIZER_H
#define SIGNALSYNC_SANITIZER_H

/// 1 when this build runs under ThreadSanitizer (set where the C code is compiled, which
/// sees the sanitizer; Swift cannot), otherwise 0: read before each call below, so a
/// normal build pays one load and a branch.
extern const int signalsync_thread_sanitizer;

/// Under ThreadSanitizer, a release on `address`: what this thread did so far happens
/// before whatever follows a later `signalsync_tsan_acquire` of the same address.
void signalsync_tsan_release(const void *_Nonnull address);

/// Under ThreadSanitizer, an acquire on `address` (see `signalsync_tsan_release`).
void signalsync_tsan_acquire(const void *_Nonnull address);

#endif
