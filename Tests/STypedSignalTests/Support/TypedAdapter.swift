import STypedSignal
import SignalTestSupport

/// The typed API as the shared drivers of SignalTestSupport see it: `Signal<Int, NoError>`,
/// `ValuePipe<Int>` and `ActionDisposable`. The family conformances are beside each
/// family's tests.
enum TypedAPI: SignalAPIAdapter {
    typealias Signal = STypedSignal.Signal<Int, NoError>
    typealias Subscriber = STypedSignal.Subscriber<Int, NoError>
    typealias Pipe = ValuePipe<Int>

    static func makePipe() -> Pipe { Pipe() }

    static func signal(of pipe: Pipe) -> Signal { pipe.signal() }

    static func push(_ value: Int, into pipe: Pipe) { pipe.putNext(value) }

    static func signal(_ generator: @escaping @Sendable (Subscriber) -> (@Sendable () -> Void)?) -> Signal {
        Signal { subscriber in
            guard let action = generator(subscriber) else { return EmptyDisposable }
            return ActionDisposable(action: action)
        }
    }

    static func putNext(_ value: Int, to subscriber: Subscriber) { subscriber.putNext(value) }

    static func putCompletion(to subscriber: Subscriber) { subscriber.putCompletion() }

    /// `error` is never called: a `Signal<Int, NoError>` cannot fail.
    static func start(_ signal: Signal, next: ((Int) -> Void)?, error: (() -> Void)?, completed: (() -> Void)?) -> () -> Void {
        // The drivers' callbacks record on the test's thread or under their own locks.
        nonisolated(unsafe) let next = next, completed = completed
        let sendableNext: (@Sendable (Int) -> Void)? = next == nil ? nil : { @Sendable in next?($0) }
        let sendableCompleted: (@Sendable () -> Void)? = completed == nil ? nil : { @Sendable in completed?() }
        return signal.start(next: sendableNext, completed: sendableCompleted).dispose
    }
}
