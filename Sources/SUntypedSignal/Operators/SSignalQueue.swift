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
    // Safety: the phase is reached only through `state.withLock`.
    private enum Phase {
        /// Waiting for its turn.
        case waiting
        /// Its turn came; its signal is being started.
        case starting(turn: SSubscriber)
        /// Its signal runs under `handle`.
        case running(turn: SSubscriber, handle: SDisposable)
        /// Disposed: it never runs, or no longer.
        case cancelled
    }

    private let state = LockedState(Phase.waiting)

    /// The signal the queue runs in this item's turn: it starts `signal` for
    /// `subscriber`, and completes (freeing the turn) when `signal` ends, with an error
    /// or not, or when the item is disposed. A cancelled item completes at once.
    func proxy(running signal: SSignal, for subscriber: SSubscriber) -> SSignal {
        SSignal { [self] turn in
            let cancelled = state.withLock { phase in
                guard case .waiting = phase else { return true }
                phase = .starting(turn: turn)
                return false
            }
            if cancelled {
                turn.putCompletion()
                return nil
            }
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
            let kept = state.withLock { phase in
                guard case .starting(let turn) = phase else { return false }
                phase = .running(turn: turn, handle: handle)
                return true
            }
            if !kept {
                handle.dispose()
                return nil
            }
            return handle
        }
    }

    func dispose() {
        let previous = state.withLock { phase in
            defer { phase = .cancelled }
            return phase
        }
        switch previous {
        case .waiting, .cancelled:
            break
        case .starting(let turn):
            turn.putCompletion()
        case .running(let turn, let handle):
            handle.dispose()
            turn.putCompletion()
        }
    }
}
