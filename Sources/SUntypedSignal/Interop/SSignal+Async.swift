import SignalSync

/// Why awaiting an `SSignal` produced no value: it completed empty, or the wait was cancelled.
///
/// `firstValue()` and `values` throw a signal's own error as it is when it is an `Error`,
/// and `SSignalFailure` otherwise; this type covers only the two ways of ending without
/// a value.
public typealias SSignalAwaitError = AsyncBridgeError

/// An `SSignal` error value that is not a Swift `Error` (including `nil`), as thrown by
/// `firstValue()` and `values`.
public struct SSignalFailure: Error, @unchecked Sendable, CustomStringConvertible {
    // Safety: the error value is handed over once, to the awaiting task.
    /// The signal's error value.
    public let error: Any?

    /// Wraps the error value `error`.
    public init(_ error: Any?) {
        self.error = error
    }

    /// The wrapped error value's description.
    public var description: String {
        "signal failed with \(error.map { String(describing: $0) } ?? "nil")"
    }

    /// The error to throw for an `SSignal` error value: the value itself when it is an
    /// `Error`, this wrapper otherwise.
    static func thrown(for error: Any?) -> any Error {
        if let error = error as? any Error {
            return error
        }
        return SSignalFailure(error)
    }
}

extension SSignal {
    /// Waits for the first value (which may be `nil`); never hangs on a signal that ends.
    ///
    /// Returns the first value (the subscription is then disposed). If the signal fails
    /// first, throws its error value itself when it is an `Error` and `SSignalFailure`
    /// otherwise. Throws `SSignalAwaitError.completedWithoutValue` if the signal completes
    /// first and `SSignalAwaitError.cancelled` (disposing the subscription) if the awaiting
    /// task is cancelled first. A value emitted synchronously at subscription is returned
    /// even if the task was already cancelled. Runs on the caller's isolation.
    ///
    /// ```swift
    /// let first = try await SSignal.single(5).firstValue()   // 5 as Any?
    /// ```
    public func firstValue(
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) async throws -> Any? {
        let outcome = await FirstValueWaiterEngine<Any?, Any?>.wait(isolation: isolation) { waiter in
            let subscription = self.take(1).start(
                next: waiter.finishWithValue, error: waiter.finishWithFailure, completed: waiter.finishWithCompletion, file: file,
                line: line)
            return { subscription.dispose() }
        }
        switch outcome {
        case .value(let value):
            return value
        case .failure(let error):
            throw SSignalFailure.thrown(for: error)
        case .completed:
            throw SSignalAwaitError.completedWithoutValue
        case .cancelled:
            throw SSignalAwaitError.cancelled
        }
    }

    /// The signal's values as an async sequence of `Any?` that throws the signal's error.
    ///
    /// Each iterator subscribes at its first `next()` (two loops are two subscriptions).
    /// The loop ends when the signal completes and throws when it fails (the error value
    /// itself when it is an `Error`, `SSignalFailure` otherwise), after every value that
    /// came before. Cancelling the consuming task ends the loop (`next()` returns nil,
    /// nothing is thrown) and disposes the subscription; so does dropping the iterator.
    ///
    /// Buffering: values that arrive while the loop body runs are buffered without bound
    /// and delivered in order, none dropped.
    ///
    /// ```swift
    /// for try await value in SSignal.single("a").values {
    ///     print(value as! String)   // a
    /// }
    /// ```
    public var values: SSignalValues {
        SSignalValues(signal: self)
    }

    /// A signal that runs a throwing async function at each start and emits its result.
    ///
    /// Every subscription starts a new task (with `priority`) that awaits `operation`,
    /// then emits the result and completes, or fails with the thrown error as the error
    /// value, on the task's thread. Disposing the subscription cancels the task; nothing
    /// is emitted after that.
    ///
    /// ```swift
    /// let page = SSignal.fromAsync { try await api.page(1) }
    /// ```
    public static func fromAsync(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async throws -> Any?
    ) -> SSignal {
        SSignal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                do {
                    let value = try await operation()
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putNext(value)
                    subscriber.putCompletion()
                } catch {
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putError(error)
                }
            }
            return SBlockDisposable(cancel)
        }
    }

    /// A signal that iterates an async sequence at each start and emits its elements as `Any?`.
    ///
    /// Every subscription starts a new task (with `priority`) that iterates `sequence`,
    /// emitting each element, completing when the sequence ends and failing with the
    /// sequence's error as the error value, on the task's thread. Disposing the
    /// subscription cancels the task; nothing is emitted after that. Works on every system
    /// the package supports: it iterates with `next()`, not the typed-throws
    /// `next(isolation:)` of macOS 15 and iOS 18 (an untyped signal's error is `Any?` anyway).
    public static func fromAsyncSequence<S: AsyncSequence & Sendable>(
        _ sequence: S,
        priority: TaskPriority? = nil
    ) -> SSignal {
        SSignal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                var iterator = sequence.makeAsyncIterator()
                do {
                    while let element = try await iterator.next() {
                        if Task.isCancelled {  // disposed: deliver nothing more, and end the iteration
                            await AsyncSourceTask.endCancelled(&iterator)
                            return
                        }
                        subscriber.putNext(element)
                    }
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putCompletion()
                } catch {
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putError(error)
                }
            }
            return SBlockDisposable(cancel)
        }
    }
}

/// The values of an `SSignal` as an `AsyncSequence` of `Any?` that throws the signal's error.
///
/// Made by `SSignal.values`; see there for subscription, cancellation and buffering.
public struct SSignalValues: AsyncSequence, Sendable {
    /// The sequence's element: a signal value (`nil` is a value).
    public typealias Element = Any?
    /// The sequence fails with the signal's error (see `SSignal.values`).
    public typealias Failure = any Error

    private let signal: SSignal

    init(signal: SSignal) {
        self.signal = signal
    }

    /// A new iterator; it subscribes at its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        let signal = self.signal
        return Iterator(
            handle: AsyncValuesHandle { buffer in
                let subscription = signal.start(next: buffer.push, error: buffer.fail, completed: buffer.complete)
                return { subscription.dispose() }
            })
    }

    /// Iterates one subscription of the signal.
    public struct Iterator: AsyncIteratorProtocol {
        /// The sequence's element: a signal value (`nil` is a value).
        public typealias Element = Any?
        /// The iterator fails with the signal's error.
        public typealias Failure = any Error

        private let handle: AsyncValuesHandle<Any?, Any?>

        init(handle: AsyncValuesHandle<Any?, Any?>) {
            self.handle = handle
        }

        /// The next value (as `.some(value)`, which may hold `nil`), or nil at the end;
        /// throws the signal's error once, after the values that preceded it.
        public mutating func next() async throws -> Any?? {
            try await next(isolation: nil)
        }

        /// Like `next()`, waiting on `actor`'s isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Any?? {
            switch await handle.buffer.next(isolation: actor) {
            case .value(let value):
                return .some(value)
            case .failure(let error):
                throw SSignalFailure.thrown(for: error)
            case .end:
                return nil
            }
        }
    }
}
