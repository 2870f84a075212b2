// The points at which the interleaving tests' deterministic scheduler may switch threads
// (Tests/INTERLEAVINGS.md). In the interleaving build, compiled with SIGNALSYNC_INTERLEAVING
// defined for C and Swift (`-Xcc -DSIGNALSYNC_INTERLEAVING -Xswiftc -DSIGNALSYNC_INTERLEAVING`),
// every atomic operation of `SignalSyncAtomics.h` starts with a point and a lock that is
// held makes its taker report itself blocked, so that the scheduler, running one thread
// at a time, decides what runs next at each of them. In every other build a point is
// nothing at all.
#ifndef SIGNALSYNC_INTERLEAVING_H
#define SIGNALSYNC_INTERLEAVING_H

/// A point: the scheduler may run another of its threads before this one goes on.
void signalsync_interleaving_point(void);

#ifdef SIGNALSYNC_INTERLEAVING
#define SIGNALSYNC_INTERLEAVING_POINT() signalsync_interleaving_point()
#else
#define SIGNALSYNC_INTERLEAVING_POINT() ((void)0)
#endif

/// What a thread tells the scheduler at a point.
typedef enum __attribute__((enum_extensibility(closed))) signalsync_interleaving_event {
    /// It is about to take a step (an atomic operation): another thread may run first.
    signalsync_interleaving_step = 0,
    /// It waits for a lock another thread holds: another thread must run first.
    signalsync_interleaving_blocked = 1,
} signalsync_interleaving_event;

/// The scheduler's side of a point: called on a registered thread with its number.
typedef void (*signalsync_interleaving_hook)(signalsync_interleaving_event event, int thread);

/// 1 when this build has the points (SIGNALSYNC_INTERLEAVING defined), otherwise 0.
int signalsync_interleaving_compiled(void);

/// Installs the scheduler (NULL: none). Points of unregistered threads never call it.
void signalsync_interleaving_set_hook(signalsync_interleaving_hook _Nullable hook);

/// Registers the calling thread with the scheduler as thread `thread` (0 or more), which
/// also fixes the reader count it counts in (`signalsync_reader_shard`) by its number,
/// or unregisters it (-1).
void signalsync_interleaving_register_thread(int thread);

/// A point at which the calling thread waits for a held lock.
void signalsync_interleaving_wait(void);

#endif
