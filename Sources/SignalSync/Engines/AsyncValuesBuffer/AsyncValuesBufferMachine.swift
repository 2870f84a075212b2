/// One step of iterating a signal as an async sequence.
@usableFromInline
package enum AsyncValuesStep<Value, Failure> {
    /// The next value.
    case value(Value)
    /// The signal failed; the iteration is over after this step.
    case failure(Failure)
    /// The iteration is over: the signal completed, or the consuming task was cancelled.
    case end
}

/// The state of a `values` sequence's buffer: one subscription feeding one consumer.
///
/// Generic over what it only carries: `Start` (what starts the subscription), `Waiter`
/// (the consumer's suspended continuation) and `Dispose` (the subscription's dispose
/// function), so that its tests need no task and no signal.
@usableFromInline
package struct AsyncValuesBufferMachine<Value, Failure, Start, Waiter, Dispose> {
    @usableFromInline
    package typealias Step = AsyncValuesStep<Value, Failure>

    /// How the signal ended, waiting behind the buffered values.
    @usableFromInline
    package enum Ending {
        /// It failed.
        case failed(Failure)
        /// It completed.
        case completed
    }

    /// Every phase of the buffer.
    @usableFromInline
    package enum State {
        /// No `next` yet: the subscription is not started.
        case unstarted(Start)
        /// The subscription runs (its dispose function is nil while it is being started):
        /// values wait in `pending`, or the consumer waits in `waiter` (never both).
        case running(pending: FIFO<Value>, waiter: Waiter?, dispose: Dispose?)
        /// The signal ended; the consumer still has `pending` and then `ending` to take.
        case draining(pending: FIFO<Value>, ending: Ending)
        /// Over: the ending was taken or the consumer cancelled. Every `next` is `.end`.
        case closed
        /// A placeholder while a transition changes the buffer in place (so that it is not
        /// copied on write); never a phase: every switch over the state traps on it.
        case modifying
    }

    /// What the first `next` does.
    @usableFromInline
    package enum StartAction {
        /// Start the subscription with this.
        case start(Start)
        /// Nothing: it was started before (or the consumer already cancelled).
        case none
    }

    /// What to do with the started subscription's dispose function.
    @usableFromInline
    package enum AttachAction {
        /// Nothing: it is kept (running) or dropped (the signal already ended by itself).
        case none
        /// Call it: the consumer cancelled while the subscription was starting.
        case dispose(Dispose)
    }

    /// What a consumer's `next` gets.
    @usableFromInline
    package enum NextAction {
        /// Resume the consumer with this step now.
        case resume(Step)
        /// Nothing now: the waiter is kept until a value or the ending arrives.
        case wait
    }

    /// What a value from the signal leads to.
    @usableFromInline
    package enum PushAction {
        /// Resume the waiting consumer with the value.
        case resume(Waiter, Value)
        /// Nothing: the value was buffered, or dropped because the iteration is over.
        case none
    }

    /// What the signal's ending leads to.
    @usableFromInline
    package enum EndAction {
        /// Resume the waiting consumer with the ending's step; drop `dropping` (the
        /// subscription ends by itself, only the handle goes).
        case resume(Waiter, Step, dropping: Dispose?)
        /// The ending waits behind the buffered values; drop `dropping`.
        case buffer(dropping: Dispose?)
        /// Nothing: the signal had already ended, or the consumer left.
        case none
    }

    /// What the consumer's cancellation leads to: everything the buffer held, to resume,
    /// dispose and release once unlocked.
    @usableFromInline
    package enum CancelAction {
        /// Resume `waiter` with `.end`, call `dispose`, and release the buffered values
        /// and the unstarted `start`.
        case close(waiter: Waiter?, dispose: Dispose?, dropped: [Value], unstarted: Start?)
        /// Nothing: it was already over.
        case none
    }

    /// The current phase.
    @usableFromInline
    package private(set) var state: State

    /// A buffer that starts its subscription with `start` at the first `next`.
    @inlinable
    package init(start: Start) {
        state = .unstarted(start)
    }

    /// The first `next` starts the subscription.
    @inlinable
    package mutating func startIfNeeded() -> StartAction {
        switch state {
        case .unstarted(let start):
            state = .running(pending: FIFO(), waiter: nil, dispose: nil)
            return .start(start)
        case .running, .draining, .closed:
            // The rule: every `next` asks; only the first starts (or the consumer
            // cancelled before its first `next`).
            return .none
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: startIfNeeded() found the placeholder state .modifying")
        }
    }

    /// The subscription has started and returned its dispose function.
    @inlinable
    package mutating func attach(_ dispose: Dispose) -> AttachAction {
        switch state {
        case .running(let pending, let waiter, nil):
            state = .running(pending: pending, waiter: waiter, dispose: dispose)
            return .none
        case .closed:
            return .dispose(dispose)
        case .draining:
            // Legitimate: the signal ended during its start; the handle is dropped.
            return .none
        case .unstarted, .running:
            // Impossible: the subscription is started once, by `startIfNeeded`, and attached
            // once, when its start returns.
            preconditionFailure("AsyncValuesBufferMachine: attach(_:) without a start or twice (state \(state))")
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: attach(_:) found the placeholder state .modifying")
        }
    }

    /// The consumer asks for the next step; `waiter` waits when none is ready.
    @inlinable
    package mutating func next(_ waiter: Waiter) -> NextAction {
        switch state {
        case .unstarted:
            // Impossible: the engine calls `startIfNeeded` before each `next`.
            preconditionFailure("AsyncValuesBufferMachine: next(_:) before the subscription was started")
        case .running(var pending, _, let dispose):
            state = .modifying  // so that `pending` is held uniquely and pops in place
            if let value = pending.popFirst() {
                state = .running(pending: pending, waiter: nil, dispose: dispose)
                return .resume(.value(value))
            }
            state = .running(pending: pending, waiter: waiter, dispose: dispose)
            return .wait
        case .draining(var pending, let ending):
            state = .modifying  // so that `pending` is held uniquely and pops in place
            if let value = pending.popFirst() {
                state = .draining(pending: pending, ending: ending)
                return .resume(.value(value))
            }
            state = .closed
            return .resume(Self.step(ending))
        case .closed:
            return .resume(.end)
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: next(_:) found the placeholder state .modifying")
        }
    }

    /// A value from the signal: to the waiting consumer, or into the buffer.
    @inlinable
    package mutating func push(_ value: Value) -> PushAction {
        switch state {
        case .running(var pending, let waiter, let dispose):
            if let waiter {
                state = .running(pending: pending, waiter: nil, dispose: dispose)
                return .resume(waiter, value)
            }
            state = .modifying  // so that `pending` is held uniquely and grows in place
            pending.append(value)
            state = .running(pending: pending, waiter: nil, dispose: dispose)
            return .none
        case .draining, .closed:
            // Legitimate: a value still being sent on another thread when the signal
            // ended, or sent while the consumer cancelled.
            return .none
        case .unstarted:
            // Impossible: nothing is subscribed yet.
            preconditionFailure("AsyncValuesBufferMachine: push(_:) before the subscription was started")
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: push(_:) found the placeholder state .modifying")
        }
    }

    /// The signal failed or completed.
    @inlinable
    package mutating func end(_ ending: Ending) -> EndAction {
        switch state {
        case .running(let pending, let waiter, let dispose):
            if let waiter {
                // A waiting consumer means the buffer is empty: deliver at once.
                state = .closed
                return .resume(waiter, Self.step(ending), dropping: dispose)
            }
            state = .draining(pending: pending, ending: ending)
            return .buffer(dropping: dispose)
        case .closed:
            // Legitimate: the consumer cancelled while the ending was on its way.
            return .none
        case .unstarted, .draining:
            // Impossible: nothing is subscribed yet, or a subscription delivers at most one
            // terminal event.
            preconditionFailure("AsyncValuesBufferMachine: end(_:) before the start or after the ending (state \(state))")
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: end(_:) found the placeholder state .modifying")
        }
    }

    /// The consumer cancelled (or dropped its iterator): the iteration is over.
    @inlinable
    package mutating func cancel() -> CancelAction {
        let action: CancelAction
        switch state {
        case .unstarted(let start):
            action = .close(waiter: nil, dispose: nil, dropped: [], unstarted: start)
        case .running(var pending, let waiter, let dispose):
            action = .close(waiter: waiter, dispose: dispose, dropped: pending.removeAll(), unstarted: nil)
        case .draining(var pending, _):
            action = .close(waiter: nil, dispose: nil, dropped: pending.removeAll(), unstarted: nil)
        case .closed:
            // Legitimate: the cancellation comes after the ending was taken, or a dropped
            // iterator follows a cancellation.
            return .none
        case .modifying:
            preconditionFailure("AsyncValuesBufferMachine: cancel() found the placeholder state .modifying")
        }
        state = .closed
        return action
    }

    @usableFromInline
    static func step(_ ending: Ending) -> Step {
        switch ending {
        case .failed(let failure): .failure(failure)
        case .completed: .end
        }
    }
}
