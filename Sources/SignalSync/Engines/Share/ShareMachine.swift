/// The transitions of one shared source subscription: the engine under typed `Multicast`
/// and untyped `multicast()` (and so `SMulticastSignalManager`).
///
/// A value type with no side effects: every transition runs under `ShareEngine`'s lock and
/// returns what the engine does after unlocking (start the source, deliver to a snapshot of
/// the subscribers, dispose or release something). `Subscriber` is a face's subscriber,
/// `Terminal` its terminal event, `Handle` the source subscription.
///
/// The rules:
/// - The first subscriber starts the source; later ones join (no replay of past values).
/// - Each start is a run with its own generation: events of an older run are ignored, so a
///   source that keeps emitting after being disposed reaches nobody.
/// - The source's terminal event goes to the subscribers of that moment; a subscriber that
///   arrives afterwards receives it at once (it never waits for nothing).
/// - When the last subscriber leaves a running source, the source is disposed (also when
///   it is still starting: its handle is disposed as soon as its start returns).
/// - `Reuse` says what follows the end of a run: `.restart` (untyped `multicast()`): after
///   the last subscriber left, the next one starts the source afresh; a terminated source
///   stays terminated. `.once` (the keyed typed `Multicast`): the engine serves one run;
///   once the terminal event was delivered or the last subscriber left, it is closed,
///   rejects newcomers, and tells its owner to forget it.
@usableFromInline
package struct ShareMachine<Subscriber, Terminal, Handle> {
    /// What follows the end of a run.
    @usableFromInline
    package enum Reuse: Sendable {
        /// The next subscriber after the last one left restarts the source; a terminal
        /// event is kept and given to every later subscriber.
        case restart
        /// One run only: closed after the terminal event is delivered or the last
        /// subscriber left.
        case once
    }

    /// The subscribers of a run, in subscription order, with the keys they leave by.
    @usableFromInline
    package struct Run {
        /// The run's generation: the source's events carry it.
        @usableFromInline package let generation: Int
        /// The subscribers under the keys they leave by, in subscription order (joining and
        /// leaving cost the same whatever their number).
        @usableFromInline package var members: OrderedSlots<Subscriber>
        /// The subscribers as a value's delivery takes them, made by the first delivery
        /// after a change: a delivery copies nothing, and a join or leave costs no copy.
        @usableFromInline package var snapshot: [Subscriber]?
        /// The source subscription, once its start returned.
        @usableFromInline package var handle: Handle?

        /// A run of `generation` for `members`, with no snapshot and no handle yet.
        @inlinable init(generation: Int, members: OrderedSlots<Subscriber>) {
            self.generation = generation
            self.members = members
            snapshot = nil
            handle = nil
        }

        /// The subscribers in subscription order, made once per change.
        @inlinable mutating func subscribers() -> [Subscriber] {
            if let snapshot { return snapshot }
            let made = members.values
            snapshot = made
            return made
        }
    }

    /// Every phase.
    @usableFromInline
    package enum State {
        /// No run; the next subscriber starts one.
        case idle
        /// The source runs (or is starting) for these subscribers.
        case running(Run)
        /// The source terminated: later subscribers receive the terminal event at once
        /// (for `.once`, only until its delivery is done).
        case finished(Terminal)
        /// A `.once` engine whose run ended: it takes nobody any more.
        case closed
        /// A placeholder while a transition changes a run in place (so that its slots are
        /// not copied on write); never a phase: every switch over the state traps on it.
        case modifying
    }

    /// What `subscribe` asks the engine to do.
    @usableFromInline
    package enum SubscribeAction {
        /// Start the source for run `generation`; the subscriber leaves by `key`.
        case start(generation: Int, key: Int)
        /// Joined a running source; leaves by `key`.
        case joined(key: Int)
        /// The source has terminated: send this terminal event to the subscriber now.
        case replay(Terminal)
        /// A closed `.once` engine: the owner forgets it and uses a new one.
        case rejected
    }

    /// What the engine does once a run's source start returned.
    @usableFromInline
    package enum StartedAction {
        /// Keep the handle (stored).
        case keep
        /// The run ended while starting: dispose the handle now.
        case dispose(Handle)
    }

    /// What the engine does with a value of the source.
    @usableFromInline
    package enum NextAction {
        /// Deliver it to these subscribers, in order.
        case deliver([Subscriber])
        /// A stale run or no run: drop it.
        case drop
    }

    /// What the engine does with the source's terminal event.
    @usableFromInline
    package enum FinishAction {
        /// Deliver the terminal event to these subscribers; release the handle (the source
        /// ends its own subscription); then report `terminalDelivered()`.
        case deliver([Subscriber], release: Handle?)
        /// A stale run or no run: ignore it.
        case ignore
    }

    /// What the engine does once a terminal event has reached every subscriber.
    @usableFromInline
    package enum DeliveredAction {
        /// Nothing.
        case none
        /// A `.once` engine closed: tell the owner to forget it.
        case forget
    }

    /// What the engine does when a subscriber leaves.
    @usableFromInline
    package enum LeaveAction {
        /// Release the departed subscriber.
        case release(Subscriber?)
        /// The last subscriber left: release it, then (for `forget`, after telling the owner
        /// to forget a closed `.once` engine) dispose the source, if its start returned.
        case stop(Subscriber, dispose: Handle?, forget: Bool)
    }

    /// What follows the end of a run.
    @usableFromInline package let reuse: Reuse
    /// The current phase (changed only by the transitions below).
    @usableFromInline package var state = State.idle
    @usableFromInline var generation = 0
    /// The first key of the next run: keys are never reused across runs, so that a
    /// membership of an ended run never makes a subscriber of a later one leave.
    @usableFromInline var nextKey = 0

    /// An idle machine.
    @inlinable package init(reuse: Reuse) {
        self.reuse = reuse
    }

    /// A subscriber arrives.
    @inlinable package mutating func subscribe(_ subscriber: Subscriber) -> SubscribeAction {
        switch state {
        case .idle:
            generation += 1
            var members = OrderedSlots<Subscriber>(firstKey: nextKey)
            let key = members.append(subscriber)
            state = .running(Run(generation: generation, members: members))
            return .start(generation: generation, key: key)
        case .running(var run):
            state = .modifying  // so that the slots below are not copied on write
            let key = run.members.append(subscriber)
            run.snapshot = nil
            state = .running(run)
            return .joined(key: key)
        case .finished(let terminal):
            return .replay(terminal)
        case .closed:
            return .rejected
        case .modifying:
            preconditionFailure("ShareMachine: subscribe(_:) found the placeholder state .modifying")
        }
    }

    /// The start of run `generation` returned `handle`.
    @inlinable package mutating func started(_ generation: Int, handle: Handle) -> StartedAction {
        switch state {
        case .running(var run) where run.generation == generation:
            run.handle = handle
            state = .running(run)
            return .keep
        case .running, .idle, .finished, .closed:
            // Legitimate: the run ended while its source started (the last subscriber left,
            // or the source terminated during its start), and maybe a new run began.
            return .dispose(handle)
        case .modifying:
            preconditionFailure("ShareMachine: started(_:handle:) found the placeholder state .modifying")
        }
    }

    /// The source of run `generation` emitted a value.
    @inlinable package mutating func next(_ generation: Int) -> NextAction {
        guard case .running(var run) = state, run.generation == generation else {
            if case .modifying = state {
                preconditionFailure("ShareMachine: next(_:) found the placeholder state .modifying")
            }
            // Legitimate: a source may keep emitting after its run ended (disposed from
            // another thread, or a stale run's source).
            return .drop
        }
        if let snapshot = run.snapshot {
            return .deliver(snapshot)
        }
        state = .modifying  // so that the slots are not copied when the snapshot is stored
        let subscribers = run.subscribers()
        state = .running(run)
        return .deliver(subscribers)
    }

    /// The source of run `generation` terminated with `terminal`.
    @inlinable package mutating func finish(_ terminal: Terminal, _ generation: Int) -> FinishAction {
        guard case .running(var run) = state, run.generation == generation else {
            if case .modifying = state {
                preconditionFailure("ShareMachine: finish(_:_:) found the placeholder state .modifying")
            }
            // Legitimate: the source of an ended run may still terminate (the last
            // subscriber left while its terminal event was on its way).
            return .ignore
        }
        nextKey = run.members.nextKey
        state = .finished(terminal)
        return .deliver(run.subscribers(), release: run.handle)
    }

    /// The terminal event has reached every subscriber of its moment.
    @inlinable package mutating func terminalDelivered() -> DeliveredAction {
        switch state {
        case .finished:
            guard reuse == .once else { return .none }  // the rule: `.restart` stays finished
            state = .closed
            return .forget
        case .idle, .running, .closed:
            // Impossible: only the `finish` that delivers reports this, and nothing leaves
            // `.finished` but this transition.
            preconditionFailure("ShareMachine: terminalDelivered() without a terminal event (state \(state))")
        case .modifying:
            preconditionFailure("ShareMachine: terminalDelivered() found the placeholder state .modifying")
        }
    }

    /// The subscriber with `key` leaves.
    @inlinable package mutating func leave(_ key: Int) -> LeaveAction {
        guard case .running(var run) = state, let slot = run.members.slot(of: key) else {
            if case .modifying = state {
                preconditionFailure("ShareMachine: leave(_:) found the placeholder state .modifying")
            }
            // Legitimate: a second disposal of a membership, or the membership of a run
            // that ended (keys are never reused across runs).
            return .release(nil)
        }
        state = .modifying  // so that the slots below are not copied on write
        let departed = run.members.remove(slot: slot)
        run.snapshot = nil
        guard run.members.isEmpty else {
            state = .running(run)
            return .release(departed)
        }
        nextKey = run.members.nextKey
        state = reuse == .restart ? .idle : .closed
        return .stop(departed, dispose: run.handle, forget: reuse == .once)
    }
}
