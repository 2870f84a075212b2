/// The engine that runs one subscription's events one at a time, in arrival order,
/// outside any lock: the typed `reduceLeft(value:f:)` and the untyped `reduceLeft` /
/// `reduceLeftWithPassthrough`.
///
/// Whoever brings an event while none is being handled handles it, and every event that
/// arrives meanwhile, before returning (see `SerialDrainMachine`). The handler may so keep
/// unlocked state such as an accumulator and call user closures without a lock and
/// without racing. Nothing is handled after a terminal event, nor after `close()`.
@usableFromInline
package final class SerialDrainEngine<Value, Failure>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; `handler` is immutable
    // and runs only on the drainer, one event at a time.
    @usableFromInline
    let state = LockedState(SerialDrainMachine<Value, Failure>())
    @usableFromInline
    let handler: (SerialDrainEvent<Value, Failure>) -> Void

    /// A drain that hands its events to `handler`.
    @inlinable
    package init(_ handler: @escaping (SerialDrainEvent<Value, Failure>) -> Void) {
        self.handler = handler
    }

    /// Brings `event`: handles it, and whatever arrives meanwhile, when the drain is idle;
    /// queues it when another call is handling; drops it when the drain is closed.
    @inlinable
    package func put(_ event: SerialDrainEvent<Value, Failure>) {
        guard state.withLock({ $0.arrive(event) }) == .handle else {
            return
        }
        var current = event
        while true {
            handler(current)
            guard case .handle(let next) = state.withLock({ $0.handled() }) else {
                return
            }
            current = next
        }
    }

    /// Closes the drain (for an event that bypasses the queue, such as the typed fold's
    /// error): returns false when a terminal event had arrived already or the drain was
    /// closed before. An event being handled runs to its end; waiting ones are dropped
    /// (released here, outside the lock).
    @inlinable
    package func close() -> Bool {
        switch state.withLock({ $0.close() }) {
        case .closed(let dropped):
            withExtendedLifetime(dropped) {}
            return true
        case .alreadyClosed(let dropped):
            withExtendedLifetime(dropped) {}
            return false
        }
    }
}
