import SUntypedSignal
import SignalTestSupport

/// The untyped API as the shared drivers of SignalTestSupport see it: `SSignal` carrying
/// `Int` values, `SPipe` and `SBlockDisposable`. The family conformances are beside each
/// family's tests.
enum UntypedAPI: SignalAPIAdapter {
    static func makePipe() -> SPipe { SPipe() }

    static func signal(of pipe: SPipe) -> SSignal { pipe.signal() }

    static func push(_ value: Int, into pipe: SPipe) { pipe.putNext(value) }

    static func signal(_ generator: @escaping @Sendable (SSubscriber) -> (() -> Void)?) -> SSignal {
        SSignal { subscriber in
            generator(subscriber).map { SBlockDisposable($0) }
        }
    }

    static func putNext(_ value: Int, to subscriber: SSubscriber) { subscriber.putNext(value) }

    static func putCompletion(to subscriber: SSubscriber) { subscriber.putCompletion() }

    /// A value that is not an `Int` reaches `next` as -1.
    static func start(_ signal: SSignal, next: ((Int) -> Void)?, error: (() -> Void)?, completed: (() -> Void)?) -> () -> Void {
        let subscription = signal.start(
            next: next.map { deliver in { deliver($0 as? Int ?? -1) } },
            error: error.map { report in { _ in report() } },
            completed: completed)
        return subscription.dispose
    }
}
