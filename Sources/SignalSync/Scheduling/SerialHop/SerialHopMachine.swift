/// The segment of a `SerialHopMachine` that events join while nothing else is put on
/// the line. (Not nested in the generic machine: code not specialized for the values'
/// type then needs no metadata lookup to reach it.)
@usableFromInline
package struct SerialHopSegment: Sendable {
    /// Its number (segments are numbered from 0 in the order they start).
    @usableFromInline let id: Int
    /// How many events it holds.
    @usableFromInline var count: Int
    /// The line's put count right after its turn was put; nil until reported.
    @usableFromInline var linePuts: Int?

    @inlinable
    init(id: Int, count: Int, linePuts: Int?) {
        self.id = id
        self.count = count
        self.linePuts = linePuts
    }
}

/// What the sender of an event to a `SerialHopMachine` does next.
@usableFromInline
package enum SerialHopOfferAction: Equatable, Sendable {
    /// Deliver the event now, inline: it was sent on the queue while nothing of the
    /// subscription waited (the originals' timing).
    case deliverNow
    /// Nothing: the value came after the terminal event.
    case drop
    /// Nothing: the event joined the newest segment, whose turn waits in the line.
    case joinedSegment
    /// Put a turn for the new segment `segment` on the line, then report the line's put
    /// count with `turnPut`.
    case putTurn(segment: Int)
}

/// The transitions a `SerialHopEngine` asks of its machine (`SerialHopMachine` with
/// closures as terminal events).
///
/// The engine is generic over the machine type itself, not over the value type: code
/// not specialized for the values' type (every generic operator) then reaches the
/// machine through the engine's own generic argument, with no runtime metadata lookup
/// per event.
@usableFromInline
package protocol SerialHopBuffering {
    /// The values the hop carries.
    associatedtype Value
    /// An open subscription with nothing buffered.
    init()
    /// Buffers `value` (or lets it be delivered now); `linePuts` is the line's put count
    /// read just before, `onQueue` whether the sender runs on the queue.
    mutating func offer(_ value: Value, linePuts: Int, onQueue: Bool) -> SerialHopOfferAction
    /// Buffers the terminal event behind every value before it (or lets it be delivered
    /// now).
    mutating func offerTerminal(_ terminal: @escaping () -> Void, linePuts: Int, onQueue: Bool) -> SerialHopOfferAction
    /// The turn of `segment` was put; the line's put count is now `linePuts`.
    mutating func turnPut(segment: Int, linePuts: Int)
    /// A turn came: the oldest segment's events.
    mutating func takeTurn() -> SerialHopMachine<Value, () -> Void>.TakeAction
    /// The events that joined the running turn of `segment`; `.nothing` ends it.
    mutating func takeMore(of segment: Int) -> SerialHopMachine<Value, () -> Void>.TakeAction
    /// Gives back a delivered batch, emptied.
    mutating func recycle(_ emptied: ValueBatch<Value>)
    /// True while no event waits for its turn or is being delivered in one.
    var isIdle: Bool { get }
}

/// The machine with closures as terminal events is what the engine drives.
extension SerialHopMachine: SerialHopBuffering where Terminal == () -> Void {}

