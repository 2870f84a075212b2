import OpenCombine
import STypedSignalOperators
import SUntypedSignalOperators

// S13-S16: the operators beyond the originals (`STypedSignalOperators`,
// `SUntypedSignalOperators`) beside OpenCombine's publishers of the same names.

/// The S13-S16 cases: typed, untyped and OpenCombine.
func operatorScenarios() -> [ScenarioCase] {
    typedOperatorScenarios() + untypedOperatorScenarios() + openCombineOperatorScenarios()
}

private func typedOperatorScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s13Share, .typed) { size in
            let tally = Tally()
            let pipe = ValuePipe<Int>()
            let shared = pipe.signal() |> share()
            let subscriptions = KeptSubscriptions(
                (0..<Scenario.shareSubscribers).map { _ in shared.start(next: { tally.add($0) }) }, dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    pipe.putNext(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s14Merge, .typed) { size in
            let tally = Tally()
            let first = ValuePipe<Int>()
            let second = ValuePipe<Int>()
            let subscription = KeptSubscriptions(
                [merge(first.signal(), second.signal()).start(next: { tally.add($0) })], dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    (value & 1 == 0 ? first : second).putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s15Zip, .typed) { size in
            let tally = Tally()
            let first = ValuePipe<Int>()
            let second = ValuePipe<Int>()
            let subscription = KeptSubscriptions(
                [zip(first.signal(), second.signal()).start(next: { tally.add($0.0 &+ $0.1) })], dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    first.putNext(value)
                    second.putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s16Scan, .typed) { size in
            {
                let tally = Tally()
                (typedCountingSource(size) |> scan(0) { $0 &+ $1 }).start(next: { tally.add($0) }).dispose()
                return tally.count
            }
        },
    ]
}

private func untypedOperatorScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s13Share, .untyped) { size in
            let tally = Tally()
            let pipe = SPipe()
            let shared = pipe.signal().share()
            let subscriptions = KeptSubscriptions(
                (0..<Scenario.shareSubscribers).map { _ in shared.start(next: { tally.add($0 as! Int) }) }, dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    pipe.putNext(value)
                }
                withExtendedLifetime(subscriptions) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s14Merge, .untyped) { size in
            let tally = Tally()
            let first = SPipe()
            let second = SPipe()
            let subscription = KeptSubscriptions(
                [SSignal.merge([first.signal(), second.signal()]).start(next: { tally.add($0 as! Int) })], dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    (value & 1 == 0 ? first : second).putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s15Zip, .untyped) { size in
            let tally = Tally()
            let first = SPipe()
            let second = SPipe()
            let subscription = KeptSubscriptions(
                [first.signal().zip(with: second.signal()).start(next: { tally.add(($0 as! [Any?])[0] as! Int) })], dispose: { $0.dispose() })
            return {
                let before = tally.count
                for value in 0..<size {
                    first.putNext(value)
                    second.putNext(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s16Scan, .untyped) { size in
            {
                let tally = Tally()
                untypedCountingSource(size)
                    .scan(0) { ($0 as! Int) &+ ($1 as! Int) }
                    .start(next: { tally.add($0 as! Int) })
                    .dispose()
                return tally.count
            }
        },
    ]
}

private func openCombineOperatorScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s13Share, .openCombine) { size in
            let tally = Tally()
            let subject = PassthroughSubject<Int, Never>()
            let shared = Publishers.Share(upstream: subject)
            let subscriptions = (0..<Scenario.shareSubscribers).map { _ in
                shared.sink { tally.add($0) }
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
        ScenarioCase(.s14Merge, .openCombine) { size in
            let tally = Tally()
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            // OpenCombine 0.14 has no `Merge`: `FlatMap` over the two subjects merges them.
            let subjects = Publishers.Sequence<[PassthroughSubject<Int, Never>], Never>(sequence: [first, second])
            let merged = Publishers.FlatMap(upstream: subjects, maxPublishers: .unlimited) { $0 }
            let subscription = merged.sink { tally.add($0) }
            return {
                let before = tally.count
                for value in 0..<size {
                    (value & 1 == 0 ? first : second).send(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s15Zip, .openCombine) { size in
            let tally = Tally()
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let subscription = Publishers.Zip(first, second).sink { tally.add($0.0 &+ $0.1) }
            return {
                let before = tally.count
                for value in 0..<size {
                    first.send(value)
                    second.send(value)
                }
                withExtendedLifetime(subscription) {}
                return tally.count - before
            }
        },
        ScenarioCase(.s16Scan, .openCombine) { size in
            {
                let tally = Tally()
                Publishers.Scan(upstream: openCombineCountingSource(size), initialResult: 0) { $0 &+ $1 }
                    .sink { tally.add($0) }
                    .cancel()
                return tally.count
            }
        },
    ]
}
