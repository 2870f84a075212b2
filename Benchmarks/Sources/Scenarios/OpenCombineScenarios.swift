import Dispatch
import OpenCombine
import OpenCombineDispatch

// Operators are built with their publishers' initializers (`Publishers.Map(upstream:
// transform:)`) rather than the fluent methods: OpenCombine fuses some chains through
// those methods (`Just.map` gives a `Just`, `Publishers.Sequence.map` maps the whole
// sequence eagerly), which would measure something else than one stage per operator.

/// A cold publisher of `0..<count`, OpenCombine's synchronous counting source.
func openCombineCountingSource(_ count: Int) -> Publishers.Sequence<Range<Int>, Never> {
    Publishers.Sequence(sequence: 0..<count)
}

/// The OpenCombine cases: S1–S4, S2g, S6–S9 (it has no combineLatest, so no S5).
func openCombineScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s1Chain, .openCombine) { size in
            {
                let tally = Tally()
                let first = Publishers.Map(upstream: openCombineCountingSource(size)) { $0 + 1 }
                let even = Publishers.Filter(upstream: first) { $0 % 2 == 0 }
                let chain = Publishers.Map(upstream: even) { $0 * 2 }
                chain.sink { tally.add($0) }.cancel()
                return tally.count
            }
        },
        ScenarioCase(.s2Churn, .openCombine) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let publisher = Publishers.Map(upstream: Just(1)) { $0 + 1 }
                    let cancellable = publisher.sink { tally.add($0) }
                    cancellable.cancel()
                }
                return tally.count
            }
        },
        ScenarioCase(.s2gGeneratorChurn, .openCombine) { size in
            {
                let tally = Tally()
                for _ in 0..<size {
                    let publisher = Publishers.Map(upstream: Deferred { Just(1) }) { $0 + 1 }
                    let cancellable = publisher.sink { tally.add($0) }
                    cancellable.cancel()
                }
                return tally.count
            }
        },
        ScenarioCase(.s3FanOut, .openCombine) { size in
            let tally = Tally()
            let subject = PassthroughSubject<Int, Never>()
            let subscriptions = (0..<Scenario.fanOut).map { _ in
                subject.sink { tally.add($0) }
            }
            return {
                let before = tally.count
                for value in 0..<size {
                    subject.send(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s4StateCell, .openCombine) { size in
            let tally = Tally()
            let cell = CurrentValueSubject<Int, Never>(0)
            let subscriptions = (0..<Scenario.stateSubscribers).map { _ in
                cell.sink { tally.add($0) }
            }
            return {
                let before = tally.count
                for value in 1...size {
                    cell.send(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s6MapToSignal, .openCombine) { size in
            {
                let tally = Tally()
                let inners = Publishers.Map(upstream: openCombineCountingSource(size)) { Just($0) }
                Publishers.SwitchToLatest(upstream: inners).sink { tally.add($0) }.cancel()
                return tally.count
            }
        },
        ScenarioCase(.s7DeliverOn, .openCombine) { size in
            let queue = DispatchQueue(label: "benchmarks.s7.opencombine")
            return {
                let tally = Tally()
                let done = DispatchSemaphore(value: 0)
                let delivered = Publishers.ReceiveOn(upstream: openCombineCountingSource(size), scheduler: queue.ocombine, options: nil)
                let subscription = delivered.sink(receiveCompletion: { _ in done.signal() }, receiveValue: { tally.add($0) })
                done.wait()
                subscription.cancel()
                return tally.count
            }
        },
        ScenarioCase(.s8TwoThreads, .openCombine) { size in
            let tally = AtomicTally()
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.sink { tally.add($0) }
            let perThread = size / 2
            return {
                let before = tally.count
                let target = Handover(value: subject)
                onTwoThreads { _ in
                    for value in 0..<perThread {
                        target.value.send(value)
                    }
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s9PipeTwoThreads, .openCombine) { size in
            let tally = AtomicTally()
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.sink { tally.add($0) }
            let perThread = size / 2
            return {
                let before = tally.count
                let target = Handover(value: subject)
                onTwoThreads { _ in
                    for value in 0..<perThread {
                        target.value.send(value)
                    }
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
    ]
}
