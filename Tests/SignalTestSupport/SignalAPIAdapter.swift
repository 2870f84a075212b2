/// One API's signals of integers, as the shared test drivers see them: a hot pipe, a
/// signal made from a generator, its subscriber, and starting a subscription.
///
/// SignalTestSupport imports neither API, so each API's test target conforms a caseless
/// enum to this protocol (and to the family protocols that refine it) with its own
/// spellings; a driver written once against the protocol then runs on both APIs.
public protocol SignalAPIAdapter: Sendable {
    /// The API's signal (of `Int` values where the API has typed values).
    associatedtype Signal: Sendable
    /// What a generator receives and sends its events to.
    associatedtype Subscriber: Sendable
    /// A hot source that the test pushes values into.
    associatedtype Pipe: Sendable

    /// A new pipe without replay.
    static func makePipe() -> Pipe
    /// The signal of `pipe`: each subscription receives the values pushed after it started.
    static func signal(of pipe: Pipe) -> Signal
    /// Pushes `value` to every subscription of `pipe`'s signal.
    static func push(_ value: Int, into pipe: Pipe)

    /// A cold signal that runs `generator` on each start; the action it returns (if any)
    /// runs when the subscription is disposed.
    static func signal(_ generator: @escaping @Sendable (Subscriber) -> (@Sendable () -> Void)?) -> Signal
    /// Sends a value to `subscriber`.
    static func putNext(_ value: Int, to subscriber: Subscriber)
    /// Sends the completion to `subscriber`.
    static func putCompletion(to subscriber: Subscriber)

    /// Starts `signal` with the given callbacks (an error is reported without its value)
    /// and returns what disposes the subscription.
    @discardableResult
    static func start(
        _ signal: Signal, next: ((Int) -> Void)?, error: (() -> Void)?, completed: (() -> Void)?
    ) -> () -> Void
}

extension SignalAPIAdapter {
    /// Starts `signal` with only the callbacks given.
    @discardableResult
    public static func start(_ signal: Signal, next: ((Int) -> Void)? = nil, completed: (() -> Void)? = nil) -> () -> Void {
        start(signal, next: next, error: nil, completed: completed)
    }
}
