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
/// `start` wins even when the task was already cancelled.
///
/// Lifetime: once finished, the waiter holds nothing (no continuation, no subscription),
/// and the subscription's callbacks, which capture the waiter, are released by the
/// subscription's own termination or disposal, so no cycle outlives the call.
package final class FirstValueWaiter<Value, Failure>: @unchecked Sendable {
    // Safety: every stored property is read and written only while `mutex` is held.
    package typealias Outcome = FirstValueOutcome<Value, Failure>
    private typealias Continuation = CheckedContinuation<UncheckedSendable<Outcome>, Never>

    private let mutex = PosixLock()
    private var continuation: Continuation?
    private var dispose: (() -> Void)?
    private var finished = false
    private var cancelRequested = false

    private init() {
        AsyncBridgeCounters.firstValueWaiters.increment()
    }

    deinit {
        AsyncBridgeCounters.firstValueWaiters.decrement()
    }

    /// Subscribes with `start` and waits for the first outcome, on the caller's isolation.
    package static func wait(
        isolation: isolated (any Actor)? = #isolation,
        start: (FirstValueWaiter) -> () -> Void
    ) async -> Outcome {
        let waiter = FirstValueWaiter()
        let box = await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: isolation) { (continuation: Continuation) in
                    waiter.install(continuation)
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
        mutex.lock()
        if finished {
            mutex.unlock()
            return
        }
        finished = true
        let continuation = self.continuation
        let dispose = self.dispose
        self.continuation = nil
        self.dispose = nil
        mutex.unlock()
        continuation?.resume(returning: UncheckedSendable(outcome))
        // The subscription has ended or is about to (take(1)); dropping the handle here
        // is what lets it go.
        withExtendedLifetime(dispose) {}
    }

    private func install(_ continuation: Continuation) {
        mutex.lock()
        self.continuation = continuation
        mutex.unlock()
    }

    private func attach(_ dispose: @escaping () -> Void) {
        mutex.lock()
        if finished {
            mutex.unlock()
            dispose()
            return
        }
        if cancelRequested {
            finished = true
            let continuation = self.continuation
            self.continuation = nil
            mutex.unlock()
            continuation?.resume(returning: UncheckedSendable(.cancelled))
            dispose()
            return
        }
        self.dispose = dispose
        mutex.unlock()
    }

    private func cancel() {
        mutex.lock()
        cancelRequested = true
        // Before `attach` the subscription is still being started; `attach` finishes the
        // cancellation then.
        guard !finished, let dispose = self.dispose else {
            mutex.unlock()
            return
        }
        finished = true
        let continuation = self.continuation
        self.continuation = nil
        self.dispose = nil
        mutex.unlock()
        continuation?.resume(returning: UncheckedSendable(.cancelled))
        dispose()
    }
}
