import SUntypedSignal
import SignalTestSupport

/// The untyped API as the shared drivers of SignalTestSupport see it: `SSignal` carrying
/// `Int` values, `SPipe` and `SBlockDisposable`. The family conformances are beside each
/// family's tests.
enum UntypedAPI: SignalAPIAdapter {
    static func makePipe() -> SPipe { SPipe() }

    static func signal(of pipe: SPipe) -> SSignal { pipe.signal() }

    static func push(_ value: Int, into pipe: SPipe) { pipe.putNext(value) }

    static func signal(_ generator: @escaping @Sendable (SSubscriber) -> (@Sendable () -> Void)?) -> SSignal {
        SSignal { subscriber in
            generator(subscriber).map { SBlockDisposable($0) }
        }
    }

    static func putNext(_ value: Int, to subscriber: SSubscriber) { subscriber.putNext(value) }

    static func putCompletion(to subscriber: SSubscriber) { subscriber.putCompletion() }

    /// A value that is not an `Int` reaches `next` as -1.
    static func start(_ signal: SSignal, next: ((Int) -> Void)?, error: (() -> Void)?, completed: (() -> Void)?) -> () -> Void {
        // The protocol, shared with the typed adapter, keeps plain callback types; the
        // drivers' callbacks are thread-safe (locked logs, or a subscriber they forward to).
        nonisolated(unsafe) let next = next, error = error, completed = completed
        var onNext: (@Sendable (Any?) -> Void)?, onError: (@Sendable (Any?) -> Void)?, onCompleted: (@Sendable () -> Void)?
        if next != nil { onNext = { next!($0 as? Int ?? -1) } }
        if error != nil { onError = { _ in error!() } }
        if completed != nil { onCompleted = { completed!() } }
        let subscription = signal.start(next: onNext, error: onError, completed: onCompleted)
        return subscription.dispose
    }
}
