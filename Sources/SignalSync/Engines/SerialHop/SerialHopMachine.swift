/// The transitions of one `deliverOn` subscription's events on their way to the queue:
/// the values waiting for their turn in the queue's line, the terminal event after
/// them, and whether the subscription still takes events.
///
/// A value type with no side effects: each transition runs under the hop's lock
/// (`SerialHopEngine`) and returns what to do once unlocked. Every event buffered here
/// also gets a turn in the queue's line (`QueueLineEngine`), put right after it was
/// buffered; when the line reaches `count` turns of this subscription, `take(count:)`
/// hands out the next `count` events, so the subscription's events keep their order
/// and take their place among everything else put on the queue. Two arrays take turns
/// as the buffer, so that in steady state an event costs an append into capacity
/// already there.
package struct SerialHopMachine<Value, Terminal> {
    /// Where the subscription is.
    package enum State {
        /// Events are taken.
        case open
        /// A terminal event was offered: it waits behind the values buffered before it,
        /// and later events are dropped.
        case terminating(Terminal)
        /// The terminal event was handed out: nothing more comes.
        case ended
    }

    /// What the sender does after offering an event.
    package enum OfferAction: Equatable {
        /// Nothing: the event came after a terminal event.
        case drop
        /// Give the event a turn in the queue's line.
        case putOnLine
    }

    /// What the line's turn delivers.
    package enum TakeAction {
        /// Nothing buffered (the events were already handed out).
        case nothing
        /// Deliver `values` in order, then `terminal` when it is there.
        case deliver(values: [Value], terminal: Terminal?)
    }

    /// The phase of the subscription.
    package private(set) var state = State.open
    /// Values waiting for their turn, from `head` on, in arrival order (the ones before
    /// `head` were handed out and are dropped at the next compaction).
    private var buffer: [Value] = []
    private var head = 0
    /// An empty array whose capacity the next buffer reuses.
    private var spare: [Value] = []

    /// An open subscription with nothing buffered.
    package init() {}

    /// How many values wait for their turn.
    package var waitingCount: Int { buffer.count - head }

    /// Buffers `value`.
    package mutating func offer(_ value: Value) -> OfferAction {
        guard case .open = state else { return .drop }
        buffer.append(value)
        return .putOnLine
    }

    /// Buffers the terminal event behind every value before it; later events are dropped.
    package mutating func offerTerminal(_ terminal: Terminal) -> OfferAction {
        guard case .open = state else { return .drop }
        state = .terminating(terminal)
        return .putOnLine
    }

    /// The line gave this subscription `count` turns: hands out its next `count` events
    /// (values first, then the terminal event once every value before it is out).
    ///
    /// The values go out in the spare array, so that in steady state no turn allocates:
    /// the whole buffer when the turn covers it, or when only a few values stay behind
    /// (they move to a fresh buffer); otherwise a copy of the values handed out, which
    /// stay in the buffer until the next compaction or the next whole turn.
    package mutating func take(count: Int) -> TakeAction {
        let available = buffer.count - head
        var values = spare
        spare = []
        if head == 0 && (count >= available || available - count <= count) {
            swap(&values, &buffer)
            if count < available {
                buffer.append(contentsOf: values[count...])
                values.removeLast(available - count)
            }
        } else {
            let taken = min(count, available)
            values.append(contentsOf: buffer[head..<head + taken])
            head += taken
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= buffer.count {
                buffer.removeFirst(head)  // drops the values handed out (amortized O(1))
                head = 0
            }
        }
        var terminal: Terminal?
        if count > available, case .terminating(let pending) = state {
            terminal = pending
            state = .ended
        }
        if values.isEmpty && terminal == nil {
            spare = values
            return .nothing
        }
        return .deliver(values: values, terminal: terminal)
    }

    /// Gives back a delivered value array, emptied, to be the next turn's spare.
    package mutating func recycle(_ emptied: [Value]) {
        spare = emptied
    }
}
