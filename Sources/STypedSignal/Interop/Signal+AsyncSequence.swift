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
    @inlinable
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
    @inlinable
    public var values: SignalThrowingValues<T, E> {
        SignalThrowingValues(signal: self)
    }
}

/// A handle over a buffer that subscribes to `signal` at the first `next`.
@inlinable
func valuesHandle<T, E>(_ signal: Signal<T, E>) -> AsyncValuesHandle<T, E> {
    AsyncValuesHandle { buffer in
        let subscription = signal.start(next: buffer.push, error: buffer.fail, completed: buffer.complete)
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
    ///
    /// Needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2: it reads the sequence's
    /// `Failure` type and iterates with `next(isolation:)`, both new there. On older
    /// systems, `SSignal.fromAsyncSequence` takes any sequence.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public static func fromAsyncSequence<S: AsyncSequence & Sendable>(
        _ sequence: S,
        priority: TaskPriority? = nil
    ) -> Signal<T, NoError> where S.Element == T, S.Failure == Never {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                var iterator = sequence.makeAsyncIterator()
                while let element = await iterator.next(isolation: nil) {
                    if Task.isCancelled {  // disposed: deliver nothing more, and end the iteration
                        await AsyncSourceTask.endCancelled(&iterator)
                        return
                    }
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
    ///
    /// Needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2: it reads the sequence's
    /// `Failure` type and iterates with the typed-throws `next(isolation:)`, both new there.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public static func fromAsyncSequence<S: AsyncSequence & Sendable>(
        _ sequence: S,
        priority: TaskPriority? = nil
    ) -> Signal<T, E> where S.Element == T, S.Failure == E {
        Signal { subscriber in
            let cancel = AsyncSourceTask.start(priority: priority) {
                var iterator = sequence.makeAsyncIterator()
                do throws(E) {
                    while let element = try await iterator.next(isolation: nil) {
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
            return ActionDisposable(action: cancel)
        }
    }
}
