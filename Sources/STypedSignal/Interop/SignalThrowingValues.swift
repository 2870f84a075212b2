import SignalSync

/// The values of a `Signal<T, E>` as an `AsyncSequence` that throws `E`.
///
/// Made by `Signal.values`; see there for subscription, cancellation and buffering.
public struct SignalThrowingValues<T, E: Error>: AsyncSequence, Sendable {
    /// The sequence's element: the signal's value.
    public typealias Element = T
    /// The sequence fails with the signal's error.
    public typealias Failure = E

    @usableFromInline let signal: Signal<T, E>

    @inlinable
    init(signal: Signal<T, E>) {
        self.signal = signal
    }

    /// A new iterator; it subscribes at its first `next()`.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: valuesHandle(signal))
    }

    /// Iterates one subscription of the signal.
    public struct Iterator: AsyncIteratorProtocol {
        /// The sequence's element: the signal's value.
        public typealias Element = T
        /// The iterator fails with the signal's error.
        public typealias Failure = E

        @usableFromInline let handle: AsyncValuesHandle<T, E>

        @inlinable
        init(handle: AsyncValuesHandle<T, E>) {
            self.handle = handle
        }

        /// The next value; nil once the signal completed or the task was cancelled;
        /// throws the signal's error once, after the values that preceded it.
        @inlinable
        public mutating func next() async throws(E) -> T? {
            try await next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s isolation; nil once the signal completed
        /// or the task was cancelled; throws the signal's error once.
        @inlinable
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
