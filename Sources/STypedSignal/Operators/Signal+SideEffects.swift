import SignalSync

/// Calls `f(value)` before forwarding each value (not for terminal events).
@inlinable
@preconcurrency public func beforeNext<T, E, R>(_ f: @escaping @Sendable (T) -> R) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: { value in
                    _ = f(value)
                    subscriber.putNext(value)
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Calls `f(value)` after forwarding each value, even when forwarding it ended the
/// downstream subscription.
@inlinable
@preconcurrency public func afterNext<T, E, R>(_ f: @escaping @Sendable (T) -> R) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: { value in
                    subscriber.putNext(value)
                    _ = f(value)
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Calls `f()` on the subscribing thread just before each subscription to upstream.
@inlinable
@preconcurrency public func beforeStarted<T, E>(_ f: @escaping @Sendable () -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            f()
            return signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Calls `f()` just before forwarding completion (not on error or disposal).
@inlinable
@preconcurrency public func beforeCompleted<T, E>(_ f: @escaping @Sendable () -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: subscriber.putNext, error: subscriber.putError,
                completed: {
                    f()
                    subscriber.putCompletion()
                })
        }
    }
}

/// Calls `f()` after forwarding completion (not on error or disposal).
@inlinable
@preconcurrency public func afterCompleted<T, E>(_ f: @escaping @Sendable () -> Void) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: subscriber.putNext, error: subscriber.putError,
                completed: {
                    subscriber.putCompletion()
                    f()
                })
        }
    }
}

/// Calls `f()` exactly once when the subscription's resources are released, after
/// upstream is disposed: on explicit disposal and after completion or error.
@inlinable
@preconcurrency public func afterDisposed<T, E, R>(_ f: @escaping @Sendable () -> R) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let upstream = signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            return ActionDisposable {
                upstream.dispose()
                _ = f()
            }
        }
    }
}

/// Gives each subscription a state made by `initialState()` before subscribing
/// upstream; the hooks see it before each event is forwarded, and `disposed(state)`
/// runs exactly once after upstream is disposed (on disposal or after termination).
@preconcurrency public func withState<T, E, S>(
    _ signal: Signal<T, E>, _ initialState: @escaping @Sendable () -> S, next: @escaping @Sendable (T, S) -> Void = { _, _ in },
    error: @escaping @Sendable (E, S) -> Void = { _, _ in },
    completed: @escaping @Sendable (S) -> Void = { _ in }, disposed: @escaping @Sendable (S) -> Void = { _ in }
) -> Signal<T, E> {
    Signal { subscriber in
        // Safety: the state is the caller's, made for this subscription and handed only to
        // the caller's own callbacks (`@Sendable`), as the original does; what they do with
        // it across threads is theirs. Pinned by SignalSideEffectsTests.testWithStateLifecycle.
        nonisolated(unsafe) let state = initialState()
        let upstream = signal.start(
            next: { value in
                next(value, state)
                subscriber.putNext(value)
            },
            error: { failure in
                error(failure, state)
                subscriber.putError(failure)
            },
            completed: {
                completed(state)
                subscriber.putCompletion()
            })
        return ActionDisposable {
            upstream.dispose()
            disposed(state)
        }
    }
}
