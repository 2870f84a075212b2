import SignalSync

extension SSignal {
    /// Emits `f(value)` for each value (a nil result is emitted as nil); error and
    /// completion are forwarded. `f` runs on the emitting thread.
    @inlinable
    public func map(_ f: @escaping (Any?) -> Any?) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    subscriber.putNext(f(value))
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Emits the values for which `f` returns true; error and completion are forwarded.
    public func filter(_ f: @escaping (Any?) -> Bool) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    if f(value) {
                        subscriber.putNext(value)
                    }
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Drops each value equal to the last value that passed; the first value always
    /// passes. Error and completion are forwarded.
    ///
    /// Equality of untyped values: nil equals nil (also a nil optional boxed in `Any`);
    /// `Hashable` values compare as `AnyHashable` (numbers by value across numeric types,
    /// so `1` equals `1.0`; `NSObject`s use `isEqual:`); other `Equatable` values compare with `==` when their types match;
    /// other class instances compare by identity; anything else (closures, tuples,
    /// non-equatable structs) is never equal, so it always passes. The comparison runs
    /// outside any lock; values arriving concurrently are each compared with the latest
    /// value that passed.
    public func ignoreRepeated() -> SSignal {
        SSignal { subscriber in
            let memory = RepeatMemory()
            return self.start(
                next: { value in
                    if memory.shouldPass(value) {
                        subscriber.putNext(value)
                    }
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }
}

/// The last value `ignoreRepeated` let through, for one subscription.
private final class RepeatMemory: @unchecked Sendable {
    // Safety: `last`, `hasLast` and `version` are guarded by `mutex`. The comparison runs
    // unlocked; `version` detects a value that passed meanwhile, and the check retries.
    private let mutex = PosixLock()
    private var last: Any?
    private var hasLast = false
    private var version = 0

    func shouldPass(_ value: Any?) -> Bool {
        while true {
            mutex.lock()
            let seenVersion = version
            let previous = last
            let hadLast = hasLast
            mutex.unlock()
            let repeated = hadLast && untypedValuesEqual(previous, value)
            mutex.lock()
            if version == seenVersion {
                var replaced: Any?
                if !repeated {
                    replaced = last
                    last = value
                    hasLast = true
                    version += 1
                }
                mutex.unlock()
                withExtendedLifetime(replaced) {}  // released outside the lock
                return !repeated
            }
            mutex.unlock()
        }
    }
}
