import SignalSync

/// A hot source: `putNext` delivers to the current subscribers, with no replay.
///
/// Neither the signal nor a subscription keeps the pipe alive; when the pipe goes
/// away, its subscribers are released without a terminal event, and a later
/// subscription gets nothing. Delivery is synchronous, in subscription order, on the
/// calling thread; `putNext` is thread-safe.
///
/// Every subscriber sees the values in push order, even when a subscriber pushes from
/// inside its callback: such a re-entrant push is queued and delivered, on the same
/// thread, once the current value has reached every subscriber, before the outer
/// `putNext` returns (the original delivered the nested value first, so later
/// subscribers saw `2, 1`). Pushes from different threads are delivered concurrently,
/// each on its own thread, in no defined order relative to each other.
///
/// ```swift
/// let pipe = ValuePipe<Int>()
/// let d = pipe.signal().start(next: { print($0) })
/// pipe.putNext(1)   // 1
/// d.dispose()
/// pipe.putNext(2)   // nothing
/// ```
public final class ValuePipe<T>: @unchecked Sendable {
    // Safety: all state is in `hub`, which locks.
    @usableFromInline let hub = PipeHubEngine<T>(.silent, reentrancy: .queued)

    /// Creates a pipe with no subscribers.
    public init() {}

    /// A signal of every value put after subscription; never completes.
    ///
    /// Inlinable, so that subscribing runs specialized for `T` in the caller: unspecialized,
    /// each subscription looked up the run-time metadata of the hub's generic types.
    @inlinable public func signal() -> Signal<T, NoError> {
        Signal { [weak self] subscriber in
            guard let self else { return EmptyDisposable }
            let key = self.hub.add(PinnedSubscriber(subscriber.core, owner: subscriber))
            return ActionDisposable { [weak self] in
                self?.hub.remove(key)
            }
        }
    }

    /// The values held for subscribers (none: a pipe without replay hands nothing over),
    /// for the stress tests.
    package var pendingHandovers: Int {
        hub.pendingCount
    }

    /// Delivers `next` to every current subscriber, in subscription order, on the
    /// calling thread; from inside a delivery of this pipe, after the current value.
    @inlinable public func putNext(_ next: T) {
        hub.push(next)
    }
}
