import SignalSync

/// Delivers every event on `queue`: inline when already on `queue` and no earlier event
/// of this subscription still waits for its turn (then it waits behind them, so that a
/// completion sent on `queue` never overtakes a value another thread sent before it: see
/// Divergences.md); otherwise the event takes its turn on `queue` after everything put
/// there before it (by any subscription, `async` or a timer), as with one `queue.async`
/// per event, while one hop onto the dispatch queue runs a whole burst.
///
/// Upstream is torn down on termination right away, on the upstream thread, even when
/// the terminal event reaches downstream later. Events still waiting when the
/// subscription is disposed are dropped, as are events after a terminal event. On the
/// concurrent queues and wrapped dispatch queues (never current) one subscription's
/// events are delivered one at a time, in order (see Divergences.md).
@inlinable
public func deliverOn<T, E>(_ queue: Queue) -> (Signal<T, E>) -> Signal<T, E> {
    deliverOn(queue, group: nil)
}

/// `deliverOn(queue)` through a hop of `group`: the hops of one subscription whose events
/// come from several sources (`combineLatest(queue:)`), so that an event sent on the queue
/// waits while another source's events do.
@inlinable
func deliverOn<T, E>(_ queue: Queue, group: SerialHopGroup?) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let hop = SerialHop<T>(queue: queue.executionQueue, group: group, deliver: subscriber.putNext)
            if signal.stage.plan(for: .valueReceiver) == .joinHub {
                // A hot source's signal: its hub hands each value to the hop, instead of a
                // subscription of the source's own (a hub sends no terminal event); the
                // membership is the disposable. The hub holds the hop, which holds the
                // subscriber, as the source subscription's callbacks did. Pinned by
                // SignalDispatchTests.testDeliverOnOverAHotSourceJoinsItsHub.
                return signal.joinedHub.join(PipeHubClosureReceiver(hop.send))
            }
            // Each closure captures one object, which is then its context: the hop, or
            // the hop and the subscriber in one object rather than two closure contexts.
            let terminals = HopTerminals(hop, to: subscriber)
            return signal.start(next: hop.send, error: { terminals.error($0) }, completed: { terminals.completed() })
        }
    }
}

/// Where a `deliverOn` subscription's terminal events go: through the hop that moves its
/// events to the queue, after the values before them, to the subscriber.
@usableFromInline
final class HopTerminals<T, E>: Sendable {
    @usableFromInline let hop: SerialHop<T>
    @usableFromInline let subscriber: Subscriber<T, E>

    /// `hop`, whose values go to `subscriber`, and where its terminal events go.
    @inlinable
    init(_ hop: SerialHop<T>, to subscriber: Subscriber<T, E>) {
        self.hop = hop
        self.subscriber = subscriber
    }

    /// An error from upstream: after the values before it.
    @inlinable
    func error(_ error: E) {
        hop.sendTerminal { [subscriber] in subscriber.putError(error) }
    }

    /// The completion from upstream: after the values before it.
    @inlinable
    func completed() {
        hop.sendTerminal(subscriber.putCompletion)
    }
}

/// `deliverOn(Queue.mainQueue())`: inline when already on the main thread.
@inlinable
public func deliverOnMainQueue<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    signal |> deliverOn(Queue.mainQueue())
}

/// Delivers every event as a task on a lane of `threadPool` of its own per
/// subscription: serial and ordered, on pool threads. Events after disposal are
/// dropped.
public func deliverOn<T, E>(_ threadPool: ThreadPool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let lane = threadPool.nextQueue()
            @Sendable func deliver(_ event: @escaping () -> Void) {
                lane.addTask(ThreadPoolTask(unchecked: { _ in event() }))
            }
            return signal.start(
                next: { value in
                    deliver { subscriber.putNext(value) }
                },
                error: { error in
                    deliver { subscriber.putError(error) }
                },
                completed: {
                    deliver { subscriber.putCompletion() }
                })
        }
    }
}

/// Runs the subscription (the upstream generator) on `queue`: inline when current,
/// otherwise dispatched, so `start` returns before upstream is subscribed. Disposal
/// before that prevents the subscription. Events are not moved.
public func runOn<T, E>(_ queue: Queue) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            if queue.isCurrent() {
                return signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            }
            let pending = DeferredStartEngine()
            queue.asyncUnchecked {
                pending.begin {
                    signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
                }
            }
            return pending
        }
    }
}

/// Runs the subscription as a task on `threadPool`; disposing before the task runs
/// cancels it. Events are not moved.
public func runOn<T, E>(_ threadPool: ThreadPool) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let pending = DeferredStartEngine()
            let task = ThreadPoolTask(unchecked: { state in
                guard !state.cancelled.with({ $0 }) else { return }
                pending.begin {
                    signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
                }
            })
            threadPool.addTask(task)
            return ActionDisposable {
                task.cancel()
                pending.dispose()
            }
        }
    }
}

/// The deferred-start engine (SignalSync's `Engines/DeferredStart/`) is a typed
/// disposable: the subscription `runOn` returns.
extension DeferredStartEngine: Disposable {}
