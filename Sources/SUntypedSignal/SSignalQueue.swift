import SignalSync

/// A serial work queue of signals: signals enqueued here run one at a time, in the order
/// in which they are subscribed.
///
/// `enqueue(s)` returns a signal; subscribing to it puts `s` at the end of the queue.
/// When its turn comes, `s` is subscribed and its events are forwarded to that
/// subscriber; when `s` completes or fails (an error is forwarded to the subscriber but
/// does not stop the queue), the next item starts. Disposing the subscription cuts a
/// running item off (the queue moves on); disposing it before the item has started
/// removes the item: it never runs. The enqueued signal keeps the queue alive;
/// deallocating the queue cancels the running and waiting items.
public final class SSignalQueue: @unchecked Sendable {
    // Safety: both properties are immutable and thread-safe.
    private let pipe = SPipe()
    private let subscription: SDisposable

    /// Creates an empty queue.
    public init() {
        subscription = pipe.signal().queue().start()
    }

    /// A signal that, when subscribed, runs `signal` in its turn and forwards its events.
    public func enqueue(_ signal: SSignal) -> SSignal {
        SSignal { [self] subscriber in
            let item = SSignalQueueItem()
            pipe.putNext(item.proxy(running: signal, for: subscriber))
            return item
        }
    }

    deinit {
        subscription.dispose()
    }
}

/// One subscription's place in an `SSignalQueue`; it is that subscription's disposable.
private final class SSignalQueueItem: SDisposable, @unchecked Sendable {
    // Safety: every `var` is guarded by `mutex`.
    private let mutex = PosixLock()
    private var cancelled = false
    private var running: SDisposable?
    private var turn: SSubscriber?

    /// The signal the queue runs in this item's turn: it starts `signal` for
    /// `subscriber`, and completes (freeing the turn) when `signal` ends, with an error
    /// or not, or when the item is disposed. A cancelled item completes at once.
    func proxy(running signal: SSignal, for subscriber: SSubscriber) -> SSignal {
        SSignal { [self] turn in
            mutex.lock()
            if cancelled {
                mutex.unlock()
                turn.putCompletion()
                return nil
            }
            self.turn = turn
            mutex.unlock()
            let handle = signal.start(
                next: { value in
                    subscriber.putNext(value)
                },
                error: { error in
                    subscriber.putError(error)
                    turn.putCompletion()
                },
                completed: {
                    subscriber.putCompletion()
                    turn.putCompletion()
                })
            mutex.lock()
            if cancelled {
                mutex.unlock()
                handle.dispose()
                return nil
            }
            running = handle
            mutex.unlock()
            return handle
        }
    }

    func dispose() {
        mutex.lock()
        if cancelled {
            mutex.unlock()
            return
        }
        cancelled = true
        let handle = running
        running = nil
        let turn = self.turn
        self.turn = nil
        mutex.unlock()
        handle?.dispose()
        turn?.putCompletion()
    }
}
