import SignalSync

/// A hot subject: values pushed into `sink` reach every current subscriber of its signal.
///
/// `sink(value)` (or `putNext`) calls every subscriber synchronously, on the caller's
/// thread, in subscription order (nil allowed). With `replay: true`, a new subscriber
/// first receives the most recent value if any value (including nil) has ever been
/// pushed; the value is recorded together with the subscriber snapshot, so a subscriber
/// racing a push gets it exactly once. Values pushed while a subscriber's replay is still
/// running are coalesced: the newest of them follows the replay (never before it), the
/// older ones are skipped, as if the subscriber had subscribed a moment later. So a
/// subscriber never receives the replay after a newer value, never ends on a stale value
/// because of its replay, and subscribing returns in bounded time however fast others
/// push (see `PipeHubMachine`).
///
/// Every subscriber sees the values in push order, even when a subscriber pushes from
/// inside its callback: such a re-entrant push is queued and delivered, on the same
/// thread, once the current value has reached every subscriber, before the outer push
/// returns (the original delivered the nested value first, so later subscribers saw
/// `2, 1` and, with replay, ended on the stale `1`). Pushes from different threads are
/// delivered concurrently, each on its own thread, in no defined order relative to each
/// other. The pipe's signal never completes and never errors. Disposing a subscription
/// removes it; the signal keeps the pipe's state alive, the subscriptions do not.
///
/// ```swift
/// let pipe = SPipe()
/// let d = pipe.signal().start(next: { print($0 ?? "nil") })
/// pipe.putNext(1)   // prints 1
/// d.dispose()
/// pipe.putNext(2)   // nobody listens
/// ```
public final class SPipe: @unchecked Sendable {
    // Safety: the closures and `state` are immutable; the hub locks.

    /// Makes a signal of the pushed values (the same signal at each call).
    public let signalProducer: () -> SSignal
    /// Pushes a value to every current subscriber.
    public let sink: (Any?) -> Void
    /// The pipe's signal, which is also its state: it holds the hub and closes it when the
    /// pipe, its sink and every holder of the signal are gone.
    private let state: PipeSSignal

    /// Creates a pipe; with `replay`, late subscribers get the most recent value.
    public init(replay: Bool = false) {
        let state = PipeSSignal(replay: replay)
        self.state = state
        signalProducer = { state }
        sink = { value in state.push(value) }
    }

    /// The values held for subscribers receiving their replay (at most one each), for the
    /// stress tests.
    package var pendingHandovers: Int {
        state.pendingCount
    }

    /// The same as `signalProducer()`.
    public func signal() -> SSignal {
        state
    }

    /// The same as `sink(value)`.
    public func putNext(_ value: Any?) {
        state.push(value)
    }
}
