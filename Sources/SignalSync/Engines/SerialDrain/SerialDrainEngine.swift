/// The engine that runs one subscription's events one at a time, in arrival order,
/// outside any lock: the typed `reduceLeft(value:f:)`, the untyped `reduceLeft` /
/// `reduceLeftWithPassthrough`, and the folds of both operator modules (`FoldEngine`).
///
/// Whoever brings an event while none is being handled handles it, and every event that
/// arrives meanwhile, before returning (see `SerialDrainMachine`). The handlers may so keep
/// unlocked state such as an accumulator and call user closures without a lock and
/// without racing. Nothing is handled after a terminal event, nor after `close()`.
///
/// A value goes to its handler as it came, never wrapped in a `SerialDrainEvent` unless it
/// has to wait: copying an event whose payload is an existential (the untyped `Any?`)
/// copies the payload through the runtime, and pattern-matching such an enum copies it
/// once more, so the uncontended path (`putNext` finding the drain idle) copies nothing.
@usableFromInline
package final class SerialDrainEngine<Value, Failure>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the handlers are
    // immutable and run only on the drainer, one event at a time (SerialDrainEngineTests
    // .testConcurrentEventsNeverOverlapAndNoneIsLost).
    @usableFromInline
    let state = LockedState(SerialDrainMachine<Value, Failure>())
    @usableFromInline
    let onValue: (Value) -> Void
    @usableFromInline
    let onEnd: (SerialDrainEvent<Value, Failure>) -> Void

    /// A drain that hands each value to `value` and the terminal event (`.error` or
    /// `.completed`, never `.next`) to `end`.
    @inlinable
    package init(value: @escaping (Value) -> Void, end: @escaping (SerialDrainEvent<Value, Failure>) -> Void) {
        onValue = value
        onEnd = end
    }

    /// Brings `value`: handles it, and whatever arrives meanwhile, when the drain is idle;
    /// queues it when another call is handling; drops it when the drain is closed.
    @inlinable
    package func putNext(_ value: Value) {
        guard state.withLock({ $0.arrive(isTerminal: false) { .next(value) } }) == .handle else {
            return
        }
        onValue(value)
        handleWaiting()
    }

    /// Brings `event` (a value or a terminal event), as `putNext` does.
    @inlinable
    package func put(_ event: SerialDrainEvent<Value, Failure>) {
        guard state.withLock({ $0.arrive(event) }) == .handle else {
            return
        }
        handle(event)
        handleWaiting()
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

    /// The drainer hands `event` to its handler.
    @inlinable
    func handle(_ event: SerialDrainEvent<Value, Failure>) {
        if case .next(let value) = event {
            onValue(value)
        } else {
            onEnd(event)
        }
    }

    /// The drainer handles the events that arrived while it was handling, until none waits.
    @inlinable
    func handleWaiting() {
        while case .handle(let next) = state.withLock({ $0.handled() }) {
            handle(next)
        }
    }
}
