import SignalSync

extension SSignal {
    /// Flattens a signal of signals, keeping only the most recent inner signal.
    ///
    /// Each inner signal is started as soon as it arrives; the previous inner is disposed
    /// right after the new one has been started (so a synchronous new inner emits first).
    /// Values of the current inner are forwarded. An inner or outer error is forwarded
    /// and ends everything. Completes when the outer has completed and the current inner
    /// (if any) has completed. A value that is not an `SSignal` ends the subscription with
    /// an `SSignalTypeError`.
    public func switchToLatest() -> SSignal {
        SSignalQueueState.flatten(self, mode: .switchToLatest)
    }

    /// `map(f).switchToLatest()`: each value becomes a signal; only the latest runs.
    public func mapToSignal(_ f: @escaping (Any?) -> SSignal) -> SSignal {
        map { f($0) }.switchToLatest()
    }

    /// `map(f).queue()`: each value becomes a signal; they run one at a time, in order.
    public func mapToQueue(_ f: @escaping (Any?) -> SSignal) -> SSignal {
        map { f($0) }.queue()
    }

    /// `map(f).throttled()`: each value becomes a signal; while one runs, only the latest
    /// waiting one is kept.
    public func mapToThrottled(_ f: @escaping (Any?) -> SSignal) -> SSignal {
        map { f($0) }.throttled()
    }

