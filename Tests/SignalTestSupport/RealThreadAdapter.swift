import SignalSync

/// One API's signals of integers that fail with an integer code, with the operators
/// that move events between threads and queues, as `HopOrderDriver` and
/// `RealThreadPipelineDriver` see them.
///
/// Queues are the shared layer's `ExecutionQueue`s (each API wraps them in its own
/// queue type), so that a driver can make, name and recognise them without knowing the
/// API.
public protocol RealThreadAdapter: Sendable {
    /// The API's signal of `Int` values that can fail with an `Int` code.
    associatedtype Signal: Sendable

    /// A cold signal that runs `generator` on each start with what sends its events.
    static func signal(_ generator: @escaping @Sendable (RealThreadSink) -> Void) -> Signal
    /// A signal that never sends anything.
    static func never() -> Signal

    /// Events delivered on `queue`.
    static func deliverOn(_ signal: Signal, _ queue: ExecutionQueue) -> Signal
    /// The subscription to `signal` made on `queue`.
    static func runOn(_ signal: Signal, _ queue: ExecutionQueue) -> Signal
    /// Each value transformed.
    static func map(_ signal: Signal, _ transform: @escaping @Sendable (Int) -> Int) -> Signal
    /// The first `count` values, then completion.
    static func take(_ signal: Signal, _ count: Int) -> Signal
    /// `first`, then `second` once `first` completes.
    static func then(_ first: Signal, _ second: Signal) -> Signal
    /// Each value of `outer` mapped to a signal and flattened the way `mode` says.
    static func flatten(_ outer: Signal, _ mode: FlattenMode, _ inner: @escaping @Sendable (Int) -> Signal) -> Signal
    /// The latest values of both, combined, with every event delivered on `queue`.
    static func combineLatest(_ first: Signal, _ second: Signal, queue: ExecutionQueue, _ combine: @escaping @Sendable (Int, Int) -> Int) -> Signal
    /// The subscription to `signal` delayed by `seconds` on `queue`.
    static func delay(_ signal: Signal, _ seconds: Double, queue: ExecutionQueue) -> Signal
    /// `alternate` when `signal` sends nothing within `seconds` (the timer on `queue`).
    static func timeout(_ signal: Signal, _ seconds: Double, queue: ExecutionQueue, alternate: Signal) -> Signal
    /// `signal` subscribed again each time it completes.
    static func restart(_ signal: Signal) -> Signal

    /// Starts `signal`; returns what disposes the subscription.
    static func start(
        _ signal: Signal, next: @escaping @Sendable (Int) -> Void, error: @escaping @Sendable (Int) -> Void,
        completed: @escaping @Sendable () -> Void
    ) -> () -> Void
}

/// How `RealThreadAdapter.flatten` flattens the inner signals.
public enum FlattenMode: String, CaseIterable, Sendable {
    /// `mapToSignal` (typed) / `mapToSignal` (untyped): the newest inner only.
    case mapToSignal
    /// `map` then `switchToLatest`.
    case switchToLatest
    /// `map` then `queue`: one inner at a time, in order.
    case queue
    /// `map` then `throttled`: one at a time, keeping only the newest waiting.
    case throttled
}

/// What a generator of `RealThreadAdapter.signal` sends its events to.
public struct RealThreadSink: Sendable {
    /// Sends a value.
    public let next: @Sendable (Int) -> Void
    /// Fails with a code.
    public let error: @Sendable (Int) -> Void
    /// Completes.
    public let completed: @Sendable () -> Void

    /// A sink that forwards to the three functions.
    public init(next: @escaping @Sendable (Int) -> Void, error: @escaping @Sendable (Int) -> Void, completed: @escaping @Sendable () -> Void) {
        self.next = next
        self.error = error
        self.completed = completed
    }
}
