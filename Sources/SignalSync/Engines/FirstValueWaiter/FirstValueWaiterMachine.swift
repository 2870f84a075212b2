/// The state of one `firstValue()` wait: which of the subscription's first outcome and
/// the task's cancellation comes first.
///
/// Generic over what it only carries: `Outcome` (the first event), `Waiter` (the suspended
/// task's continuation) and `Dispose` (the subscription's dispose function), so that its
/// tests need no task and no signal.
package struct FirstValueWaiterMachine<Outcome, Waiter, Dispose> {
    /// Every phase of the wait.
    package enum State {
        /// The subscription is being started: its dispose function is not known yet. The
        /// waiter is there once installed; `cancelRequested` records a cancellation that
        /// `attach` carries out.
        case starting(waiter: Waiter?, cancelRequested: Bool)
        /// The subscription runs; the task waits.
        case running(waiter: Waiter?, dispose: Dispose)
        /// The task was resumed (or is about to be): nothing more happens.
        case finished
    }

    /// What `finish` leaves to do.
    package enum FinishAction {
        /// Resume `waiter` with `outcome`, then drop `dropping` (the subscription ends by
        /// itself; only the handle goes).
        case resume(Waiter?, Outcome, dropping: Dispose?)
        /// Nothing: the wait had already finished.
        case ignore
    }

    /// What `attach` leaves to do with the started subscription.
    package enum AttachAction {
        /// Nothing: the dispose function is kept until the first outcome.
        case keep
        /// Dispose it: the wait finished while the subscription was starting.
        case dispose(Dispose)
        /// Resume `waiter` as cancelled and dispose: a cancellation came during the start.
        case cancel(Waiter?, Dispose)
    }

    /// What `cancel` leaves to do.
    package enum CancelAction {
        /// Resume `waiter` as cancelled and dispose the subscription.
        case cancel(Waiter?, Dispose)
        /// Nothing now: the subscription is being started (`attach` cancels it), or the
        /// wait had already finished.
        case none
    }

    /// The current phase.
    package private(set) var state = State.starting(waiter: nil, cancelRequested: false)

    /// A wait whose subscription has not started.
    package init() {}

    /// Keeps the suspended task's continuation (before the subscription starts).
    package mutating func install(_ waiter: Waiter) {
        guard case .starting(.none, let cancelRequested) = state else {
            // Impossible: the engine installs the continuation once, before it starts the
            // subscription (a cancellation before that only marks `.starting`).
            preconditionFailure("FirstValueWaiterMachine: install(_:) after the start or twice (state \(state))")
        }
        state = .starting(waiter: waiter, cancelRequested: cancelRequested)
    }

    /// The subscription's first outcome; only the first `finish` or cancellation counts.
    package mutating func finish(_ outcome: Outcome) -> FinishAction {
        switch state {
        case .starting(let waiter, _):
            state = .finished
            return .resume(waiter, outcome, dropping: nil)
        case .running(let waiter, let dispose):
            state = .finished
            return .resume(waiter, outcome, dropping: dispose)
        case .finished:
            // Legitimate: the cancellation came first, or the subscription sends more
            // (a completion after its first value, events from several threads).
            return .ignore
        }
    }

    /// The subscription has started and returned its dispose function.
    package mutating func attach(_ dispose: Dispose) -> AttachAction {
        switch state {
        case .starting(let waiter, cancelRequested: false):
            state = .running(waiter: waiter, dispose: dispose)
            return .keep
        case .starting(let waiter, cancelRequested: true):
            state = .finished
            return .cancel(waiter, dispose)
        case .finished:
            // Legitimate: the first outcome came during the start.
            return .dispose(dispose)
        case .running:
            // Impossible: the subscription is started, and so attached, once.
            preconditionFailure("FirstValueWaiterMachine: attach(_:) twice (state \(state))")
        }
    }

    /// The task was cancelled.
    package mutating func cancel() -> CancelAction {
        switch state {
        case .starting(let waiter, _):
            state = .starting(waiter: waiter, cancelRequested: true)
            return .none  // the rule: `attach` carries it out
        case .running(let waiter, let dispose):
            state = .finished
            return .cancel(waiter, dispose)
        case .finished:
            return .none  // legitimate: the task is cancelled after its first outcome came
        }
    }
}
