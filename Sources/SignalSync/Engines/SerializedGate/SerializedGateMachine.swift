/// The state of a `serialized()` gate: open until the first terminal event or disposal.
package struct SerializedGateMachine: Equatable {
    /// Every phase of the gate.
    package enum State: Equatable {
        /// Deliveries run.
        case open
        /// A terminal event was delivered or the subscription disposed: nothing runs.
        case closed
    }

    /// Whether a delivery runs.
    package enum DeliveryAction: Equatable {
        /// Run the delivery (still holding the gate).
        case deliver
        /// Drop it: the gate is closed.
        case drop
    }

    /// The current phase.
    package private(set) var state = State.open

    /// An open gate.
    package init() {}

    /// A value: delivered while open.
    package mutating func deliver() -> DeliveryAction {
        // Legitimate when closed: a value sent on another thread, or re-entrantly from a
        // callback, after the terminal event or the disposal.
        state == .open ? .deliver : .drop
    }

    /// A terminal event: delivered, and closes the gate, when it is the first to close it.
    package mutating func terminate() -> DeliveryAction {
        // Legitimate when closed: the disposal came first (from any thread), or a callback
        // ends the subscription re-entrantly.
        guard state == .open else { return .drop }
        state = .closed
        return .deliver
    }

    /// Disposal: closes the gate; there is nothing to perform (the engine's lock is what
    /// makes a disposal wait for a delivery in flight).
    package mutating func close() {
        state = .closed
    }
}
