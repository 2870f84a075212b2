/// The state of one task asleep on a `VirtualClock`: which of its wake-up item and its
/// cancellation comes first, so that the task is resumed exactly once.
///
/// Generic over what it only carries (`Waiter`, the suspended task's continuation), so
/// that its tests need no task and no clock.
package struct SleeperMachine<Waiter> {
    /// Every phase of the sleep.
    package enum State {
        /// The task is not suspended yet.
        case starting
        /// The task is suspended until the clock runs the item with this id.
        case asleep(Waiter, item: Int)
        /// The task was cancelled before it suspended.
        case cancelledEarly
        /// The clock ran the wake-up item before the task suspended (the item is
        /// scheduled first, so that it has an id to record).
        case wokenEarly
        /// The task was resumed (woken or cancelled): nothing more happens.
        case done
    }

    /// What `suspend` leaves to do.
    package enum SuspendAction {
        /// Nothing: the task sleeps until its item runs or it is cancelled.
        case sleep
        /// Resume `waiter` as cancelled and forget the item: the cancellation came first.
        case resumeCancelled(Waiter)
        /// Resume `waiter`: the wake-up item already ran.
        case resume(Waiter)
    }

    /// What `wake` leaves to do.
    package enum WakeAction {
        /// Resume `waiter`: the deadline is reached.
        case resume(Waiter)
        /// Nothing now: the task has not suspended (`suspend` resumes it), or it was
        /// already resumed.
        case none
    }

    /// What `cancel` leaves to do.
    package enum CancelAction {
        /// Resume `waiter` as cancelled and forget `item`.
        case resumeCancelled(Waiter, forgetting: Int)
        /// Nothing now: the task has not suspended (`suspend` resumes it as cancelled), or
        /// it was already resumed or woken.
        case none
    }

    /// The current phase.
    package private(set) var state = State.starting

    /// A sleep that has not suspended yet.
    package init() {}

    /// The task suspends with `waiter`, to be woken by the clock's item `item`.
    package mutating func suspend(_ waiter: Waiter, item: Int) -> SuspendAction {
        switch state {
        case .cancelledEarly:
            state = .done
            return .resumeCancelled(waiter)
        case .wokenEarly:
            state = .done
            return .resume(waiter)
        case .starting:
            state = .asleep(waiter, item: item)
            return .sleep
        case .asleep, .done:
            // Impossible: a sleep suspends its task once.
            preconditionFailure("SleeperMachine: suspend(_:item:) twice (state \(state))")
        }
    }

    /// The clock ran the wake-up item.
    package mutating func wake() -> WakeAction {
        switch state {
        case .starting:
            state = .wokenEarly
            return .none  // the rule: `suspend` resumes it
        case .asleep(let waiter, _):
            state = .done
            return .resume(waiter)
        case .cancelledEarly, .done:
            // Legitimate: the cancellation came first (before the task suspended, or while
            // the clock was running the item it then failed to forget).
            return .none
        case .wokenEarly:
            // Impossible: the clock runs the wake-up item once.
            preconditionFailure("SleeperMachine: wake() twice (state \(state))")
        }
    }

    /// The task was cancelled.
    package mutating func cancel() -> CancelAction {
        switch state {
        case .starting:
            state = .cancelledEarly
            return .none  // the rule: `suspend` resumes it as cancelled
        case .asleep(let waiter, let item):
            state = .done
            return .resumeCancelled(waiter, forgetting: item)
        case .wokenEarly, .done:
            // Legitimate: the task is cancelled after its wake-up item ran.
            return .none
        case .cancelledEarly:
            // Impossible: a task's cancellation handler runs once.
            preconditionFailure("SleeperMachine: cancel() twice (state \(state))")
        }
    }
}
