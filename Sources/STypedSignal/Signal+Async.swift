import SignalSync

/// Why `firstValue()` returned no value.
public enum SignalValueError<E>: Error, @unchecked Sendable {
    // Safety: an error value is handed over once, to the awaiting task.
    /// The signal failed before emitting a value.
    case failed(E)
    /// The signal completed without emitting a value.
    case completedWithoutValue
    /// The awaiting task was cancelled before a value arrived.
    case cancelled
}

extension Signal where E == NoError {
    /// Waits for the first value, then disposes the subscription.
    ///
    /// This waits for a value and nothing else: if the signal completes without one,
    /// or never emits, the call does not return, and cancelling the task does not end
    /// the wait. Use `firstValue()` to be told about completion and cancellation.
    public func get() async -> T {
        await withCheckedContinuation { continuation in
            let resumed = Atomic(value: false)
            (self |> take(1)).startStandalone(next: { value in
                if !resumed.swap(true) {
                    let box = UncheckedSendable(value)
                    continuation.resume(returning: box.value)
                }
            })
        }
    }
}

extension Signal {
    /// Waits for the first value; never hangs on a signal that ends.
    ///
    /// Returns the first value (then disposes the subscription). Throws
    /// `SignalValueError.failed(e)` if the signal fails first,
    /// `.completedWithoutValue` if it completes first, and `.cancelled` (disposing the
    /// subscription) if the awaiting task is cancelled first.
    public func firstValue() async throws -> T {
        let waiter = ValueWaiter()
        let box: UncheckedSendable<T> = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let finish: (Result<UncheckedSendable<T>, Error>) -> Void = { result in
                    if waiter.finish() {
                        continuation.resume(with: result)
                    }
                }
                let subscription = (self |> take(1)).start(next: { value in
                    finish(.success(UncheckedSendable(value)))
                }, error: { error in
                    finish(.failure(SignalValueError<E>.failed(error)))
                }, completed: {
                    finish(.failure(SignalValueError<E>.completedWithoutValue))
                })
                waiter.attach(subscription) {
                    finish(.failure(SignalValueError<E>.cancelled))
                }
            }
        } onCancel: {
            waiter.cancel()
        }
        return box.value
    }
}

/// The link between an awaiting task and its subscription: resumes once, and
/// disposes the subscription on cancellation even if cancellation came first.
private final class ValueWaiter: @unchecked Sendable {
    // Safety: every field is guarded by `mutex`.
    private let mutex = Mutex()
    private var finished = false
    private var cancelled = false
    private var subscription: Disposable?
    private var onCancel: (() -> Void)?

    /// True for the first caller only.
    func finish() -> Bool {
        mutex.withLock {
            defer { finished = true }
            return !finished
        }
    }

    func attach(_ subscription: Disposable, onCancel: @escaping () -> Void) {
        mutex.lock()
        if cancelled {
            mutex.unlock()
            onCancel()
            subscription.dispose()
            return
        }
        self.subscription = subscription
        self.onCancel = onCancel
        mutex.unlock()
    }

    func cancel() {
        mutex.lock()
        cancelled = true
        let subscription = self.subscription
        let onCancel = self.onCancel
        self.subscription = nil
        self.onCancel = nil
        mutex.unlock()
        onCancel?()
        subscription?.dispose()
    }
}
