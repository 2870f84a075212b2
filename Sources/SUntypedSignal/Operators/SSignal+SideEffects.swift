extension SSignal {
    /// Runs `f()` synchronously at each subscription, before the source is subscribed.
    @preconcurrency public func onStart(_ f: @escaping @Sendable () -> Void) -> SSignal {
        SSignal { subscriber in
            f()
            return self.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Runs `f(value)` for each value, then forwards it.
    @preconcurrency public func onNext(_ f: @escaping @Sendable (Any?) -> Void) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    f(value)
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Forwards each value, then runs `f(value)`.
    @preconcurrency public func afterNext(_ f: @escaping @Sendable (Any?) -> Void) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    subscriber.putNext(value)
                    f(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Runs `f(error)`, then forwards the error.
    @preconcurrency public func onError(_ f: @escaping @Sendable (Any?) -> Void) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    f(error)
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                })
        }
    }

    /// Runs `f()` before the completion is forwarded.
    @preconcurrency public func onCompletion(_ f: @escaping @Sendable () -> Void) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    f()
                    subscriber.putCompletion()
                })
        }
    }

    /// Forwards the completion, then runs `f()`: after the downstream completion callback
    /// and after the downstream has torn down its subscription.
    @preconcurrency public func afterCompletion(_ f: @escaping @Sendable () -> Void) -> SSignal {
        SSignal { subscriber in
            self.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: {
                    subscriber.putCompletion()
                    f()
                })
        }
    }

    /// Runs `f()` exactly once when the subscription is torn down: on explicit disposal
    /// and also after an error or completion (which tear the subscription down). The
    /// source subscription is disposed first, then `f` runs.
    @preconcurrency public func onDispose(_ f: @escaping @Sendable () -> Void) -> SSignal {
        SSignal { subscriber in
            let disposables = SDisposableSet()
            disposables.add(
                self.start(
                    next: { value in
                        subscriber.putNext(value)
                    },
                    error: { error in
                        subscriber.putError(error)
                    },
                    completed: {
                        subscriber.putCompletion()
                    }))
            disposables.add(SBlockDisposable(f))
            return disposables
        }
    }
}
