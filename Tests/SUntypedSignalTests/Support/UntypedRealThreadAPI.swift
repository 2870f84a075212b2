import SUntypedSignal
import SignalSync
import SignalTestSupport

/// The untyped API as the real-thread drivers of SignalTestSupport see it: `SSignal`
/// carrying `Int` values and `Int` error codes, and its hopping operators.
enum UntypedRealThreadAPI: RealThreadAdapter {
    static func signal(_ generator: @escaping @Sendable (RealThreadSink) -> Void) -> SSignal {
        SSignal { subscriber in
            generator(
                RealThreadSink(
                    next: { subscriber.putNext($0) }, error: { subscriber.putError($0) },
                    completed: { subscriber.putCompletion() }))
            return nil
        }
    }

    static func never() -> SSignal { .never() }

    static func deliverOn(_ signal: SSignal, _ queue: ExecutionQueue) -> SSignal {
        signal.deliverOn(SQueue(queue))
    }

    static func runOn(_ signal: SSignal, _ queue: ExecutionQueue) -> SSignal {
        signal.startOn(SQueue(queue))
    }

    static func map(_ signal: SSignal, _ transform: @escaping @Sendable (Int) -> Int) -> SSignal {
        signal.map { transform($0 as! Int) }
    }

    static func take(_ signal: SSignal, _ count: Int) -> SSignal {
        signal.take(count)
    }

    static func then(_ first: SSignal, _ second: SSignal) -> SSignal {
        first.then(second)
    }

    static func flatten(_ outer: SSignal, _ mode: FlattenMode, _ inner: @escaping @Sendable (Int) -> SSignal) -> SSignal {
        switch mode {
        case .mapToSignal: outer.mapToSignal { inner($0 as! Int) }
        case .switchToLatest: outer.map { inner($0 as! Int) }.switchToLatest()
        case .queue: outer.map { inner($0 as! Int) }.queue()
        case .throttled: outer.map { inner($0 as! Int) }.throttled()
        }
    }

    static func combineLatest(_ first: SSignal, _ second: SSignal, queue: ExecutionQueue, _ combine: @escaping @Sendable (Int, Int) -> Int) -> SSignal {
        SSignal.combineSignals([first.deliverOn(SQueue(queue)), second.deliverOn(SQueue(queue))]).map { values in
            let pair = values as! [Any?]
            return combine(pair[0] as! Int, pair[1] as! Int)
        }
    }

    static func delay(_ signal: SSignal, _ seconds: Double, queue: ExecutionQueue) -> SSignal {
        signal.delay(seconds, onQueue: SQueue(queue))
    }

    static func timeout(_ signal: SSignal, _ seconds: Double, queue: ExecutionQueue, alternate: SSignal) -> SSignal {
        signal.timeout(seconds, onQueue: SQueue(queue), orSignal: alternate)
    }

    static func restart(_ signal: SSignal) -> SSignal {
        signal.restart()
    }

    static func start(
        _ signal: SSignal, next: @escaping @Sendable (Int) -> Void, error: @escaping @Sendable (Int) -> Void,
        completed: @escaping @Sendable () -> Void
    ) -> () -> Void {
        signal.start(next: { next($0 as! Int) }, error: { error($0 as! Int) }, completed: completed).dispose
    }
}
