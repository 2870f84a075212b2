import STypedSignal
import SUntypedSignal

// S11, `combineLatest` of an array of sources, and the scaling measurement beside it: the
// same work at 10, 100 and 1000 sources, which shows whether a push costs the same
// whatever the number of sources.

/// The S11 cases, typed and untyped. OpenCombine has none: its `CombineLatest` takes two
/// to four publishers, and nesting them to reach 100 would measure something else.
func combineLatestArrayScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s11CombineLatestArray, .typed) { size in
            typedCombineLatestArray(sources: Scenario.arraySources, pushes: size)
        },
        ScenarioCase(.s11CombineLatestArray, .untyped) { size in
            untypedCombineLatestArray(sources: Scenario.arraySources, pushes: size)
        },
    ]
}

/// Subscribes a typed `combineLatest` to `sources` pipes, gives each pipe its first value
/// (not measured) and returns the measured body: `pushes` values round-robin into the
/// pipes, each emitting one array, of which the sink reads the pushed element.
func typedCombineLatestArray(sources: Int, pushes: Int) -> () -> Int {
    let tally = Tally()
    let pipes = (0..<sources).map { _ in ValuePipe<Int>() }
    nonisolated(unsafe) var next = 0  // read by the sink on this thread, inside the pushes
    let subscription = combineLatest(pipes.map { $0.signal() })
        .start(next: { (values: [Int]) in
            tally.add(values[next])
        })
    for pipe in pipes {
        pipe.putNext(0)  // from here on every push emits
    }
    return {
        let before = tally.count
        for value in 0..<pushes {
            next = value % sources
            pipes[next].putNext(value)
        }
        withExtendedLifetime(subscription) {}
        return tally.count - before
    }
}

/// The untyped twin of `typedCombineLatestArray`: `SSignal.combineSignals` over `SPipe`s.
func untypedCombineLatestArray(sources: Int, pushes: Int) -> () -> Int {
    let tally = Tally()
    let pipes = (0..<sources).map { _ in SPipe() }
    nonisolated(unsafe) var next = 0  // read by the sink on this thread, inside the pushes
    let subscription = SSignal.combineSignals(pipes.map { $0.signal() })
        .start(next: { values in
            tally.add((values as! [Any?])[next] as! Int)
        })
    for pipe in pipes {
        pipe.putNext(0)
    }
    return {
        let before = tally.count
        for value in 0..<pushes {
            next = value % sources
            pipes[next].putNext(value)
        }
        withExtendedLifetime(subscription) {}
        return tally.count - before
    }
}

/// The scaling measurement of `combineLatest` over an array: S11's work at several
/// numbers of sources, for the typed and the untyped API. A push should cost about the
/// same at every size (the combined array is updated in place, not rebuilt).
public enum CombineLatestScaling {
    /// The numbers of sources measured.
    public static let sourceCounts = [10, 100, 1000]
    /// Pushes per timed run, at every number of sources.
    public static let pushes = 20_000
    /// The implementations measured (OpenCombine has no array `combineLatest`).
    public static let implementations: [Implementation] = [.typed, .untyped]

    /// Builds the subscription of `implementation` over `sources` pipes (not measured)
    /// and returns the measured body, which pushes `pushes` values and returns how many
    /// arrays the sink received (one per push).
    public static func prepare(_ implementation: Implementation, sources: Int, pushes: Int) -> () -> Int {
        switch implementation {
        case .typed: typedCombineLatestArray(sources: sources, pushes: pushes)
        case .untyped: untypedCombineLatestArray(sources: sources, pushes: pushes)
        default: preconditionFailure("no array combineLatest for \(implementation.rawValue)")
        }
    }
}
