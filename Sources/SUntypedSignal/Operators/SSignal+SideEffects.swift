extension SSignal {
    /// Runs `f()` synchronously at each subscription, before the source is subscribed.
    public func onStart(_ f: @escaping () -> Void) -> SSignal {
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
    public func onNext(_ f: @escaping (Any?) -> Void) -> SSignal {
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
    public func afterNext(_ f: @escaping (Any?) -> Void) -> SSignal {
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
    public func onError(_ f: @escaping (Any?) -> Void) -> SSignal {
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
    public func onCompletion(_ f: @escaping () -> Void) -> SSignal {
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
    public func afterCompletion(_ f: @escaping () -> Void) -> SSignal {
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
    public func onDispose(_ f: @escaping () -> Void) -> SSignal {
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
