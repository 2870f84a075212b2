import SignalSync

/// A settable current value, replayed to every subscriber.
///
/// `set(value)` stores it and calls every subscriber in subscription order,
/// synchronously, on the calling thread. With `ignoreRepeated`, a value equal to the
/// current one is dropped. `get()` emits the current value (if any) on subscription,
/// then every later one; it never completes and keeps the promise alive while
/// subscribed. A `set` from inside a subscriber reaches every subscriber before the
/// outer delivery continues, so later subscribers may see values out of order (as in
/// the original). A subscriber that starts while other threads set gets the current
/// value first, then the newest value set meanwhile, then every later one: it never
/// receives the replayed value after a newer one, and `get()`'s subscription returns in
/// bounded time however fast others set.
///
/// The initializers are inlinable so that the promise's hub is made specialized for `T`
/// where the promise is (its disposals then run specialized).
public final class ValuePromise<T: Equatable>: @unchecked Sendable {
    // Safety: the cell locks.
    @usableFromInline let cell: ValueCellEngine<T>

    /// Whether `set` drops a value equal to the current one.
    public let ignoreRepeated: Bool

    /// Creates a promise holding `value`.
    @inlinable public init(_ value: T, ignoreRepeated: Bool = false) {
        cell = ValueCellEngine(value)
        self.ignoreRepeated = ignoreRepeated
    }

    /// Creates an empty promise.
    @inlinable public init(ignoreRepeated: Bool = false) {
        cell = ValueCellEngine(nil)
        self.ignoreRepeated = ignoreRepeated
    }

    /// Stores `value` and delivers it to every subscriber (unless it repeats the current
    /// value and `ignoreRepeated` is set; `==` runs outside the promise's lock). The
    /// previous value is released before any subscriber is called.
    @inlinable public func set(_ value: T) {
        if ignoreRepeated {
            cell.set(value, unlessEqual: ==)
        } else {
            cell.set(value)
        }
    }

    /// The values held for subscribers receiving their replay (at most one each), for the
    /// stress tests.
    package var pendingHandovers: Int {
        cell.pendingCount
    }

    /// The current value, then every later one; never completes.
    ///
    /// Inlinable, so that subscribing runs specialized for `T` in the caller: unspecialized,
    /// each subscription looked up the run-time metadata of the hub's generic types.
    @inlinable public func get() -> Signal<T, NoError> {
        HubSignal<T, NoError>(cell.hub, owner: self)
    }
}