    /// Forwards this signal's values, then, when it completes, subscribes to `next` and
    /// forwards all of its events (including its completion).
    ///
    /// An error of this signal is forwarded and `next` is never subscribed. Disposal
    /// disposes both subscriptions.
    public func then(_ next: SSignal) -> SSignal {
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
                        disposables.add(
                            next.start(
                                next: { value in
                                    subscriber.putNext(value)
                                },
                                error: { error in
                                    subscriber.putError(error)
                                },
                                completed: {
                                    subscriber.putCompletion()
                                }))
                    }))
            return disposables
        }
    }

    /// Flattens a signal of signals one at a time: each inner signal starts after the
    /// previous one has completed, in arrival order (concat).
    ///
    /// Inners that complete synchronously are run by a loop, so any number of them never
    /// grows the stack, and a running inner is never disposed by the bookkeeping of the
    /// ones before it. An inner error is forwarded and drops the inners still waiting
    /// (they are never subscribed). Completes when the outer and every inner have
    /// completed. A value that is not an `SSignal` ends the subscription with an
    /// `SSignalTypeError`.
    public func queue() -> SSignal {
        SSignalQueueState.flatten(self, mode: .queue)
    }

    /// Like `queue()`, but while an inner signal runs only the latest arriving one is
    /// kept; the ones in between are dropped without ever being subscribed.
    public func throttled() -> SSignal {
        SSignalQueueState.flatten(self, mode: .throttled)
    }

    /// A signal that calls `generator()` at each subscription and forwards the events of
    /// the signal it returns.
    public static func deferred(_ generator: @escaping () -> SSignal) -> SSignal {
        SSignal { subscriber in
            generator().start(
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

    /// The original's name for `deferred(_:)`.
    public static func `defer`(_ generator: @escaping () -> SSignal) -> SSignal {
        deferred(generator)
    }
}

/// The engine of `switchToLatest`, `queue` and `throttled` for one subscription; it is
/// also the disposable returned to the subscriber.
///
/// Lock discipline: decisions are taken under `mutex`, and every start, event and
/// disposal happens after it is released. Starting inners is a loop (a trampoline): an
/// inner that completes while it is being started only marks its `Run`, and the loop
/// that started it picks the next inner once `start` has returned. An inner completing
/// later starts the next one from its own completion, itself through the loop. Only the
/// handle of an inner that is still running after its `start` returned is stored, so a
/// finished inner can never displace (and dispose) a live one.
private final class SSignalQueueState: SDisposable, @unchecked Sendable {
    // Safety: every `var` below, and the fields of every `Run`, are guarded by `mutex`.
    // The subscriber is not stored: the callbacks pass it along, so this object (the
    // subscriber's disposable) forms no reference cycle with it.
    enum Mode {
        case switchToLatest
        case queue
        case throttled
    }

    /// One started inner signal.
    final class Run {
        let generation: Int
        var started = false
        var completedDuringStart = false

        init(generation: Int) {
            self.generation = generation
        }
    }

    private enum Action {
        case none
        case start(SSignal, Run)
        case complete
    }

    private let mutex = PosixLock()
    private let mode: Mode
    private var executing = false
    private var outerCompleted = false
    private var disposed = false
    private var pending = FIFO<SSignal>()
    private var generation = 0
    private var current: SDisposable?
    private let outer = SMetaDisposable()

    private init(mode: Mode) {
        self.mode = mode
    }

    static func flatten(_ source: SSignal, mode: Mode) -> SSignal {
        SSignal { subscriber in
            let state = SSignalQueueState(mode: mode)
            state.outer.setDisposable(
                source.start(
                    next: { value in
                        guard let signal = value as? SSignal else {
                            subscriber.putError(SSignalTypeError(expected: "SSignal", value: value))
                            return
                        }
                        state.enqueue(signal, subscriber)
                    },
                    error: { error in
                        subscriber.putError(error)
                    },
                    completed: {
                        state.beginCompletion(subscriber)
                    }))
            return state
        }
    }

    private func enqueue(_ signal: SSignal, _ subscriber: SSubscriber) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        if mode != .switchToLatest && executing {
            var dropped: [SSignal] = []
            if mode == .throttled {
                dropped = pending.removeAll()
            }
            pending.append(signal)
            mutex.unlock()
            withExtendedLifetime(dropped) {}  // released outside the lock
            return
        }
        executing = true
        generation += 1
        let run = Run(generation: generation)
        mutex.unlock()
        startLoop(signal, run, subscriber)
    }

    private func startLoop(_ first: SSignal, _ firstRun: Run, _ subscriber: SSubscriber, replacing finished: SDisposable? = nil) {
        var signal = first
        var run = firstRun
        var finished = finished
        while true {
            let thisRun = run
            let handle = signal.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                },
                completed: { [self] in
                    innerCompleted(thisRun, subscriber)
                })
            // The inner that finished before this one is disposed once its successor has
            // started (new before old), before any further inner starts.
            finished?.dispose()
            finished = nil
            mutex.lock()
            if disposed {
                mutex.unlock()
                handle.dispose()
                return
            }
            if run.completedDuringStart {
                guard run.generation == generation else {
                    // A newer inner took over while this one was starting.
                    mutex.unlock()
                    return
                }
                // switchToLatest: the inner this one replaced is still stored; it goes now.
                let previous = current
                current = nil
                let action = headCompletedLocked()
                mutex.unlock()
                previous?.dispose()
                switch action {
                case .none:
                    return
                case .complete:
                    subscriber.putCompletion()
                    return
                case .start(let next, let nextRun):
                    signal = next
                    run = nextRun
                    continue
                }
            }
            run.started = true
            guard run.generation == generation else {
                // Superseded while starting (switchToLatest): this inner is already stale.
                mutex.unlock()
                handle.dispose()
                return
            }
            let previous = current
            current = handle
            mutex.unlock()
            // switchToLatest: the previous inner goes after the new one has started.
            previous?.dispose()
            return
        }
    }

    private func innerCompleted(_ run: Run, _ subscriber: SSubscriber) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        if !run.started {
            // Completed inside `start`: the loop that started it continues from here.
            run.completedDuringStart = true
            mutex.unlock()
            return
        }
        guard run.generation == generation else {
            mutex.unlock()
            return
        }
        let finished = current
        current = nil
        let action = headCompletedLocked()
        mutex.unlock()
        switch action {
        case .none:
            break  // its subscription tears itself down when this callback returns
        case .complete:
            subscriber.putCompletion()
        case .start(let next, let nextRun):
            startLoop(next, nextRun, subscriber, replacing: finished)
        }
    }

    /// The current inner completed: pick the next waiting inner, or complete if the outer
    /// has completed. Requires `mutex`.
    private func headCompletedLocked() -> Action {
        executing = false
        if mode != .switchToLatest, let next = pending.popFirst() {
            executing = true
            generation += 1
            return .start(next, Run(generation: generation))
        }
        return outerCompleted ? .complete : .none
    }

    private func beginCompletion(_ subscriber: SSubscriber) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        outerCompleted = true
        let idle = !executing
        mutex.unlock()
        if idle {
            subscriber.putCompletion()
        }
    }

    func dispose() {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        disposed = true
        let running = current
        current = nil
        let dropped = pending.removeAll()
        mutex.unlock()
        withExtendedLifetime(dropped) {}
        running?.dispose()
        outer.dispose()
    }
}
