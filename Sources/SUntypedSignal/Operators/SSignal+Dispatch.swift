import SignalSync

extension SSignal {
    /// Delivers every value, error and completion on `queue`.
    ///
    /// An event sent while `queue` is current is delivered inline, unless an earlier event
    /// of this subscription still waits for its turn (then it waits behind them, so that a
    /// completion sent on `queue` never overtakes a value another thread sent before it:
    /// see Divergences.md); otherwise it takes its turn on `queue` after everything put
    /// there before it (by any subscription, `dispatch` or a timer), as with one `dispatch`
    /// per event, while one hop onto the native queue runs a whole burst. On a queue that is never current (a concurrent
    /// or wrapped one) this subscription's events still run one at a time and in order
    /// (see Divergences.md). Events still waiting when the subscription is disposed are
    /// dropped, as are events after a terminal event. The subscription itself happens on
    /// the caller's thread.
    public func deliverOn(_ queue: SQueue) -> SSignal {
        SSignal { subscriber in
            let hop = SerialHop<Any?>(queue: queue.executionQueue, deliver: subscriber.putNext)
            if self.stage.plan(for: .valueReceiver) == .joinHub {
                // A hot source's signal: its hub hands each value to the hop, instead of a
                // subscription of the source's own (a hub sends no terminal event); the
                // membership is the disposable. The hub holds the hop, which holds the
                // subscriber, as the source subscription's callbacks did. Pinned by
                // SSignalDispatchTests.testDeliverOnOverAHotSourceJoinsItsHub.
                return self.joinedHub.join(PipeHubClosureReceiver(hop.send))
            }
            // Each closure captures one object, which is then its context: the hop, or
            // the hop and the subscriber in one object rather than two closure contexts.
            let terminals = SHopTerminals(hop, to: subscriber)
            return self.start(next: hop.send, error: { terminals.error($0) }, completed: { terminals.completed() })
        }
    }

    /// Delivers every event on `threadPool`'s threads, serially and in order (one lane per
    /// subscription).
    public func deliverOnThreadPool(_ threadPool: SThreadPool) -> SSignal {
        SSignal { subscriber in
            let lane = threadPool.nextQueue()
            return self.start(
                next: { value in
                    lane.addTask(SThreadPoolTask(unchecked: { _ in subscriber.putNext(value) }))
                },
                error: { error in
                    lane.addTask(SThreadPoolTask(unchecked: { _ in subscriber.putError(error) }))
                },
                completed: {
                    lane.addTask(SThreadPoolTask(unchecked: { _ in subscriber.putCompletion() }))
                })
        }
    }

    /// The same as `deliverOnThreadPool(_:)`.
    public func deliverOn(_ threadPool: SThreadPool) -> SSignal {
        deliverOnThreadPool(threadPool)
    }

    /// Subscribes to this signal on `queue` (inline when already on it, otherwise
    /// asynchronously); events then arrive on whatever thread the source uses.
    ///
    /// Disposal before the queue gets to it means the source is never started; after, it
    /// disposes the source subscription.
    public func startOn(_ queue: SQueue) -> SSignal {
        SSignal { subscriber in
            let deferred = DeferredStartEngine()
            queue.executionQueue.async {
                deferred.begin { self.forward(to: subscriber) }
            }
            return deferred
        }
    }

    /// Subscribes to this signal in a task on `threadPool`. Disposal before the task runs
    /// cancels it (the source is never started); after, it disposes the source
    /// subscription.
    public func startOnThreadPool(_ threadPool: SThreadPool) -> SSignal {
        SSignal { subscriber in
            let deferred = DeferredStartEngine()
            let task = SThreadPoolTask(unchecked: { isCancelled in
                if isCancelled() {
                    return
                }
                deferred.begin { self.forward(to: subscriber) }
            })
            threadPool.addTask(task)
            return SBlockDisposable {
                task.cancel()
                deferred.dispose()
            }
        }
    }

    /// The same as `startOnThreadPool(_:)`.
    public func startOn(_ threadPool: SThreadPool) -> SSignal {
        startOnThreadPool(threadPool)
    }

    /// Debounces on `queue`: emits the latest value once the source has been quiet for
    /// `delay` seconds.
    ///
    /// Events are handled on `queue`. Each value replaces the pending one and restarts
    /// the timer; when the timer fires, the pending value is emitted on `queue`. When the
    /// source completes, a pending value is emitted at once, followed by completion;
    /// without a pending value, completion comes `delay` seconds later (as in the
    /// original). An error is forwarded at once and drops the pending value. Disposal
    /// stops the timer. A negative or NaN `delay` counts as zero (the value is emitted on
    /// the queue's next turn). The original emitted only the first value ever received;
    /// see the decided fixes. The state is the shared engine `DebounceEngine` (SignalSync),
    /// the one under the typed `debounce(_:queue:)` too.
    public func throttleOn(_ queue: SQueue, delay: Double) -> SSignal {
        SSignal { subscriber in
            let debounce = DebounceEngine<Any?, Any?>(
                delay: delay, queue: queue.executionQueue, emit: subscriber.putNext, fail: subscriber.putError,
                complete: subscriber.putCompletion)
            debounce.attach(self.deliverOn(queue).start(next: debounce.next, error: debounce.failed, completed: debounce.completed))
            return debounce
        }
    }

    /// Starts this signal forwarding every event to `subscriber`.
    func forward(to subscriber: SSubscriber) -> SDisposable {
        start(
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

/// The deferred-start engine (SignalSync's `Engines/DeferredStart/`) is an untyped
/// disposable: the subscription `startOn` returns.
extension DeferredStartEngine: SDisposable {}

/// The timed-hold engine (SignalSync's `Engines/TimedHold/`) is an untyped disposable: the
/// subscription `throttleOn` returns, and the operator module's `throttle`.
extension TimedHoldEngine: SDisposable {}

/// Where a `deliverOn` subscription's terminal events go: through the hop that moves its
/// events to the queue, after the values before them, to the subscriber.
private final class SHopTerminals: Sendable {
    let hop: SerialHop<Any?>
    let subscriber: SSubscriber

    /// `hop`, whose values go to `subscriber`, and where its terminal events go.
    init(_ hop: SerialHop<Any?>, to subscriber: SSubscriber) {
        self.hop = hop
        self.subscriber = subscriber
    }

    /// An error from upstream: after the values before it.
    func error(_ error: Any?) {
        hop.sendTerminal { [subscriber] in subscriber.putError(error) }
    }

    /// The completion from upstream: after the values before it.
    func completed() {
        hop.sendTerminal(subscriber.putCompletion)
    }
}
