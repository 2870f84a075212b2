/// One turn waiting in a queue's line.
package enum QueueLineEntry<Work, Client: AnyObject> {
    /// Work put on the queue (`async`, `justDispatch`, `sync`, a timer's fire): runs once.
    case work(Work)
    /// The next `count` events of one `deliverOn` subscription, put one after the other
    /// with nothing else between them.
    case events(Client, count: Int)
}

/// The transitions of a queue's line: the turns put on the queue through the library,
/// in the order they were put there, and whether a hop onto the underlying queue is
/// under way.
///
/// A value type with no side effects: each transition runs under the line's lock
/// (`QueueLineEngine`) and returns what to do once unlocked. Only the turn that finds
/// the line idle schedules a hop; the hop takes every turn waiting by then, runs them in
/// order, and takes again until the line is empty. Consecutive events of one
/// subscription share one entry (a count), so a burst costs no entry per event. Two
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
    }

    /// What the putter does after a turn was put.
    package enum PutAction: Equatable {
        /// Nothing: the hop under way will run it.
        case joinedHop
        /// Schedule a hop onto the underlying queue: the line was idle.
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
    /// An empty array whose capacity the next waiting list reuses.
    private var spare: [Entry] = []

    /// An idle line.
    package init() {}

    /// Puts `work` at the end of the line.
    package mutating func put(_ work: Work) -> PutAction {
        append(.work(work), joining: nil)
    }

    /// Puts one event of `client` at the end of the line: it joins the last entry when
    /// that entry holds `client`'s events.
    package mutating func putEvent(of client: Client) -> PutAction {
        append(.events(client, count: 1), joining: client)
    }

    private mutating func append(_ entry: Entry, joining client: Client?) -> PutAction {
        switch state {
        case .idle:
            var waiting = spare
            spare = []
            waiting.append(entry)
            state = .hopping(waiting: waiting)
            return .scheduleHop
        case .hopping(var waiting):
            state = .idle  // releases the payload's reference: `waiting` is changed in place
            if let client, case .events(let last, let count)? = waiting.last, last === client {
                waiting[waiting.count - 1] = .events(last, count: count + 1)
            } else {
                waiting.append(entry)
            }
            state = .hopping(waiting: waiting)
            return .joinedHop
        }
    }

    /// The hop takes every turn waiting; when none waits, the hop is over.
    package mutating func take() -> TakeAction {
        switch state {
        case .idle:
            return .finishHop
        case .hopping(let waiting):
            if waiting.isEmpty {
                state = .idle
                return .finishHop
            }
            state = .hopping(waiting: spare)
            spare = []
            return .run(waiting)
        }
    }

    /// Gives back a run list, emptied, to be the next waiting list's storage.
    package mutating func recycle(_ emptied: [Entry]) {
        spare = emptied
    }
}
