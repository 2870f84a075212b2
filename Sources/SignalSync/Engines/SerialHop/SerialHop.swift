/// What a serial hop does after an event was offered.
package enum SerialHopStep: Sendable {
    /// Nothing: the event waits for the hop already under way, or was dropped (it came
    /// after a terminal event).
    case none
    /// Schedule a hop: the buffer was empty and no hop is under way.
    case scheduleHop
}

/// The transitions a `SerialHopDrain` asks of its machine (`SerialHopMachine`).
///
/// The drain is generic over the machine type itself, not over the value type: code not
/// specialized for the values' type (every generic operator) then reaches the machine
/// through the drain's own generic argument, with no runtime metadata lookup per event.
package protocol SerialHopBuffering {
    /// The values the hop carries.
    associatedtype Value
    /// An empty buffer, no hop under way.
    init()
    /// Buffers `value`.
    mutating func offer(_ value: Value) -> SerialHopStep
    /// Buffers the terminal event (`deliver` sends it); later events are dropped.
    mutating func offerTerminal(_ deliver: @escaping () -> Void) -> SerialHopStep
    /// Takes everything buffered; nil when nothing is (the hop is over).
    mutating func takeBatch() -> (values: [Value], terminal: (() -> Void)?)?
    /// Gives back a delivered batch's array, emptied.
    mutating func recycle(_ emptied: [Value])
}

/// The transitions of a serial hop: the values waiting for the hop onto the target
/// queue, the terminal event after them, and whether a hop is under way.
///
/// A value type with no side effects: each transition runs under the hop's lock and
/// returns what the hop must do once unlocked (schedule a hop, deliver a batch, stop).
/// Two arrays take turns as the buffer, so that in steady state an event costs an
/// append into capacity already there.
package struct SerialHopMachine<Value>: SerialHopBuffering {
    /// Values waiting for the hop, in arrival order.
    private var buffer: [Value] = []
    /// The other array: empty, its capacity kept for the next turn as the buffer.
    private var spare: [Value] = []
    /// The terminal event, delivered after every value buffered before it.
    private var terminal: (() -> Void)?
    /// A terminal event was offered: later events are dropped.
    private var ended = false
    /// A hop is scheduled or draining: new events join it instead of scheduling one.
    private var hopping = false

    /// An empty buffer, no hop under way.
    package init() {}

    /// Buffers `value`.
    package mutating func offer(_ value: Value) -> SerialHopStep {
        if ended { return .none }
        buffer.append(value)
        return startHop()
    }

    /// Buffers the terminal event (`deliver` sends it downstream); later events are dropped.
    package mutating func offerTerminal(_ deliver: @escaping () -> Void) -> SerialHopStep {
        if ended { return .none }
        ended = true
        terminal = deliver
        return startHop()
    }

    private mutating func startHop() -> SerialHopStep {
        if hopping { return .none }
        hopping = true
        return .scheduleHop
    }

    /// The hop takes everything buffered so far: the values and the terminal event, if
    /// it came. Nil when nothing is buffered: the hop is over (the next event schedules
    /// a new one).
    package mutating func takeBatch() -> (values: [Value], terminal: (() -> Void)?)? {
        if buffer.isEmpty && terminal == nil {
            hopping = false
            return nil
        }
        let taken = buffer
        buffer = spare
        spare = []
        defer { terminal = nil }
        return (taken, terminal)
    }

    /// Gives back a delivered batch's array, emptied, to be the next buffer's spare.
    package mutating func recycle(_ emptied: [Value]) {
        spare = emptied
    }
}

/// One subscription's `SerialHopDrain` for values of type `Value`.
package typealias SerialHop<Value> = SerialHopDrain<SerialHopMachine<Value>>

/// Delivers one subscription's events on a queue: the one engine under typed and
/// untyped `deliverOn(queue)` (as `SerialHop<Value>`).
///
/// An event sent while the queue is current is delivered at once, inline (the queue's
/// `async` rule). Any other event is buffered; only the event that finds the buffer
/// empty, with no hop under way, schedules a hop onto the queue, and that hop delivers
/// every event buffered by then, in arrival order, then looks again, until the buffer is
/// empty. So events keep their order and their delivering queue, one hop carries a whole
/// burst, and one subscription's events are delivered one at a time, also on a
/// concurrent queue. Events after a terminal event are dropped; events the subscriber
/// no longer takes (it was disposed) are dropped by the subscriber. No lock is held
/// while an event is delivered.
package final class SerialHopDrain<Machine: SerialHopBuffering>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the `let`s are
    // immutable.
    private let state = LockedState(Machine())
    private let queue: ExecutionQueue
    private let deliver: (Machine.Value) -> Void

    /// Creates the hop of one subscription: `deliver` sends a value downstream, on `queue`.
    package init(queue: ExecutionQueue, deliver: @escaping (Machine.Value) -> Void) {
        self.queue = queue
        self.deliver = deliver
    }

    /// Delivers `value` on the queue: inline when it is current, else by the hop.
    package func send(_ value: Machine.Value) {
        if queue.isCurrent {
            deliver(value)
            return
        }
        if state.withLock({ $0.offer(value) }) == .scheduleHop {
            scheduleHop()
        }
    }

    /// Delivers a terminal event (`terminate` sends it downstream) on the queue, after
    /// every value buffered before it: inline when the queue is current.
    package func sendTerminal(_ terminate: @escaping () -> Void) {
        if queue.isCurrent {
            terminate()
            return
        }
        if state.withLock({ $0.offerTerminal(terminate) }) == .scheduleHop {
            scheduleHop()
        }
    }

    private func scheduleHop() {
        queue.justDispatch { [self] in drain() }
    }

    /// On the queue: delivers batches until the buffer is found empty.
    private func drain() {
        while case (var values, let terminal)? = state.withLock({ $0.takeBatch() }) {
            for value in values {
                deliver(value)
            }
            values.removeAll(keepingCapacity: true)  // the values are released here, unlocked
            state.withLock { $0.recycle(values) }
            terminal?()
        }
    }
}
