import Dispatch
import SUntypedSignal

/// A cold signal that emits `0..<count` synchronously (boxed as `Any?`), then completes.
func untypedCountingSource(_ count: Int) -> SSignal {
    SSignal { subscriber in
        for value in 0..<count {
            subscriber.putNext(value)
        }
        subscriber.putCompletion()
        return nil
    }
}

/// Hands the subscriber of its only subscription to whoever holds the box (S8).
final class SSubscriberBox: @unchecked Sendable {
    // Safety: written once inside `start`, before the box is handed to the threads.
    var subscriber: SSubscriber?
}

/// The SUntypedSignal cases: the same work as the typed ones, values as `Any?`.
func untypedScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s1Chain, .untyped) { size in
            {
                let tally = Tally()
                untypedCountingSource(size)
                    .map { ($0 as! Int) + 1 }
                    .filter { ($0 as! Int) % 2 == 0 }
                    .map { ($0 as! Int) * 2 }
                    .start(next: { tally.add($0 as! Int) })
                    .dispose()
                return tally.count
            }
        },
        ScenarioCase(.s2Churn, .untyped) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let disposable = SSignal.single(1).map { ($0 as! Int) + 1 }.start(next: { tally.add($0 as! Int) })
                    disposable.dispose()
                }
                return tally.count
            }
        },
        ScenarioCase(.s2gGeneratorChurn, .untyped) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let source = SSignal { subscriber in
                        subscriber.putNext(1)
                        subscriber.putCompletion()
                        return nil
                    }
                    let disposable = source.map { ($0 as! Int) + 1 }.start(next: { tally.add($0 as! Int) })
                    disposable.dispose()
                }
                return tally.count
            }
        },
        ScenarioCase(.s3FanOut, .untyped) { size in
            let tally = Tally()
            let pipe = SPipe()
            let subscriptions = (0..<Scenario.fanOut).map { _ in
                pipe.signal().start(next: { tally.add($0 as! Int) })
            }
            return {
                let before = tally.count
                for value in 0..<size {
                    pipe.putNext(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s4StateCell, .untyped) { size in
            // SSignalKit's state cell is SVariable, fed one signal per set.
            let tally = Tally()
            let cell = SVariable()
            cell.set(SSignal.single(0))
            let subscriptions = KeptSubscriptions(
                (0..<Scenario.stateSubscribers).map { _ in cell.signal().start(next: { tally.add($0 as! Int) }) }, dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 1...size {
                    cell.set(SSignal.single(value))
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s5CombineLatest, .untyped) { size in
            let tally = Tally()
            let pipes = (0..<4).map { _ in SPipe() }
            let subscription = SSignal.combineSignals(pipes.map { $0.signal() })
                .start(next: { values in
                    let array = values as! [Any?]
                    tally.add((array[0] as! Int) &+ (array[1] as! Int) &+ (array[2] as! Int) &+ (array[3] as! Int))
                })
            for pipe in pipes {
                pipe.putNext(0)
            }
            return {
                let before = tally.count
                for value in 0..<size {
                    pipes[value & 3].putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s5bCombineLatest3, .untyped) { size in
            let tally = Tally()
            let pipes = (0..<3).map { _ in SPipe() }
            let subscription = SSignal.combineSignals(pipes.map { $0.signal() })
                .start(next: { values in
                    let array = values as! [Any?]
                    tally.add((array[0] as! Int) &+ (array[1] as! Int) &+ (array[2] as! Int))
                })
            for pipe in pipes {
                pipe.putNext(0)
            }
            return {
                let before = tally.count
                for value in 0..<size {
                    pipes[value % 3].putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s6MapToSignal, .untyped) { size in
            {
                let tally = Tally()
                untypedCountingSource(size)
                    .mapToSignal { SSignal.single($0) }
                    .start(next: { tally.add($0 as! Int) })
                    .dispose()
                return tally.count
            }
        },
        ScenarioCase(.s7DeliverOn, .untyped) { size in
            let queue = SQueue()
            return {
                let tally = Tally()
                let done = DispatchSemaphore(value: 0)
                let subscription = untypedCountingSource(size).deliverOn(queue)
                    .start(next: { tally.add($0 as! Int) }, completed: { done.signal() })
                done.wait()
                subscription.dispose()
                return tally.count
            }
        },
        ScenarioCase(.s8TwoThreads, .untyped) { size in
            let tally = AtomicTally()
            let box = SSubscriberBox()
            let subscription = SSignal { subscriber in
                box.subscriber = subscriber
                return nil
            }.start(next: { tally.add($0 as! Int) })
            let perThread = size / 2
            return {
                let before = tally.count
                let subscriber = Handover(value: box.subscriber!)
                onTwoThreads { _ in
                    for value in 0..<perThread {
                        subscriber.value.putNext(value)
                    }
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s9PipeTwoThreads, .untyped) { size in
            let tally = AtomicTally()
            let pipe = SPipe()
            let subscription = pipe.signal().start(next: { tally.add($0 as! Int) })
            let perThread = size / 2
            return {
                let before = tally.count
                let target = Handover(value: pipe)
                onTwoThreads { _ in
                    for value in 0..<perThread {
                        target.value.putNext(value)
                    }
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
    ]
}
