/// An event of one subscription as a `SerialDrainEngine` hands it on.
@usableFromInline
package enum SerialDrainEvent<Value, Failure> {
    /// A value.
    case next(Value)
    /// The error that ends the subscription.
    case error(Failure)
    /// The completion that ends the subscription.
    case completed

    /// Whether the event ends the subscription.
    @inlinable
    var isTerminal: Bool {
        if case .next = self {
            return false
        }
        return true
    }
}

/// The transitions of a serial drain: which thread handles events (the drainer), the
/// events waiting for it, and whether the drain still takes events.
///
/// A thread whose event finds the drain idle becomes the drainer and handles it; events
/// that arrive meanwhile (from other threads, or re-entrantly from the handler) wait in
/// arrival order and the drainer handles them before it lets go. A terminal event closes
/// the drain to later arrivals (it is still handled after the ones before it); `close()`
/// closes it at once and drops what waits.
///
/// A value type with no side effects: every transition runs under the storage's lock
/// (`SerialDrainEngine`) and returns an action, what the storage does once unlocked.
@usableFromInline
package struct SerialDrainMachine<Value, Failure> {
    /// An event the drain hands on.
    @usableFromInline
    package typealias Event = SerialDrainEvent<Value, Failure>

    /// Every phase of the drain.
    @usableFromInline
    package enum State: Equatable {
        /// Takes events; none is being handled.
        case idle
        /// A drainer handles events; those that arrive meanwhile wait for it.
        case draining
        /// Closed to arrivals while the drainer still handles what waits (a terminal
        /// event arrived, or `close()` came during a drain).
        case closing
        /// Closed, and no drainer: every event is dropped.
        case closed
    }

    /// What the thread that brought an event does.
    @usableFromInline
    package enum ArriveAction: Equatable {
        /// Handle it now: this thread is the drainer.
        case handle
        /// Nothing: the drainer will handle it.
        case queued
        /// Nothing: the drain is closed and the event is dropped.
        case dropped
    }

    /// What the drainer does after handling an event.
    @usableFromInline
    package enum HandledAction {
        /// Handle this waiting event next.
        case handle(Event)
        /// Let go: nothing waits (the drain is idle, or closed).
        case letGo
    }

    /// What follows `close()`; either way the waiting events are handed out, to be
    /// released outside the lock.
    @usableFromInline
    package enum CloseAction {
        /// The drain was open: the caller's terminal event goes downstream.
        case closed(dropped: [Event])
        /// A terminal event had arrived already, or the drain was closed before.
        case alreadyClosed(dropped: [Event])
    }

    /// Where the drain is.
    @usableFromInline
    package private(set) var state = State.idle
    /// The events waiting for the drainer, oldest first (empty unless draining or
    /// closing); kept apart from `state` so that appending never copies them.
    @usableFromInline
    var waiting = FIFO<Event>()

    /// A drain that takes events and has none.
    @inlinable
    package init() {}

    /// `event` arrived.
    @inlinable
    package mutating func arrive(_ event: Event) -> ArriveAction {
        arrive(isTerminal: event.isTerminal) { event }
    }

    /// An event arrived, terminal or not; `event` makes it, called only when it must wait
    /// (so that a value handled at once is never copied into an event).
    @inlinable
    package mutating func arrive(isTerminal: Bool, _ event: () -> Event) -> ArriveAction {
        switch state {
        case .closing, .closed:
            // Legitimate: `close()` came first (the fold's error, which bypasses the
            // drain), or a value sent on another thread races the terminal event.
            return .dropped
        case .idle:
            state = isTerminal ? .closing : .draining
            return .handle
        case .draining:
            waiting.append(event())
            if isTerminal {
                state = .closing
            }
            return .queued
        }
    }

    /// The drainer handled an event: hands it the next one, or lets it go when none waits.
    @inlinable
    package mutating func handled() -> HandledAction {
        // `isEmpty` first: the common case then builds no optional event.
        if !waiting.isEmpty, let next = waiting.popFirst() {
            return .handle(next)
        }
        switch state {
        case .draining:
            state = .idle
        case .closing:
            state = .closed
        case .idle, .closed:
            // Impossible: while a drainer handles, the drain is `.draining` or `.closing`,
            // and only the drainer letting go leaves them.
            preconditionFailure("SerialDrainMachine: handled() with no drainer (state \(state))")
        }
        return .letGo
    }

    /// Closes the drain: later events are dropped, and so are the waiting ones.
    @inlinable
    package mutating func close() -> CloseAction {
        let dropped = waiting.removeAll()
        switch state {
        case .idle:
            state = .closed
            return .closed(dropped: dropped)
        case .draining:
            state = .closing
            return .closed(dropped: dropped)
        case .closing, .closed:
            // Legitimate: the terminal event arrived, or the drain was closed, first.
            return .alreadyClosed(dropped: dropped)
        }
    }
}
