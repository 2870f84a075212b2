/// One step of iterating a signal as an async sequence.
package enum AsyncValuesStep<Value, Failure> {
    /// The next value.
    case value(Value)
    /// The signal failed; the iteration is over after this step.
    case failure(Failure)
    /// The iteration is over: the signal completed, or the consuming task was cancelled.
    case end
}

/// The engine under both APIs' `values` sequences: an unbounded buffer between one
/// subscription and one consuming task.
///
/// The subscription is started by the first `next` (so making an iterator costs nothing
/// until it is used) with the face's `start` closure, which reports events through
/// `push`, `fail` and `complete` and returns the function that disposes it. Values that
/// arrive while the consumer is busy are buffered without bound, in order; a failure or
/// completion is delivered after the buffered values. Cancelling the consuming task (or
/// dropping the iterator, see `AsyncValuesHandle`) ends the iteration: a pending `next`
/// returns `.end`, the buffer is dropped, and the subscription is disposed.
///
/// Lifetime: the subscription's callbacks capture the buffer, and the buffer holds the
/// subscription's dispose function until the subscription ends, so the pair lives exactly
/// as long as the subscription; ending it (terminal event, cancellation, dropped
/// iterator) frees both.
package final class AsyncValuesBuffer<Value, Failure>: @unchecked Sendable {
    // Safety: every stored property is read and written only while `mutex` is held.
    package typealias Step = AsyncValuesStep<Value, Failure>
    package typealias Start = (AsyncValuesBuffer) -> () -> Void
    private typealias Continuation = CheckedContinuation<UncheckedSendable<Step>, Never>

    private enum Phase {
        /// Not started, or running with nothing terminal yet.
        case open
        /// The signal failed; the failure waits behind the buffered values.
        case failed(Failure)
        /// The signal completed; the end waits behind the buffered values.
        case completed
        /// Over: the failure was delivered or the consumer cancelled.
        case closed
    }

    private let mutex = PosixLock()
    private var start: Start?
    private var dispose: (() -> Void)?
    /// Buffered values; a value is released as soon as the consumer has it.
    private var pending = FIFO<Value>()
    private var phase = Phase.open
    private var waiter: Continuation?

    /// Creates a buffer that will subscribe with `start` at the first `next`.
    package init(start: @escaping Start) {
        self.start = start
        AsyncBridgeCounters.valuesBuffers.increment()
    }

    deinit {
        AsyncBridgeCounters.valuesBuffers.decrement()
    }

    /// The next step, waiting on the caller's isolation until one is available.
    package func next(isolation: isolated (any Actor)? = #isolation) async -> Step {
        let box = await withTaskCancellationHandler(
            operation: {
                startIfNeeded()
                return await withCheckedContinuation(isolation: isolation) { (continuation: Continuation) in
                    mutex.lock()
                    if let step = readyStep() {
                        mutex.unlock()
                        continuation.resume(returning: UncheckedSendable(step))
                    } else {
                        waiter = continuation
                        mutex.unlock()
                    }
                }
            },
            onCancel: { self.cancel() },
            isolation: isolation
        )
        return box.value
    }

    /// Delivers or buffers a value; ignored once the signal ended or the consumer left.
    package func push(_ value: Value) {
        mutex.lock()
        guard case .open = phase else {
            mutex.unlock()
            return
        }
        if let waiter {
            self.waiter = nil
            mutex.unlock()
            waiter.resume(returning: UncheckedSendable(.value(value)))
        } else {
            pending.append(value)
            mutex.unlock()
        }
    }

    /// Records the signal's failure, delivered after the buffered values.
    package func fail(_ failure: Failure) {
        terminate(.failure(failure), phase: .failed(failure))
    }

    /// Records the signal's completion, delivered after the buffered values.
    package func complete() {
        terminate(.end, phase: .completed)
    }

    /// Ends the iteration from the consumer's side: drops the buffer, resumes a pending
    /// `next` with `.end` and disposes the subscription.
    package func cancel() {
        mutex.lock()
        phase = .closed
        let dropped = pending.removeAll()
        let waiter = self.waiter
        let dispose = self.dispose
        let start = self.start
        self.waiter = nil
        self.dispose = nil
        self.start = nil
        mutex.unlock()
        waiter?.resume(returning: UncheckedSendable(.end))
        dispose?()
        // Buffered values and the unstarted signal are released here, outside the lock.
        withExtendedLifetime((dropped, start)) {}
    }

    private func terminate(_ step: Step, phase terminal: Phase) {
        mutex.lock()
        guard case .open = phase else {
            mutex.unlock()
            return
        }
        let dispose = self.dispose
        self.dispose = nil
        let waiter = self.waiter
        self.waiter = nil
        // A waiting consumer means the buffer is empty: deliver at once.
        phase = waiter == nil ? terminal : .closed
        mutex.unlock()
        waiter?.resume(returning: UncheckedSendable(step))
        // The subscription ends itself on a terminal event; only its handle is dropped.
        withExtendedLifetime(dispose) {}
    }

    private func startIfNeeded() {
        mutex.lock()
        guard let start = self.start else {
            mutex.unlock()
            return
        }
        self.start = nil
        mutex.unlock()
        let dispose = start(self)
        mutex.lock()
        if case .open = phase {
            self.dispose = dispose
            mutex.unlock()
        } else if case .closed = phase {
            mutex.unlock()
            dispose()
        } else {
            mutex.unlock()
        }
    }

    /// The step available now, if any. Call with `mutex` held.
    private func readyStep() -> Step? {
        if let value = pending.popFirst() {
            return .value(value)
        }
        switch phase {
        case .open:
            return nil
        case .failed(let failure):
            phase = .closed
            return .failure(failure)
        case .completed, .closed:
            phase = .closed
            return .end
        }
    }
}

/// The owner of an `AsyncValuesBuffer` held by an iterator: dropping the iterator
/// cancels the iteration, which disposes the subscription.
package final class AsyncValuesHandle<Value, Failure>: Sendable {
    /// The buffer this handle owns.
    package let buffer: AsyncValuesBuffer<Value, Failure>

    /// Creates a handle over a new buffer that subscribes with `start`.
    package init(start: @escaping AsyncValuesBuffer<Value, Failure>.Start) {
        buffer = AsyncValuesBuffer(start: start)
    }

    deinit {
        buffer.cancel()
    }
}
