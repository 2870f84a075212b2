/// The transitions of one shared source subscription: the engine under typed `Multicast`
/// and untyped `multicast()` (and so `SMulticastSignalManager`), and under `share(replay:)`
/// of both operator modules.
///
/// A value type with no side effects: every transition runs under `ShareEngine`'s lock and
/// returns what the engine does after unlocking (start the source, deliver to a snapshot of
/// the subscribers, dispose or release something). `Subscriber` is a face's subscriber,
/// `Value` its value, `Terminal` its terminal event, `Handle` the source subscription.
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
///   rejects newcomers, and tells its owner to forget it. `.whileConnected` (`share`): the
///   terminal event goes to the subscribers of its moment only; the machine is idle again
///   at once, and the next subscriber starts the source afresh.
/// - With `replay` > 0 (given values through `next(_:_:)`), a run keeps its last `replay`
///   values; a subscriber joining a run that has some becomes a *joiner*: it takes the
///   kept values, then whatever the source sends meanwhile, one at a time
///   (`replayed(_:)`), before it receives values with the others. So no value is lost or
///   doubled and each subscriber's order holds, whatever thread the source sends on. A
///   joiner that leaves stops its replay; one whose run terminated gets the terminal event
///   after its values. The buffer ends with its run.
@usableFromInline
package struct ShareMachine<Subscriber, Value, Terminal, Handle> {
    /// What follows the end of a run.
    @usableFromInline
    package enum Reuse: Sendable {
        /// The next subscriber after the last one left restarts the source; a terminal
        /// event is kept and given to every later subscriber.
        case restart
        /// One run only: closed after the terminal event is delivered or the last
        /// subscriber left.
        case once
        /// Each run serves the subscribers of its time: after the terminal event or the
        /// last subscriber's leaving, the next subscriber restarts the source; nothing of
        /// an ended run is kept.
        case whileConnected
    }

    /// A subscriber receiving the replay of a run, with what is still to be given to it.
    @usableFromInline
    package struct Joiner {
        /// The kept values at its joining, then the source's values since, in order.
        @usableFromInline package var pending: FIFO<Value>
        /// Its run's terminal event, once the source sent it (given after `pending`).
        @usableFromInline package var terminal: Terminal?

        @inlinable init(pending: [Value]) {
            self.pending = FIFO()
            for value in pending {
                self.pending.append(value)
            }
            terminal = nil
        }
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
        /// The last values, for a machine that replays (nil otherwise).
        @usableFromInline package var buffer: ReplayBuffer<Value>?

        /// A run of `generation` for `members`, with no snapshot and no handle yet.
        @inlinable init(generation: Int, members: OrderedSlots<Subscriber>, replay: Int) {
            self.generation = generation
            self.members = members
            snapshot = nil
            handle = nil
            buffer = replay > 0 ? ReplayBuffer(capacity: replay) : nil
        }

        /// The subscribers in subscription order but `joiners`, made once per change.
        @inlinable mutating func subscribers(but joiners: [Int: Joiner]) -> [Subscriber] {
            if let snapshot { return snapshot }
            let made: [Subscriber]
            if joiners.isEmpty {
                made = members.values
            } else {
                var live: [Subscriber] = []
                members.forEach { key, subscriber in
                    if joiners[key] == nil { live.append(subscriber) }
                }
                made = live
            }
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
        /// Joined a running source with values to replay: take them with `replayed(key)`
        /// until it says `.live` or `.stopped`, then leave by `key`.
        case joinedReplaying(key: Int)
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

    /// What a joiner receives next.
    @usableFromInline
    package enum ReplayAction {
        /// Give it this value, then ask again.
        case value(Value)
        /// Its run terminated: give it this terminal event; its replay is over.
        case terminal(Terminal)
        /// Its replay is over: it receives the source's values with the others now.
        case live
        /// It left (or was never a joiner): nothing more.
        case stopped
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
    /// How many of a run's last values a joining subscriber receives (0: none).
    @usableFromInline package let replay: Int
    /// The current phase (changed only by the transitions below).
    @usableFromInline package var state = State.idle
    /// The subscribers receiving their replay, by key (empty unless `replay` > 0). Those
    /// without a terminal event are members of the current run; keys are never reused.
    @usableFromInline package var joiners: [Int: Joiner] = [:]
    @usableFromInline var generation = 0
    /// The first key of the next run: keys are never reused across runs, so that a
    /// membership of an ended run never makes a subscriber of a later one leave.
    @usableFromInline var nextKey = 0

    /// An idle machine; one that replays its runs' last `replay` values to joining
    /// subscribers when `replay` > 0 (its values come through `next(_:_:)`).
    @inlinable package init(reuse: Reuse, replay: Int = 0) {
        precondition(replay >= 0, "ShareMachine: replay count \(replay) is negative")
        self.reuse = reuse
        self.replay = replay
    }

    /// A subscriber arrives.
    @inlinable package mutating func subscribe(_ subscriber: Subscriber) -> SubscribeAction {
        switch state {
        case .idle:
            generation += 1
            var members = OrderedSlots<Subscriber>(firstKey: nextKey)
            let key = members.append(subscriber)
            state = .running(Run(generation: generation, members: members, replay: replay))
            return .start(generation: generation, key: key)
        case .running(var run):
            state = .modifying  // so that the slots below are not copied on write
            let key = run.members.append(subscriber)
            if let buffer = run.buffer, !buffer.isEmpty {
                // Not in the snapshot until its replay is over.
                joiners[key] = Joiner(pending: buffer.values)
                state = .running(run)
                return .joinedReplaying(key: key)
            }
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
        let subscribers = run.subscribers(but: joiners)
        state = .running(run)
        return .deliver(subscribers)
    }

    /// The source of run `generation` emitted `value`: `next(_:)`, keeping the value for
    /// later joiners and giving it to the current ones after what they wait for.
    @inlinable package mutating func next(_ value: Value, _ generation: Int) -> NextAction {
        guard replay > 0 else { return next(generation) }
        guard case .running(var run) = state, run.generation == generation else {
            if case .modifying = state {
                preconditionFailure("ShareMachine: next(_:_:) found the placeholder state .modifying")
            }
            return .drop  // Legitimate: as in `next(_:)`.
        }
        state = .modifying  // so that the buffer and slots are not copied on write
        run.buffer?.append(value)
        if !joiners.isEmpty {
            updateWaitingJoiners { $0.pending.append(value) }
        }
        let subscribers = run.subscribers(but: joiners)
        state = .running(run)
        return .deliver(subscribers)
    }

    /// Updates, in place, each joiner of the current run (those without a terminal event).
    @inlinable mutating func updateWaitingJoiners(_ body: (inout Joiner) -> Void) {
        // By index, which holds no reference to the storage: no copy on write.
        var index = joiners.values.startIndex
        while index != joiners.values.endIndex {
            if joiners.values[index].terminal == nil {
                body(&joiners.values[index])
            }
            joiners.values.formIndex(after: &index)
        }
    }

    /// What the joiner with `key` receives next (see `ReplayAction`).
    @inlinable package mutating func replayed(_ key: Int) -> ReplayAction {
        guard var joiner = joiners.removeValue(forKey: key) else { return .stopped }
        if let value = joiner.pending.popFirst() {
            joiners[key] = joiner
            return .value(value)
        }
        if let terminal = joiner.terminal {
            return .terminal(terminal)
        }
        // Its run is the current one (a joiner that left is no joiner any more).
        guard case .running(var run) = state else {
            preconditionFailure("ShareMachine: replayed(_:) found a live joiner without a run (state \(state))")
        }
        state = .modifying  // so that the slots are not copied on write
        run.snapshot = nil
        state = .running(run)
        return .live
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
        let receivers = run.subscribers(but: joiners)
        if !joiners.isEmpty {
            updateWaitingJoiners { $0.terminal = terminal }  // after their values (`replayed`)
        }
        state = reuse == .whileConnected ? .idle : .finished(terminal)
        return .deliver(receivers, release: run.handle)
    }

    /// The terminal event has reached every subscriber of its moment.
    @inlinable package mutating func terminalDelivered() -> DeliveredAction {
        // `.whileConnected` went idle at the terminal event (and may run again already).
        guard reuse != .whileConnected else { return .none }
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
        if !joiners.isEmpty {
            joiners[key] = nil  // its replay stops
        }
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
        state = reuse == .once ? .closed : .idle
        return .stop(departed, dispose: run.handle, forget: reuse == .once)
    }
}
