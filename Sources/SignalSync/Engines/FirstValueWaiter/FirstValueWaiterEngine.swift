/// How a wait for a signal's first value ended.
package enum FirstValueOutcome<Value, Failure> {
    /// The first value.
    case value(Value)
    /// The signal failed first.
    case failure(Failure)
    /// The signal completed first.
    case completed
    /// The awaiting task was cancelled first.
    case cancelled
}

/// The engine under both APIs' `firstValue()`: links one awaiting task to one subscription.
///
/// The face passes a `start` closure that subscribes, reports events through `finish`,
/// and returns the function that disposes the subscription. The waiter resumes the task
/// exactly once, with the first of: an outcome from the subscription, or cancellation
/// (which also disposes the subscription). A value that arrives synchronously during
/// `start` wins even when the task was already cancelled. The decisions are
/// `FirstValueWaiterMachine`'s; the task is resumed and the subscription disposed after
/// the lock is released.
///
/// Lifetime: once finished, the waiter holds nothing (no continuation, no subscription),
/// and the subscription's callbacks, which capture the waiter, are released by the
/// subscription's own termination or disposal, so no cycle outlives the call.
package final class FirstValueWaiterEngine<Value, Failure>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    package typealias Outcome = FirstValueOutcome<Value, Failure>
    private typealias Continuation = CheckedContinuation<UncheckedSendable<Outcome>, Never>
    private typealias Machine = FirstValueWaiterMachine<Outcome, Continuation, () -> Void>

    private let state = LockedState(Machine())

    private init() {
        AsyncBridgeCounters.firstValueWaiters.increment()
    }

    deinit {
        AsyncBridgeCounters.firstValueWaiters.decrement()
    }

    /// Subscribes with `start` and waits for the first outcome, on the caller's isolation.
    package static func wait(
        isolation: isolated (any Actor)? = #isolation,
        start: (FirstValueWaiterEngine) -> () -> Void
    ) async -> Outcome {
        let waiter = FirstValueWaiterEngine()
        let box = await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: isolation) { (continuation: Continuation) in
                    waiter.state.withLock { $0.install(continuation) }
                    waiter.attach(start(waiter))
                }
            },
            onCancel: { waiter.cancel() },
            isolation: isolation
        )
        return box.value
    }

    /// Reports an outcome; only the first call (or a cancellation before it) counts.
    package func finish(_ outcome: Outcome) {
        guard case .resume(let continuation, let outcome, let dispose) = state.withLock({ $0.finish(outcome) }) else {
            return
        }
        continuation?.resume(returning: UncheckedSendable(outcome))
        // The subscription has ended or is about to (take(1)); dropping the handle here
        // is what lets it go.
        withExtendedLifetime(dispose) {}
    }

    /// `finish(.value(value))`, shaped as a subscription's next callback.
    package func finishWithValue(_ value: Value) {
        finish(.value(value))
    }

    /// `finish(.failure(failure))`, shaped as a subscription's error callback.
    package func finishWithFailure(_ failure: Failure) {
        finish(.failure(failure))
    }

    /// `finish(.completed)`, shaped as a subscription's completion callback.
    package func finishWithCompletion() {
        finish(.completed)
    }

    private func attach(_ dispose: @escaping () -> Void) {
        switch state.withLock({ $0.attach(dispose) }) {
        case .keep:
            break
        case .dispose(let dispose):
            dispose()
        case .cancel(let continuation, let dispose):
            continuation?.resume(returning: UncheckedSendable(.cancelled))
            dispose()
        }
    }

    private func cancel() {
        guard case .cancel(let continuation, let dispose) = state.withLock({ $0.cancel() }) else { return }
        continuation?.resume(returning: UncheckedSendable(.cancelled))
        dispose()
    }
}
