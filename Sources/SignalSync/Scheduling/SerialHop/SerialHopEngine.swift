import Dispatch

/// One subscription's `SerialHopEngine` for values of type `Value`.
@usableFromInline
package typealias SerialHop<Value> = SerialHopEngine<SerialHopMachine<Value, () -> Void>>

/// Delivers one subscription's events on a queue: the one engine under typed and
/// untyped `deliverOn(queue)` (as `SerialHop<Value>`).
///
/// An event sent while the queue is current is delivered at once, inline (the queue's
/// `async` rule), unless events of this subscription still wait for their turn or are
/// being delivered: then it waits behind them, so that the subscription's events keep
/// their order when they come from several threads. Any other event is buffered here
/// and takes its place in the queue's line (`QueueLineEngine`): it joins the
/// subscription's newest turn when nothing else was put on the line since, otherwise it
/// puts a new turn. When a turn comes, its events are delivered on the queue.
///
/// - On a serial, main or virtual queue the line is the queue's own: the events of every
///   subscription, and work put with `async`, `justDispatch`, `sync` or a timer, run in
///   the order they were put there, and one hop onto the queue runs a whole burst.
/// - On a queue that is never current (the concurrent singletons, a wrapped dispatch
///   queue) the subscription has a line of its own: its events run one at a time and
///   in order; different subscriptions and other work run beside them, in no order.
///
/// Events after a terminal event are dropped; events the subscriber no longer takes (it
/// was disposed) are dropped by the subscriber when their turn comes. No lock is held
/// while an event is delivered.
///
/// Inlinable, with its machine: an inlinable operator (the typed `deliverOn`) builds and
/// runs it specialized for its values' type, turns included (they come through
/// `QueueLineClient`'s function, made where the engine is built), so a subscription looks
/// up no run-time metadata. Generic code that is not specialized still runs it as before.
@usableFromInline
package final class SerialHopEngine<Machine: SerialHopBuffering>: QueueLineClient, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the `let`s are
    // immutable.
    @usableFromInline let state = LockedState(Machine())
    @usableFromInline let queue: ExecutionQueue
    @usableFromInline let line: QueueLineEngine
    @usableFromInline let deliver: (Machine.Value) -> Void
    /// Whether a turn whose events keep coming waits a moment before it looks for more
    /// (see `deliverTurn`).
    @usableFromInline let lingers: Bool
    /// The other hops of the subscription, when its events come through several.
    @usableFromInline let group: SerialHopGroup?

    /// Creates the hop of one subscription: `deliver` sends a value downstream, on `queue`.
    /// With a `group`, an event sent on the queue also waits while another hop of the
    /// group has events waiting.
    @inlinable
    package init(queue: ExecutionQueue, group: SerialHopGroup? = nil, deliver: @escaping (Machine.Value) -> Void) {
        self.queue = queue
        self.line = queue.lineForEvents()
        self.deliver = deliver
        self.group = group
        lingers = queue.lingersForProducers
        // Safety: `QueueLineClient` calls `deliverTurn` only with itself, this engine.
        // Pinned by SerialHopEngineTests.testOneHopCarriesABurstThenTheNextEventSchedulesAnother.
        super.init(deliverTurn: { client in unsafeDowncast(client, to: SerialHopEngine.self).deliverTurn() })
    }

    /// Delivers `value` on the queue: inline when it is current and nothing of this
    /// subscription waits, else in its turn.
    @inlinable
    package func send(_ value: Machine.Value) {
        let onQueue = queue.isCurrent && (group?.isIdle ?? true)
        let linePuts = line.putCount
        let (action, wasIdle) = state.withLock { machine in
            let wasIdle = machine.isIdle
            return (machine.offer(value, linePuts: linePuts, onQueue: onQueue), wasIdle)
        }
        if case .deliverNow = action {
            deliver(value)
        } else {
            offered(action, wasIdle: wasIdle)
        }
    }

    /// Delivers a terminal event (`terminate` sends it downstream) on the queue, after
    /// every value buffered before it: inline when the queue is current and nothing of
    /// this subscription waits.
    @inlinable
    package func sendTerminal(_ terminate: @escaping () -> Void) {
        let onQueue = queue.isCurrent && (group?.isIdle ?? true)
        let linePuts = line.putCount
        let (action, wasIdle) = state.withLock { machine in
            let wasIdle = machine.isIdle
            return (machine.offerTerminal(terminate, linePuts: linePuts, onQueue: onQueue), wasIdle)
        }
        if case .deliverNow = action {
            terminate()
        } else {
            offered(action, wasIdle: wasIdle)
        }
    }

    /// An event was buffered (or dropped): puts the turn of a new segment on the line,
    /// after telling the group that the hop is busy when it was idle.
    @inlinable
    func offered(_ action: SerialHopOfferAction, wasIdle: Bool) {
        guard case .putTurn(let segment) = action else { return }
        if wasIdle {
            group?.hopBecameBusy()
        }
        let linePuts = line.putTurn(of: self)
        state.withLock { $0.turnPut(segment: segment, linePuts: linePuts) }
    }

    /// On the queue: the line's turn for this subscription's oldest segment of events,
    /// and for the events that join it while it runs.
    ///
    /// Once events have joined the running turn while it delivered (a producer on another
    /// thread is sending a stream), the turn waits a moment before each further look, so
    /// that it takes a batch rather than the one or two events sent meanwhile: it then
    /// takes the hop's lock about once a microsecond instead of racing the producer for
    /// it at every event, and it does not end (and cost the producer a new hop onto the
    /// queue, a dispatch and a thread wake-up) in a gap between two events. The wait
    /// ends early when anything else is put on the queue's line, which then runs after
    /// this turn as always. A lone event, or events that stopped coming, end the turn at
    /// once, as before.
    @inlinable
    func deliverTurn() {
        var action = state.withLock { $0.takeTurn() }
        var streaming = false
        var idle = false
        while case .deliver(let values, let terminal, let segment) = action {
            values.forEach(deliver)
            values.removeAll()  // the values are released here, unlocked
            if streaming && lingers && terminal == nil {
                waitForMoreEvents()
            }
            (action, idle) = state.withLock { machine in
                machine.recycle(values)
                return (machine.takeMore(of: segment), machine.isIdle)
            }
            streaming = true
            terminal?()
        }
        if idle {
            group?.hopBecameIdle()
        }
    }

    /// Waits about a microsecond, less when something is put on the queue's line.
    @usableFromInline
    func waitForMoreEvents() {
        let puts = line.putCount
        let deadline = DispatchTime.now().uptimeNanoseconds &+ 1_000
        while line.putCount == puts && DispatchTime.now().uptimeNanoseconds < deadline {}
    }
}
