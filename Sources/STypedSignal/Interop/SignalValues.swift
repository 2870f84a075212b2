import SignalSync

/// The values of a `Signal<T, NoError>` as an `AsyncSequence` that cannot fail.
///
/// Made by `Signal.values`; see there for subscription, cancellation and buffering.
public struct SignalValues<T>: AsyncSequence, Sendable {
    /// The sequence's element: the signal's value.
    public typealias Element = T
    /// The sequence cannot fail.
    public typealias Failure = Never

    @usableFromInline let signal: Signal<T, NoError>

    @inlinable
    init(signal: Signal<T, NoError>) {
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
        /// The iterator cannot fail.
        public typealias Failure = Never

        @usableFromInline let handle: AsyncValuesHandle<T, NoError>

        @inlinable
        init(handle: AsyncValuesHandle<T, NoError>) {
            self.handle = handle
        }

        /// The next value, or nil once the signal completed or the task was cancelled.
        @inlinable
        public mutating func next() async -> T? {
            await next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s isolation; nil once the signal completed
        /// or the task was cancelled.
        @inlinable
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
