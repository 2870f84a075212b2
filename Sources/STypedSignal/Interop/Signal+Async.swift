import SignalSync

/// Why awaiting a signal produced no value: it completed empty, or the wait was cancelled.
///
/// `firstValue()` throws this for those two cases only; a signal's own error is thrown
/// as it is (see `firstValue()`).
public typealias SignalAwaitError = AsyncBridgeError

extension Signal where E == NoError {
    /// Waits for the first value, then disposes the subscription.
    ///
    /// This waits for a value and nothing else: if the signal completes without one,
    /// or never emits, the call does not return, and cancelling the task does not end
    /// the wait. Use `firstValue()` to be told about completion and cancellation.
    public func get(file: StaticString = #fileID, line: UInt = #line) async -> T {
        await withCheckedContinuation { continuation in
            let resumed = Atomic(value: false)
            (self |> take(1)).startStandalone(
                next: { value in
                    if !resumed.swap(true) {
                        let box = UncheckedSendable(value)
                        continuation.resume(returning: box.value)
                    }
                }, file: file, line: line)
        }
    }

    /// Waits for the first value of a signal that cannot fail; never hangs on one that ends.
    ///
    /// Returns the first value (the subscription is then disposed). Throws
    /// `SignalAwaitError.completedWithoutValue` if the signal completes first, and
    /// `SignalAwaitError.cancelled` (disposing the subscription) if the awaiting task is
    /// cancelled first. A value emitted synchronously at subscription is returned even if
    /// the task was already cancelled. Runs on the caller's isolation.
    ///
    /// ```swift
    /// let name = try await ValuePromise("alice").get().firstValue()   // "alice"
    /// ```
    public func firstValue(
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) async throws(SignalAwaitError) -> T {
        switch await firstOutcome(isolation: isolation, file: file, line: line) {
        case .value(let value):
            return value
        case .failure(let never):
            switch never {}
        case .completed:
            throw .completedWithoutValue
        case .cancelled:
            throw .cancelled
        }
    }
}

extension Signal {
    /// Waits for the first value; never hangs on a signal that ends.
    ///
    /// Returns the first value (the subscription is then disposed). If the signal fails
    /// first, throws its error itself when `E` is an `Error` (so `catch let e as MyError`
    /// matches), or `SignalFailure(e)` otherwise. Throws
    /// `SignalAwaitError.completedWithoutValue` if the signal completes first and
    /// `SignalAwaitError.cancelled` (disposing the subscription) if the awaiting task is
    /// cancelled first. A value emitted synchronously at subscription is returned even if
    /// the task was already cancelled. Runs on the caller's isolation.
    ///
    /// ```swift
    /// do {
    ///     let user = try await loadUser(id).firstValue()
    /// } catch let error as LoadError {
    ///     // the signal's own error
    /// } catch SignalAwaitError.completedWithoutValue {
    ///     // no user
    /// }
    /// ```
    public func firstValue(
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) async throws -> T {
        switch await firstOutcome(isolation: isolation, file: file, line: line) {
        case .value(let value):
            return value
        case .failure(let error):
            if let error = error as? any Error {
                throw error
            }
            throw SignalFailure(error)
        case .completed:
            throw SignalAwaitError.completedWithoutValue
        case .cancelled:
            throw SignalAwaitError.cancelled
        }
    }

    /// Subscribes to `self |> take(1)` and waits for the first outcome.
    fileprivate func firstOutcome(isolation: isolated (any Actor)?, file: StaticString, line: UInt) async -> FirstValueOutcome<T, E> {
        await FirstValueWaiterEngine<T, E>.wait(isolation: isolation) { waiter in
            let subscription = (self |> take(1)).start(
                next: waiter.finishWithValue, error: waiter.finishWithFailure, completed: waiter.finishWithCompletion, file: file,
                line: line)
            return { subscription.dispose() }
        }
    }
}
