/// The transitions of an observation loop, the engine of both APIs' `observing`: read a
/// value under observation tracking, deliver it, wait for a change, read again after it.
///
/// A value type with no side effects: every transition runs under the storage's lock and
/// returns what the storage must do once unlocked. `Payload` is what the storage needs to
/// read and deliver (the reading closure and the subscriber); the machine only keeps it,
/// so that disposal releases it at once.
///
/// At most one read is scheduled or running at any time: a change reported while one is
/// scheduled joins it (the read that is already due sees it), and a change reported while
/// one is running schedules exactly one more once it has finished. So the reads never
/// overlap, values go out in the order they were read, and the last change is always
/// followed by a read.
///
/// Reads are numbered. A change is reported by each tracking registered during a read,
/// and one change can reach several of them at slightly different times; only the reports
/// of the latest read's trackings count. A report from an earlier read's tracking that
/// comes once a later read has begun is dropped: that later read began after the change
/// was reported, so it sees the change (or the change is to something it no longer reads).
package struct ObservationMachine<Payload> {
    /// Where the loop is.
    package enum State {
        /// Created, not started yet.
        case idle(Payload)
        /// A read is scheduled on the queue and has not begun.
        case scheduled(Payload)
        /// A read (with its delivery) is running; no change reported since it began.
        case reading(Payload)
        /// A read is running and a change was reported since it began: it reads again once
        /// it has finished.
        case readingChanged(Payload)
        /// The last read registered its tracking; waiting for a change.
        case tracking(Payload)
        /// Disposed: nothing more is read or delivered, and the payload is released.
        case disposed
    }

    /// What the storage does after `start`.
    package enum StartAction {
        /// Read now (inline when the queue is current, otherwise on the queue).
        case read
        /// Nothing: already started or disposed.
        case none
    }

    /// What the storage does after a change was reported.
    package enum ChangeAction {
        /// Dispatch a read onto the queue (never inline: the change is not stored yet).
        case scheduleRead
        /// Nothing: a read is already due, or the loop is disposed.
        case none
    }

    /// What the storage does when a scheduled read begins.
    package enum BeginAction {
        /// Read with this payload, under tracking that reports as read `number`, and deliver
        /// what it returns.
        case read(Payload, number: Int)
        /// Nothing: the loop was disposed meanwhile.
        case none
    }

    /// What the storage does when a read and its delivery have finished.
    package enum FinishAction {
        /// A change came during the read: dispatch another read onto the queue.
        case scheduleRead
        /// Nothing: wait for the next change (or the loop was disposed).
        case none
    }

    /// What the storage does after `dispose`.
    package enum DisposeAction {
        /// Release the payload, outside the lock.
        case release(Payload)
        /// Nothing: already disposed.
        case none
    }

    /// The current state.
    package private(set) var state: State
    /// How many reads have begun: the number of the latest one.
    package private(set) var readsBegun = 0

    /// A loop that has not started, keeping `payload`.
    package init(_ payload: Payload) {
        state = .idle(payload)
    }

    /// The subscription starts: the first read is due.
    package mutating func start() -> StartAction {
        // Legitimate when not idle: `start` is idempotent by contract (each face calls it
        // once), and a disposal may come first.
        guard case .idle(let payload) = state else { return .none }
        state = .scheduled(payload)
        return .read
    }

    /// A scheduled read begins on the queue.
    package mutating func beginRead() -> BeginAction {
        switch state {
        case .scheduled(let payload):
            state = .reading(payload)
            readsBegun += 1
            return .read(payload, number: readsBegun)
        case .disposed:
            // Legitimate: the disposal (from any thread) came while the read was scheduled.
            return .none
        case .idle, .reading, .readingChanged, .tracking:
            // Impossible: every move to `.scheduled` schedules exactly one read, and only
            // that read's begin leaves it.
            preconditionFailure("ObservationMachine: beginRead() with no read scheduled (state \(state))")
        }
    }

    /// A tracking registered by read `read` reported a change (it may come from any thread,
    /// even during the read that registered it).
    package mutating func changed(byRead read: Int) -> ChangeAction {
        // Legitimate for an older read: its tracking reports after a later read began.
        guard read == readsBegun else { return .none }
        switch state {
        case .tracking(let payload):
            state = .scheduled(payload)
            return .scheduleRead
        case .reading(let payload):
            state = .readingChanged(payload)
            return .none
        case .scheduled, .readingChanged:
            return .none  // the rule: the read that is due (or the next one) sees the change
        case .disposed:
            return .none  // legitimate: a tracking left in the model fires after the disposal
        case .idle:
            // Impossible: reads are numbered from 1, and none has begun.
            preconditionFailure("ObservationMachine: changed(byRead: \(read)) before any read (state \(state))")
        }
    }

    /// The read that `beginRead` started has delivered its value.
    package mutating func finishRead() -> FinishAction {
        switch state {
        case .reading(let payload):
            state = .tracking(payload)
            return .none
        case .readingChanged(let payload):
            state = .scheduled(payload)
            return .scheduleRead
        case .disposed:
            return .none  // legitimate: the disposal (from any thread) came during the read
        case .idle, .scheduled, .tracking:
            // Impossible: a read runs from `beginRead` to here, and meanwhile only a change
            // (to `.readingChanged`) or a disposal moves the state.
            preconditionFailure("ObservationMachine: finishRead() with no read running (state \(state))")
        }
    }

    /// The subscription is disposed: nothing more is read, and the payload goes.
    package mutating func dispose() -> DisposeAction {
        switch state {
        case .idle(let payload), .scheduled(let payload), .reading(let payload),
            .readingChanged(let payload), .tracking(let payload):
            state = .disposed
            return .release(payload)
        case .disposed:
            return .none  // legitimate: disposal is idempotent
        }
    }
}
