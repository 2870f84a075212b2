/// One turn waiting in a queue's line.
package enum QueueLineEntry<Work, Client: AnyObject> {
    /// Work put on the queue (`async`, `justDispatch`, `sync`, a timer's fire): runs once.
    case work(Work)
    /// The turn of one segment of a `deliverOn` subscription's events (the client knows
    /// how many: the events that joined it while nothing else was put).
    case events(Client)
    /// The turn of a `sync` caller: the hop stops here, lends the queue to the caller
    /// (`wake` tells it) and leaves the rest waiting until the caller returns.
    case lendQueue(wake: Work)
}

/// The transitions of a queue's line: the turns put on the queue through the library,
/// in the order they were put there, and whether a hop onto the underlying queue is
/// under way.
///
/// A value type with no side effects: each transition runs under the line's lock
/// (`QueueLineEngine`) and returns what to do once unlocked. Only the turn that finds
/// the line idle schedules a hop; the hop takes every turn waiting by then, runs them in
/// order, and takes again until the line is empty. The line counts every put: a
/// `deliverOn` subscription adds events to its newest turn, without a put, while the
/// count shows that nothing was put after that turn. A `sync` caller runs its work on the
/// queue itself, on its own thread: at once when the line is idle, otherwise when the
/// hop reaches its turn and lends it the queue; while it runs, turns wait, and its
/// return schedules the next hop. Two
/// arrays take turns as the waiting list, so that in steady state a turn costs an append
/// into capacity already there.
package struct QueueLineMachine<Work, Client: AnyObject> {
    /// One turn of the line.
    package typealias Entry = QueueLineEntry<Work, Client>

    /// Where the line is.
    package enum State {
        /// Nothing waits and no hop is under way.
        case idle
        /// A hop is scheduled or running; `waiting` holds the turns it has not taken yet,
        /// in the order they were put.
        case hopping(waiting: [Entry])
        /// A `sync` caller runs its work on the queue; `waiting` holds the turns put
        /// after it (or left by the hop that lent it the queue), for the hop its return
        /// schedules.
        case lent(waiting: [Entry])
        /// A placeholder while a transition appends to the waiting list in place (so that
        /// it is not copied on write); never a phase: every switch over the state traps on
        /// it.
        case modifying
    }

    /// What the putter does after a turn was put.
    package enum PutAction: Equatable {
        /// Nothing: the hop under way will run it.
        case joinedHop
        /// Schedule a hop onto the underlying queue: the line was idle.
        case scheduleHop
    }

    /// What a `sync` caller does.
    package enum LendForSyncAction: Equatable {
        /// Run the work on the queue now: the line was idle and is lent to the caller.
        case runNow
        /// Wait to be woken: the hop lends the queue when it reaches the caller's turn.
        case waitForTurn
    }

    /// What a `sync` caller does once its work returned.
    package enum SyncReturnedAction: Equatable {
        /// Nothing: no turn waits (the line is idle).
        case none
        /// Schedule a hop for the turns that waited.
        case scheduleHop
    }

    /// What the hop does next.
    package enum TakeAction {
        /// Run these turns, in order, then take again.
        case run([Entry])
        /// Nothing waits: the hop is over (the next turn schedules a new one).
        case finishHop
    }

    /// The line's phase and the turns waiting.
    package private(set) var state = State.idle
    /// How many turns were ever put (work, events, `sync` callers).
    package private(set) var puts = 0
    /// An empty array whose capacity the next waiting list reuses.
    private var spare: [Entry] = []

    /// An idle line.
    package init() {}

    /// Puts `work` at the end of the line.
    package mutating func put(_ work: Work) -> PutAction {
        append(.work(work))
    }

    /// Puts the turn of `client`'s newest segment of events at the end of the line.
    package mutating func putTurn(of client: Client) -> PutAction {
        append(.events(client))
    }

    /// A `sync` caller wants its turn; `wake` tells it when the hop lends it the queue.
    package mutating func lendForSync(wake: Work) -> LendForSyncAction {
        if case .idle = state {
            puts += 1
            state = .lent(waiting: [])
            return .runNow
        }
        _ = append(.lendQueue(wake: wake))
        return .waitForTurn
    }

    /// The hop reached a `sync` caller's turn: the turns after it in the run list
    /// (`remaining`) wait again, first, until the caller returns.
    package mutating func lend(remaining: ArraySlice<Entry>) {
        guard case .hopping(let waiting) = state else {
            // Impossible: only the hop lends, and while it runs the line is `.hopping`.
            preconditionFailure("QueueLineMachine: lend(remaining:) with no hop under way (state \(state))")
        }
        state = .lent(waiting: remaining + waiting)
    }

    /// The `sync` caller that was lent the queue returned.
    package mutating func syncReturned() -> SyncReturnedAction {
        guard case .lent(let waiting) = state else {
            // Impossible: each `sync` caller returns once, after its turn lent it the line,
            // and nothing but its return ends `.lent`.
            preconditionFailure("QueueLineMachine: syncReturned() while the line is not lent (state \(state))")
        }
        if waiting.isEmpty {
            state = .idle
            return .none  // the rule: nothing waited
        }
        state = .hopping(waiting: waiting)
        return .scheduleHop
    }

    private mutating func append(_ entry: Entry) -> PutAction {
        puts += 1
        switch state {
        case .idle:
            var waiting = spare
            spare = []
            waiting.append(entry)
            state = .hopping(waiting: waiting)
            return .scheduleHop
        case .hopping(var waiting):
            state = .modifying  // releases the payload's reference: `waiting` is changed in place
            waiting.append(entry)
            state = .hopping(waiting: waiting)
            return .joinedHop
        case .lent(var waiting):
            state = .modifying
            waiting.append(entry)
            state = .lent(waiting: waiting)
            return .joinedHop
        case .modifying:
            preconditionFailure("QueueLineMachine: append(_:) found the placeholder state .modifying")
        }
    }

    /// The hop takes every turn waiting; when none waits, the hop is over.
    package mutating func take() -> TakeAction {
        switch state {
        case .idle, .lent:
            return .finishHop
        case .hopping(let waiting):
            if waiting.isEmpty {
                state = .idle
                return .finishHop
            }
            state = .hopping(waiting: spare)
            spare = []
            return .run(waiting)
        case .modifying:
            preconditionFailure("QueueLineMachine: take() found the placeholder state .modifying")
        }
    }

    /// Gives back a run list, emptied, to be the next waiting list's storage.
    package mutating func recycle(_ emptied: [Entry]) {
        spare = emptied
    }
}
