import SignalSync

extension Signal where E == NoError {
    /// The signal's values as an async sequence that cannot fail.
    ///
    /// Each iterator subscribes to the signal at its first `next()` (the signal is cold:
    /// two loops are two subscriptions). The loop ends when the signal completes.
    /// Cancelling the consuming task ends the loop (`next()` returns nil) and disposes the
    /// subscription; so does dropping the iterator, for example by leaving the loop with
    /// `break`.
    ///
    /// Buffering: values that arrive while the loop body runs are buffered without bound
    /// and delivered in order, none dropped. A fast source and a slow loop therefore grow
    /// the buffer; throttle or sample the signal first if that matters.
    ///
    /// ```swift
    /// for await value in (numbers |> take(3)).values {
    ///     print(value)
    /// }
    /// ```
    public var values: SignalValues<T> {
        SignalValues(signal: self)
    }
}

extension Signal where E: Error {
    /// The signal's values as an async sequence that throws the signal's error.
    ///
    /// Each iterator subscribes to the signal at its first `next()` (the signal is cold:
    /// two loops are two subscriptions). The loop ends when the signal completes and
    /// throws `E` when it fails (after every value that came before the error).
    /// Cancelling the consuming task ends the loop (`next()` returns nil, nothing is
    /// thrown) and disposes the subscription; so does dropping the iterator.
    ///
    /// Buffering: values that arrive while the loop body runs are buffered without bound
    /// and delivered in order, none dropped.
    ///
    /// ```swift
    /// do {
    ///     for try await page in pages.values { show(page) }
    /// } catch {
    ///     // error is the signal's E
    /// }
    /// ```
    public var values: SignalThrowingValues<T, E> {
        SignalThrowingValues(signal: self)
    }
}

/// The values of a `Signal<T, NoError>` as an `AsyncSequence` that cannot fail.
///
/// Made by `Signal.values`; see there for subscription, cancellation and buffering.
public struct SignalValues<T>: AsyncSequence, Sendable {
    /// The sequence's element: the signal's value.
    public typealias Element = T
    /// The sequence cannot fail.
    public typealias Failure = Never

    private let signal: Signal<T, NoError>

    init(signal: Signal<T, NoError>) {
        self.signal = signal
    }

    /// A new iterator; it subscribes at its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: valuesHandle(signal))
    }

    /// Iterates one subscription of the signal.
    public struct Iterator: AsyncIteratorProtocol {
        /// The sequence's element: the signal's value.
        public typealias Element = T
        /// The iterator cannot fail.
        public typealias Failure = Never

        private let handle: AsyncValuesHandle<T, NoError>

        init(handle: AsyncValuesHandle<T, NoError>) {
            self.handle = handle
        }

        /// The next value, or nil once the signal completed or the task was cancelled.
        public mutating func next() async -> T? {
            await next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s isolation; nil once the signal completed
        /// or the task was cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> T? {
            switch await handle.buffer.next(isolation: actor) {
            case .value(let value):
                return value
            case .failure(let never):
                switch never {}
            case .end:
                return nil
            }
        }
    }
}

/// The values of a `Signal<T, E>` as an `AsyncSequence` that throws `E`.
///
/// Made by `Signal.values`; see there for subscription, cancellation and buffering.
public struct SignalThrowingValues<T, E: Error>: AsyncSequence, Sendable {
    /// The sequence's element: the signal's value.
    public typealias Element = T
    /// The sequence fails with the signal's error.
    public typealias Failure = E

    private let signal: Signal<T, E>

    init(signal: Signal<T, E>) {
        self.signal = signal
    }

    /// A new iterator; it subscribes at its first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: valuesHandle(signal))
    }

    /// Iterates one subscription of the signal.
    public struct Iterator: AsyncIteratorProtocol {
        /// The sequence's element: the signal's value.
        public typealias Element = T
        /// The iterator fails with the signal's error.
        public typealias Failure = E

        private let handle: AsyncValuesHandle<T, E>

        init(handle: AsyncValuesHandle<T, E>) {
            self.handle = handle
        }

        /// The next value; nil once the signal completed or the task was cancelled;
        /// throws the signal's error once, after the values that preceded it.
        public mutating func next() async throws(E) -> T? {
            try await next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s isolation; nil once the signal completed
        /// or the task was cancelled; throws the signal's error once.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(E) -> T? {
            switch await handle.buffer.next(isolation: actor) {
            case .value(let value):
                return value
            case .failure(let error):
                throw error
            case .end:
                return nil
            }
        }
    }
}

