import STypedSignal

// Typed S5 (combineLatest) and S6 (mapToSignal) need operators that are being written
// on another branch. They compile only with the TYPED_META flag, which Package.swift
// sets once that branch is merged (look for "ENABLE AFTER MERGE" there). Until then
// the table shows these two rows as pending.

#if TYPED_META
/// The typed cases of the meta operators: S5 and S6.
func typedMetaScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s5CombineLatest, .typed) { size in
            let tally = Tally()
            let pipes = (0..<4).map { _ in ValuePipe<Int>() }
            let subscription = combineLatest(pipes[0].signal(), pipes[1].signal(), pipes[2].signal(), pipes[3].signal())
                .start(next: { tally.add($0.0 &+ $0.1 &+ $0.2 &+ $0.3) })
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
        ScenarioCase(.s6MapToSignal, .typed) { size in
            {
                let tally = Tally()
                let signal = typedCountingSource(size)
                    |> mapToSignal { value in Signal<Int, NoError>.single(value) }
                signal.start(next: { tally.add($0) }).dispose()
                return tally.count
            }
        },
    ]
}

/// Nothing waits any more: both meta scenarios are in the catalogue.
public let pendingTypedScenarios: [Scenario] = []
#else
/// Empty until the meta operators are merged (see above).
func typedMetaScenarios() -> [ScenarioCase] {
    []
}

/// The typed scenarios that wait for the meta operators, shown as pending in the table.
public let pendingTypedScenarios: [Scenario] = [.s5CombineLatest, .s6MapToSignal]
#endif
