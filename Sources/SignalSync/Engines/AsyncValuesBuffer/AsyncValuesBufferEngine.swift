/// The engine under both APIs' `values` sequences: an unbounded buffer between one
/// subscription and one consuming task.
///
/// The subscription is started by the first `next` (so making an iterator costs nothing
/// until it is used) with the face's `start` closure, which reports events through
/// `push`, `fail` and `complete` and returns the function that disposes it. Values that
/// arrive while the consumer is busy are buffered without bound, in order; a failure or
/// completion is delivered after the buffered values. Cancelling the consuming task (or
/// dropping the iterator, see `AsyncValuesHandle`) ends the iteration: a pending `next`
/// returns `.end`, the buffer is dropped, and the subscription is disposed. The decisions
/// are `AsyncValuesBufferMachine`'s; the consumer is resumed, the subscription started
/// or disposed, and dropped values released after the lock is released.
///
/// Lifetime: the subscription's callbacks capture the buffer, and the buffer holds the
/// subscription's dispose function until the subscription ends, so the pair lives exactly
/// as long as the subscription; ending it (terminal event, cancellation, dropped
/// iterator) frees both.
@usableFromInline
package final class AsyncValuesBufferEngine<Value, Failure>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    @usableFromInline package typealias Step = AsyncValuesStep<Value, Failure>
    @usableFromInline package typealias Start = (AsyncValuesBufferEngine) -> () -> Void
    @usableFromInline typealias Continuation = CheckedContinuation<UncheckedSendable<Step>, Never>
    @usableFromInline typealias Machine = AsyncValuesBufferMachine<Value, Failure, Start, Continuation, () -> Void>

    @usableFromInline let state: LockedState<Machine>

    /// Creates a buffer that will subscribe with `start` at the first `next`.
    @usableFromInline
    package init(start: @escaping Start) {
        state = LockedState(Machine(start: start))
        AsyncBridgeCounters.valuesBuffers.increment()
    }

    deinit {
        AsyncBridgeCounters.valuesBuffers.decrement()
    }

    /// The next step, waiting on the caller's isolation until one is available.
    @inlinable
    package func next(isolation: isolated (any Actor)? = #isolation) async -> Step {
        let box = await withTaskCancellationHandler(
            operation: {
                startIfNeeded()
                return await withCheckedContinuation(isolation: isolation) { (continuation: Continuation) in
                    if case .resume(let step) = state.withLock({ $0.next(continuation) }) {
                        continuation.resume(returning: UncheckedSendable(step))
                    }
                }
            },
            onCancel: { self.cancel() },
            isolation: isolation
        )
        return box.value
    }

    /// Delivers or buffers a value; ignored once the signal ended or the consumer left.
    @inlinable
    package func push(_ value: Value) {
        if case .resume(let waiter, let value) = state.withLock({ $0.push(value) }) {
            waiter.resume(returning: UncheckedSendable(.value(value)))
        }
    }

    /// Records the signal's failure, delivered after the buffered values.
    @usableFromInline
    package func fail(_ failure: Failure) {
        end(.failed(failure))
    }

    /// Records the signal's completion, delivered after the buffered values.
    @usableFromInline
    package func complete() {
        end(.completed)
    }

    /// Ends the iteration from the consumer's side: drops the buffer, resumes a pending
    /// `next` with `.end` and disposes the subscription.
    @usableFromInline
    package func cancel() {
        guard case .close(let waiter, let dispose, let dropped, let start) = state.withLock({ $0.cancel() }) else {
            return
        }
        waiter?.resume(returning: UncheckedSendable(.end))
        dispose?()
        // Buffered values and the unstarted signal are released here, outside the lock.
        withExtendedLifetime((dropped, start)) {}
    }

    private func end(_ ending: Machine.Ending) {
        switch state.withLock({ $0.end(ending) }) {
        case .resume(let waiter, let step, let dispose):
            waiter.resume(returning: UncheckedSendable(step))
            // The subscription ends itself on a terminal event; only its handle is dropped.
            withExtendedLifetime(dispose) {}
        case .buffer(let dispose):
            withExtendedLifetime(dispose) {}
        case .none:
            break
        }
    }

    @inlinable
    func startIfNeeded() {
        guard case .start(let start) = state.withLock({ $0.startIfNeeded() }) else { return }
        let dispose = start(self)
        if case .dispose(let dispose) = state.withLock({ $0.attach(dispose) }) {
            dispose()
        }
    }
}

/// The owner of an `AsyncValuesBufferEngine` held by an iterator: dropping the iterator
/// cancels the iteration, which disposes the subscription.
@usableFromInline
package final class AsyncValuesHandle<Value, Failure>: Sendable {
    /// The buffer this handle owns.
    @usableFromInline package let buffer: AsyncValuesBufferEngine<Value, Failure>

    /// Creates a handle over a new buffer that subscribes with `start`.
    @usableFromInline
    package init(start: @escaping AsyncValuesBufferEngine<Value, Failure>.Start) {
        buffer = AsyncValuesBufferEngine(start: start)
    }

    deinit {
        buffer.cancel()
    }
}