/// A handle over a buffer that subscribes to `signal` at the first `next`.
private func valuesHandle<T, E>(_ signal: Signal<T, E>) -> AsyncValuesHandle<T, E> {
    AsyncValuesHandle { buffer in
        let subscription = signal.start(
            next: { value in
                buffer.push(value)
            },
            error: { error in
                buffer.fail(error)
            },
            completed: {
                buffer.complete()
            })
        return { subscription.dispose() }
    }
}

extension Signal where E == NoError {
    /// A signal that runs an async function at each start and emits its result.
    ///
    /// Every subscription starts a new task (with `priority`) that awaits `operation`,
    /// then emits the result and completes, on the task's thread. Disposing the
    /// subscription cancels the task; nothing is emitted after that.
    ///
    /// ```swift
    /// let profile = Signal<Profile, NoError>.fromAsync { await api.profile() }
    /// ```
    public static func fromAsync(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async -> T
    ) -> Signal<T, NoError> {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                let value = await operation()
                if Task.isCancelled { return }  // disposed: deliver nothing more
                subscriber.putNext(value)
                subscriber.putCompletion()
            }
            return ActionDisposable(action: cancel)
        }
    }

    /// A signal that iterates an async sequence at each start and emits its elements.
    ///
    /// Every subscription starts a new task (with `priority`) that iterates `sequence`,
    /// emitting each element and completing when the sequence ends, on the task's
    /// thread. Disposing the subscription cancels the task (a sequence that honours
    /// cancellation then stops); nothing is emitted after that.
    ///
    /// ```swift
    /// let (stream, input) = AsyncStream.makeStream(of: Int.self)
    /// let signal = Signal<Int, NoError>.fromAsyncSequence(stream)
    /// ```
    public static func fromAsyncSequence<S: AsyncSequence & Sendable>(
        _ sequence: S,
        priority: TaskPriority? = nil
    ) -> Signal<T, NoError> where S.Element == T, S.Failure == Never {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                var iterator = sequence.makeAsyncIterator()
                while let element = await iterator.next(isolation: nil) {
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putNext(element)
                }
                if Task.isCancelled { return }  // disposed: deliver nothing more
                subscriber.putCompletion()
            }
            return ActionDisposable(action: cancel)
        }
    }
}

extension Signal where E: Error {
    /// A signal that runs a throwing async function at each start and emits its result.
    ///
    /// Every subscription starts a new task (with `priority`) that awaits `operation`,
    /// then emits the result and completes, or fails with the thrown error, on the
    /// task's thread. Disposing the subscription cancels the task; nothing is emitted
    /// after that. With `E == any Error` any throwing function fits.
    ///
    /// ```swift
    /// let page = Signal<Page, any Error>.fromAsync { try await api.page(1) }
    /// ```
    public static func fromAsync(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async throws(E) -> T
    ) -> Signal<T, E> {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                do throws(E) {
                    let value = try await operation()
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putNext(value)
                    subscriber.putCompletion()
                } catch {
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putError(error)
                }
            }
            return ActionDisposable(action: cancel)
        }
    }

    /// A signal that iterates a throwing async sequence at each start and emits its elements.
    ///
    /// Every subscription starts a new task (with `priority`) that iterates `sequence`,
    /// emitting each element, completing when the sequence ends and failing with the
    /// sequence's error, on the task's thread. Disposing the subscription cancels the
    /// task; nothing is emitted after that.
    public static func fromAsyncSequence<S: AsyncSequence & Sendable>(
        _ sequence: S,
        priority: TaskPriority? = nil
    ) -> Signal<T, E> where S.Element == T, S.Failure == E {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                var iterator = sequence.makeAsyncIterator()
                do throws(E) {
                    while let element = try await iterator.next(isolation: nil) {
                        if Task.isCancelled { return }  // disposed: deliver nothing more
                        subscriber.putNext(element)
                    }
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putCompletion()
                } catch {
                    if Task.isCancelled { return }  // disposed: deliver nothing more
                    subscriber.putError(error)
                }
            }
            return ActionDisposable(action: cancel)
        }
    }
}
