extension SSignal {
    /// A signal that, on each subscription, emits `value` (nil allowed) and completes,
    /// synchronously. It holds no resources.
    @inlinable
    public static func single(_ value: consuming Any?) -> SSignal {
        SingleSSignal(value)
    }

    /// A signal that, on each subscription, fails with `error` (nil allowed),
    /// synchronously.
    public static func fail(_ error: Any?) -> SSignal {
        // Safety: the error is only read, by each subscription (a signal hands values of
        // any type to the thread that starts it).
        nonisolated(unsafe) let error = error
        return SSignal { subscriber in
            subscriber.putError(error)
            return nil
        }
    }

    /// A signal that never emits and never terminates. It keeps no reference to the
    /// subscriber, so the callbacks are released as soon as `start` returns.
    public static func never() -> SSignal {
        SSignal { _ in nil }
    }

    /// A signal that completes synchronously without a value.
    public static func complete() -> SSignal {
        SSignal { subscriber in
            subscriber.putCompletion()
            return nil
        }
    }
}