/// The transitions of one `deliverOn` subscription's events on their way to the queue:
/// the events waiting for their turn in the queue's line, cut into segments (one per
/// turn), the terminal event after them, and whether the subscription still takes
/// events.
///
/// An event sent on the queue itself is delivered at once only while nothing of the
/// subscription waits or is being delivered; otherwise it waits behind those events.
/// (The originals deliver it at once regardless: when a subscription's events come from
/// several threads, a completion sent on the queue then overtakes a value another
/// thread put on the line before it, and the ended subscriber drops the value.)
///
/// A value type with no side effects outside itself (its buffers are `ValueBatch`
/// objects, so a copy of a machine shares them: keep one machine per hop): each
/// transition runs under the hop's lock (`SerialHopEngine`) and returns what to do once
/// unlocked. An event joins the newest segment when nothing else was put on the line
/// since that segment's turn was put
/// (the line's put count is unchanged) and its turn has not come yet; otherwise it
/// starts a segment, whose turn the engine puts on the line. So a burst costs one turn,
/// and the subscription's events keep their place among everything else put on the
/// queue. When a turn comes, `takeTurn()` hands out its segment; while it is the newest
/// segment, events keep joining it and `takeMore(of:)` hands them out too, until it is
/// found empty (then the turn ends) or another put closes it. Two batches take turns as
/// the buffer, so that in steady state an event costs an append into capacity already
/// there and a turn allocates nothing; they are `ValueBatch`es, not arrays, because the
/// machine still runs unspecialized under generic code that is not inlined, where an
/// array append looks up the array type's metadata at every event.
@usableFromInline
package struct SerialHopMachine<Value, Terminal> {
    /// Where the subscription is. (The terminal event waits in `terminal` rather than in
    /// `.terminating`: a case payload of a generic type would cost code not specialized
    /// for it a runtime metadata lookup at every event.)
    @usableFromInline
    package enum State: Sendable {
        /// Events are taken.
        case open
        /// A terminal event was offered: it waits behind the values buffered before it,
        /// and later values are dropped (a second terminal event traps).
        case terminating
        /// The terminal event was handed out: nothing more comes.
        case ended
    }

    /// What the sender does after offering an event.
    @usableFromInline
    package typealias OfferAction = SerialHopOfferAction

    /// What a turn delivers.
    @usableFromInline
    package enum TakeAction {
        /// Nothing: the turn is over.
        case nothing
        /// Deliver `values` in order, then `terminal` when it is there; then give the
        /// emptied batch back with `recycle` and ask for more with `takeMore(of: segment)`.
        case deliver(values: ValueBatch<Value>, terminal: Terminal?, segment: Int)
    }

    /// The phase of the subscription.
    @usableFromInline package internal(set) var state = State.open
    /// The terminal event, while `.terminating`.
    @usableFromInline var terminal: Terminal?
    /// Values waiting for their turn, in arrival order.
    @usableFromInline var buffer: ValueBatch<Value>
    /// An empty batch whose storage the next turn's values reuse (none while a turn
    /// delivers it).
    @usableFromInline var spare: ValueBatch<Value>?
    /// The segments before the newest one, oldest first (with how many events each still
    /// holds).
    @usableFromInline var closed: [SerialHopSegment]
    /// The first of `closed` still waiting (the ones before it were handed out).
    @usableFromInline var closedHead = 0
    @usableFromInline var newest: SerialHopSegment?
    @usableFromInline var segmentsStarted = 0

    /// An open subscription with nothing buffered.
    @inlinable
    package init() {
        buffer = ValueBatch<Value>()
        closed = []
    }

    /// How many values wait for their turn.
    package var waitingCount: Int { buffer.count }

    /// True while no event of the subscription waits for its turn or is being delivered
    /// in one.
    @inlinable
    package var isIdle: Bool {
        newest == nil && closedHead == closed.count
    }

    /// Buffers `value`; `linePuts` is the line's put count read just before. Sent on the
    /// queue (`onQueue`) while the subscription is idle, the value is not buffered: the
    /// sender delivers it now.
    @inlinable
    package mutating func offer(_ value: Value, linePuts: Int, onQueue: Bool = false) -> OfferAction {
        // Legitimate when not open: a value sent on another thread races the terminal
        // event (a subscription lets a running callback finish).
        guard case .open = state else { return .drop }
        if onQueue && isIdle {
            return .deliverNow
        }
        buffer.append(value)
        return joinOrStartSegment(linePuts)
    }

    /// Buffers the terminal event behind every value before it; later events are dropped.
    /// Sent on the queue (`onQueue`) while the subscription is idle, it is not buffered:
    /// the sender delivers it now.
    @inlinable
    package mutating func offerTerminal(_ terminal: Terminal, linePuts: Int, onQueue: Bool = false) -> OfferAction {
        guard case .open = state else {
            // Impossible: the hop carries one subscription's events, which include at most
            // one terminal event.
            preconditionFailure("SerialHopMachine: offerTerminal(_:linePuts:onQueue:) after the terminal event (state \(state))")
        }
        if onQueue && isIdle {
            state = .ended
            return .deliverNow
        }
        state = .terminating
        self.terminal = terminal
        return joinOrStartSegment(linePuts)
    }

    @inlinable
    mutating func joinOrStartSegment(_ linePuts: Int) -> OfferAction {
        if var segment = newest {
            if segment.linePuts == linePuts {
                segment.count += 1
                newest = segment
                return .joinedSegment
            }
            closed.append(segment)
        }
        let id = segmentsStarted
        segmentsStarted += 1
        newest = SerialHopSegment(id: id, count: 1, linePuts: nil)
        return .putTurn(segment: id)
    }

    /// The turn of segment `segment` was put; the line's put count is now `linePuts`.
    /// Later events join that segment while the count stays so.
    @inlinable
    package mutating func turnPut(segment: Int, linePuts: Int) {
        if newest?.id == segment {
            newest?.linePuts = linePuts
        }
    }

    /// A turn came: hands out the oldest segment's events (values first, then the
    /// terminal event once every value before it is out).
    @inlinable
    package mutating func takeTurn() -> TakeAction {
        if let segment = popClosed() {
            return take(segment.count, of: segment.id)
        }
        guard let segment = newest else { return .nothing }
        newest?.count = 0  // stays open: later events still join it while the turn runs
        return take(segment.count, of: segment.id)
    }

    /// The turn of `segment` delivered what it took: hands out the events that joined it
    /// meanwhile; `.nothing` ends the turn.
    @inlinable
    package mutating func takeMore(of segment: Int) -> TakeAction {
        if let running = newest, running.id == segment {
            if running.count == 0 {
                newest = nil  // the next event starts a segment with a turn of its own
                return .nothing
            }
            newest?.count = 0
            return take(running.count, of: segment)
        }
        if closedHead < closed.count, closed[closedHead].id == segment, let running = popClosed() {
            // Another put closed it while its turn ran: its rest, and the turn is over.
            return take(running.count, of: segment)
        }
        return .nothing
    }

    @inlinable
    mutating func popClosed() -> SerialHopSegment? {
        guard closedHead < closed.count else { return nil }
        let segment = closed[closedHead]
        closedHead += 1
        if closedHead == closed.count {
            closed.removeAll(keepingCapacity: true)
            closedHead = 0
        } else if closedHead >= 64 && closedHead * 2 >= closed.count {
            closed.removeFirst(closedHead)
            closedHead = 0
        }
        return segment
    }

    @inlinable
    mutating func take(_ count: Int, of segment: Int) -> TakeAction {
        let available = buffer.count
        var values = spare.take() ?? ValueBatch<Value>()
        if count >= available {
            swap(&values, &buffer)  // all of them: the emptied spare becomes the buffer
        } else {
            buffer.moveFirst(count, to: values)
        }
        var ending: Terminal?
        if count > available, case .terminating = state {
            swap(&ending, &terminal)
            state = .ended
        }
        return .deliver(values: values, terminal: ending, segment: segment)
    }

    /// Gives back a delivered batch, emptied, to be the next turn's spare.
    @inlinable
    package mutating func recycle(_ emptied: ValueBatch<Value>) {
        spare = emptied
    }
}
