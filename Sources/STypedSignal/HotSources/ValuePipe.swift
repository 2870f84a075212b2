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
    // Safety: all state is in `hub`, which locks; `subscribers` is immutable.
    @usableFromInline let hub: PipeHubEngine<T>
    /// The signal `signal()` returns: it holds the hub, not the pipe.
    @usableFromInline let subscribers: Signal<T, NoError>

    /// Creates a pipe with no subscribers.
    ///
    /// Inlinable, so that its signal's subscriptions run specialized for `T`: unspecialized,
    /// each looked up the run-time metadata of the hub's generic types.
    @inlinable public init() {
        let hub = PipeHubEngine<T>(.silent, reentrancy: .queued)
        self.hub = hub
        subscribers = HubSignal<T, NoError>(hub, owner: nil)
    }

    deinit {
        hub.close()  // releases the subscribers; later subscriptions get nothing
    }

    /// A signal of every value put after subscription; never completes. (The same signal
    /// at each call.)
    @inlinable public func signal() -> Signal<T, NoError> {
        subscribers
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
