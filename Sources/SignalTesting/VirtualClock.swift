import SignalSync

/// Virtual time for tests (the clock under ``SignalTestScheduler``): `import SignalTesting`
/// alone names it. The type itself lives in SignalSync, where both APIs' queues and timers
/// read it; this is the same type, not a copy.
public typealias VirtualClock = SignalSync.VirtualClock
