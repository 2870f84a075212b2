import STypedSignal

/// The typed cases of the meta operators: S5, S5b and S6.
func typedMetaScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s5CombineLatest, .typed) { size in
            let tally = Tally()
            let pipes = (0..<4).map { _ in ValuePipe<Int>() }
            let subscription = combineLatest(pipes[0].signal(), pipes[1].signal(), pipes[2].signal(), pipes[3].signal())
                .start(next: { (values: (Int, Int, Int, Int)) in tally.add(values.0 &+ values.1 &+ values.2 &+ values.3) })
            for pipe in pipes {
                pipe.putNext(0)  // from here on every push emits
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
        ScenarioCase(.s5bCombineLatest3, .typed) { size in
            let tally = Tally()
            let pipes = (0..<3).map { _ in ValuePipe<Int>() }
            let subscription = combineLatest(pipes[0].signal(), pipes[1].signal(), pipes[2].signal())
                .start(next: { (values: (Int, Int, Int)) in tally.add(values.0 &+ values.1 &+ values.2) })
            for pipe in pipes {
                pipe.putNext(0)  // from here on every push emits
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
        ScenarioCase(.s6MapToSignal, .typed) { size in
            {
                let tally = Tally()
                let signal =
                    typedCountingSource(size)
                    |> mapToSignal { value in Signal<Int, NoError>.single(value) }
                signal.start(next: { tally.add($0) }).dispose()
                return tally.count
            }
        },
    ]
}

/// Typed scenarios not measured yet, shown as pending in the table (none today).
public let pendingTypedScenarios: [Scenario] = []
