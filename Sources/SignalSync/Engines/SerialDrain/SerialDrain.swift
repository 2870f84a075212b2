/// An event of one subscription as a `SerialDrain` hands it on.
package enum SerialDrainEvent<Value, Failure> {
    /// A value.
    case next(Value)
    /// The error that ends the subscription.
    case error(Failure)
    /// The completion that ends the subscription.
    case completed

    /// Whether the event ends the subscription.
    var isTerminal: Bool {
        if case .next = self {
            return false
        }
        return true
    }
}

/// What the thread that brought an event to a `SerialDrain` does.
package enum SerialDrainArrival {
    /// Handle it now: this thread is the drainer.
    case handle
    /// Nothing: the drainer will handle it.
    case queued
    /// Nothing: the drain is closed and the event is dropped.
    case dropped
}

/// The transitions of a serial drain: which thread handles events (the drainer), the
/// events waiting for it, and whether the drain still takes events.
///
/// A thread whose event finds the drain idle becomes the drainer and handles it; events
/// that arrive meanwhile (from other threads, or re-entrantly from the handler) wait in
/// arrival order and the drainer handles them before it lets go. A terminal event closes
/// the drain to later arrivals (it is still handled after the ones before it); `close()`
/// closes it at once and drops what waits.
package struct SerialDrainMachine<Value, Failure> {
    private var draining = false
    private var closed = false
    /// Waiting events from `head` on; handed-out slots are cleared at once.
    private var waiting: [SerialDrainEvent<Value, Failure>?] = []
    private var head = 0

    /// A drain that takes events and has none.
    package init() {}

    /// `event` arrived.
    package mutating func arrive(_ event: SerialDrainEvent<Value, Failure>) -> SerialDrainArrival {
        if closed {
            return .dropped
        }
        if event.isTerminal {
            closed = true
        }
        if draining {
            waiting.append(event)
            return .queued
        }
        draining = true
        return .handle
    }

    /// The drainer handled an event: returns the next one to handle, or nil when none
    /// waits (the drain is then idle).
    package mutating func handled() -> SerialDrainEvent<Value, Failure>? {
        guard head < waiting.count else {
            draining = false
            if head > 0 {
                waiting.removeAll(keepingCapacity: true)
                head = 0
            }
            return nil
        }
        let event = waiting[head]
        waiting[head] = nil
        head += 1
        if head >= 64 && head * 2 >= waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return event
    }

    /// Closes the drain: later events are dropped, and so are the waiting ones (returned,
    /// for the caller to release outside the lock). `wasOpen` is false when a terminal
    /// event had arrived already or the drain was closed before.
    package mutating func close() -> (wasOpen: Bool, dropped: [SerialDrainEvent<Value, Failure>]) {
        let wasOpen = !closed
        closed = true
        let dropped = waiting[head...].compactMap { $0 }
        waiting = []
        head = 0
        return (wasOpen, dropped)
    }
}

/// The engine that runs one subscription's events one at a time, in arrival order,
/// outside any lock: the typed `reduceLeft(value:f:)` and the untyped `reduceLeft` /
/// `reduceLeftWithPassthrough`.
///
/// Whoever brings an event while none is being handled handles it, and every event that
/// arrives meanwhile, before returning (see `SerialDrainMachine`). The handler may so keep
/// unlocked state such as an accumulator and call user closures without a lock and
/// without racing. Nothing is handled after a terminal event, nor after `close()`.
package final class SerialDrain<Value, Failure>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; `handler` is immutable
    // and runs only on the drainer, one event at a time.
    private let state = LockedState(SerialDrainMachine<Value, Failure>())
    private let handler: (SerialDrainEvent<Value, Failure>) -> Void

    /// A drain that hands its events to `handler`.
    package init(_ handler: @escaping (SerialDrainEvent<Value, Failure>) -> Void) {
        self.handler = handler
    }

    /// Brings `event`: handles it, and whatever arrives meanwhile, when the drain is idle;
    /// queues it when another call is handling; drops it when the drain is closed.
    package func put(_ event: SerialDrainEvent<Value, Failure>) {
        guard state.withLock({ $0.arrive(event) }) == .handle else {
            return
        }
        var current = event
        while true {
            handler(current)
            guard let next = state.withLock({ $0.handled() }) else {
                return
            }
            current = next
        }
    }

    /// Closes the drain (for an event that bypasses the queue, such as the typed fold's
    /// error): returns false when a terminal event had arrived already or the drain was
    /// closed before. An event being handled runs to its end; waiting ones are dropped.
    package func close() -> Bool {
        let (wasOpen, dropped) = state.withLock { $0.close() }
        withExtendedLifetime(dropped) {}  // released outside the lock
        return wasOpen
    }
}
