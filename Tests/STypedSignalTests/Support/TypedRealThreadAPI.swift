import STypedSignal
import SignalSync
import SignalTestSupport

/// The failure of the typed real-thread signals: a code.
struct PipelineFailure: Error, Equatable {
    let code: Int
}

/// The typed API as the real-thread drivers of SignalTestSupport see it:
/// `Signal<Int, PipelineFailure>` and its hopping operators.
enum TypedRealThreadAPI: RealThreadAdapter {
    typealias Signal = STypedSignal.Signal<Int, PipelineFailure>

    static func signal(_ generator: @escaping @Sendable (RealThreadSink) -> Void) -> Signal {
        Signal { subscriber in
            generator(
                RealThreadSink(
                    next: { subscriber.putNext($0) }, error: { subscriber.putError(PipelineFailure(code: $0)) },
                    completed: { subscriber.putCompletion() }))
            return EmptyDisposable
        }
    }

    static func never() -> Signal { .never() }

    static func deliverOn(_ signal: Signal, _ queue: ExecutionQueue) -> Signal {
        signal |> STypedSignal.deliverOn(Queue(executionQueue: queue))
    }

    static func runOn(_ signal: Signal, _ queue: ExecutionQueue) -> Signal {
        signal |> STypedSignal.runOn(Queue(executionQueue: queue))
    }

    static func map(_ signal: Signal, _ transform: @escaping @Sendable (Int) -> Int) -> Signal {
        signal |> STypedSignal.map(transform)
    }

    static func take(_ signal: Signal, _ count: Int) -> Signal {
        signal |> STypedSignal.take(count)
    }

    static func then(_ first: Signal, _ second: Signal) -> Signal {
        first |> STypedSignal.then(second)
    }

    static func flatten(_ outer: Signal, _ mode: FlattenMode, _ inner: @escaping @Sendable (Int) -> Signal) -> Signal {
        switch mode {
        case .mapToSignal: outer |> mapToSignal(inner)
        case .switchToLatest: outer |> STypedSignal.map(inner) |> switchToLatest
        case .queue: outer |> STypedSignal.map(inner) |> STypedSignal.queue
        case .throttled: outer |> STypedSignal.map(inner) |> throttled
        }
    }

    static func combineLatest(_ first: Signal, _ second: Signal, queue: ExecutionQueue, _ combine: @escaping @Sendable (Int, Int) -> Int) -> Signal {
        STypedSignal.combineLatest(queue: Queue(executionQueue: queue), first, second) |> STypedSignal.map { combine($0.0, $0.1) }
    }

    static func delay(_ signal: Signal, _ seconds: Double, queue: ExecutionQueue) -> Signal {
        signal |> STypedSignal.delay(seconds, queue: Queue(executionQueue: queue))
    }

    static func timeout(_ signal: Signal, _ seconds: Double, queue: ExecutionQueue, alternate: Signal) -> Signal {
        signal |> STypedSignal.timeout(seconds, queue: Queue(executionQueue: queue), alternate: alternate)
    }

    static func restart(_ signal: Signal) -> Signal {
        signal |> STypedSignal.restart
    }

    static func start(
        _ signal: Signal, next: @escaping @Sendable (Int) -> Void, error: @escaping @Sendable (Int) -> Void,
        completed: @escaping @Sendable () -> Void
    ) -> () -> Void {
        signal.start(next: next, error: { error($0.code) }, completed: completed).dispose
    }
}
