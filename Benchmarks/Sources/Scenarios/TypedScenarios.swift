import Dispatch
import STypedSignal

/// A cold signal that emits `0..<count` synchronously, then completes.
func typedCountingSource(_ count: Int) -> Signal<Int, NoError> {
    Signal { subscriber in
        for value in 0..<count {
            subscriber.putNext(value)
        }
        subscriber.putCompletion()
        return EmptyDisposable
    }
}

/// Hands the subscriber of its only subscription to whoever holds the box (S8).
final class SubscriberBox<T, E>: @unchecked Sendable {
    // Safety: written once inside `start`, before the box is handed to the threads.
    var subscriber: Subscriber<T, E>?
}

/// The STypedSignal cases: S1–S4, S2g, S4P, S7–S9 (S5 and S6 in `TypedMetaScenarios.swift`).
func typedScenarios() -> [ScenarioCase] {
    var cases = [
        ScenarioCase(.s1Chain, .typed) { size in
            {
                let tally = Tally()
                let chain =
                    typedCountingSource(size)
                    |> map { $0 + 1 }
                    |> filter { $0 % 2 == 0 }
                    |> map { $0 * 2 }
                chain.start(next: { tally.add($0) }).dispose()
                return tally.count
            }
        },
        ScenarioCase(.s2Churn, .typed) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let signal = single(1, NoError.self) |> map { $0 + 1 }
                    let disposable = signal.start(next: { tally.add($0) })
                    disposable.dispose()
                }
                return tally.count
            }
        },
        ScenarioCase(.s2gGeneratorChurn, .typed) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let source = Signal<Int, NoError> { subscriber in
                        subscriber.putNext(1)
                        subscriber.putCompletion()
                        return EmptyDisposable
                    }
                    let disposable = (source |> map { $0 + 1 }).start(next: { tally.add($0) })
                    disposable.dispose()
                }
                return tally.count
            }
        },
        ScenarioCase(.s3FanOut, .typed) { size in
            let tally = Tally()
            let pipe = ValuePipe<Int>()
            let subscriptions = (0..<Scenario.fanOut).map { _ in
                pipe.signal().start(next: { tally.add($0) })
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
        ScenarioCase(.s4StateCell, .typed) { size in
            let tally = Tally()
            let cell = ValuePromise<Int>(0)
            let subscriptions = KeptSubscriptions(
                (0..<Scenario.stateSubscribers).map { _ in cell.get().start(next: { tally.add($0) }) }, dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 1...size {
                    cell.set(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s4Promise, .typed) { size in
            let tally = Tally()
            let cell = Promise<Int>(0)
            let subscriptions = KeptSubscriptions(
                (0..<Scenario.stateSubscribers).map { _ in cell.get().start(next: { tally.add($0) }) }, dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 1...size {
                    cell.set(.single(value))
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s7DeliverOn, .typed) { size in
            let queue = Queue(name: "benchmarks.s7")
            return {
                let tally = Tally()
                let done = DispatchSemaphore(value: 0)
                let subscription = (typedCountingSource(size) |> deliverOn(queue))
                    .start(next: { tally.add($0) }, completed: { done.signal() })
                done.wait()
                subscription.dispose()
                return tally.count
            }
        },
        ScenarioCase(.s8TwoThreads, .typed) { size in
            let tally = AtomicTally()
            let box = SubscriberBox<Int, NoError>()
            let subscription = Signal<Int, NoError> { subscriber in
                box.subscriber = subscriber
                return EmptyDisposable
            }.start(next: { tally.add($0) })
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
        ScenarioCase(.s9PipeTwoThreads, .typed) { size in
            let tally = AtomicTally()
            let pipe = ValuePipe<Int>()
            let subscription = pipe.signal().start(next: { tally.add($0) })
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
    cases += typedMetaScenarios()
    return cases
}
