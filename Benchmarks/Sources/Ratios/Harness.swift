import Dispatch
import Scenarios

/// What went wrong while measuring: a case delivered the wrong number of values.
struct WrongDelivery: Error, CustomStringConvertible {
    let scenario: Scenario
    let implementation: Implementation
    let delivered: Int
    let expected: Int

    var description: String {
        "\(scenario.rawValue) \(implementation.rawValue): delivered \(delivered) values, expected \(expected)"
    }
}

/// Runs cases and measures them.
struct Harness {
    /// Timed runs per case; the median is reported, with the min and max beside it.
    var runs = 3
    /// Multiplies every scenario's size (below 1 for a quick look, never for the record).
    var scale = 1.0

    func size(of scenario: Scenario) -> Int {
        max(8, Int(Double(scenario.defaultSize) * scale) / 4 * 4)
    }

    /// Runs `scenarioCase` once at `size` and checks what it delivered.
    @discardableResult
    func runOnce(_ scenarioCase: ScenarioCase, size: Int, around: (() -> Void) -> Void = { $0() }) throws -> Int {
        let body = scenarioCase.prepare(size)
        var delivered = 0
        around { delivered = body() }
        let expected = scenarioCase.scenario.expectedDeliveries(size: size)
        guard delivered == expected else {
            throw WrongDelivery(scenario: scenarioCase.scenario, implementation: scenarioCase.implementation, delivered: delivered, expected: expected)
        }
        return delivered
    }

    /// The ns per op of every timed run of each case. The cases of one timing group (a
    /// scenario and those whose ratios divide by it: `Scenario.timingGroup`) are
    /// interleaved run by run, so that a noisy moment on the machine hits a case and the
    /// case it is divided by alike.
    func time(_ cases: [ScenarioCase], progress: (String) -> Void) throws -> Timings {
        var samples: [Key: [Double]] = [:]
        for leader in Scenario.allCases where leader.timingGroup == leader {
            let group = cases.filter { $0.scenario.timingGroup == leader }
            guard !group.isEmpty else { continue }
            for scenario in Scenario.allCases where group.contains(where: { $0.scenario == scenario }) {
                let names = group.filter { $0.scenario == scenario }.map(\.implementation.rawValue)
                progress("\(scenario.rawValue) \(scenario.title): \(names.joined(separator: ", "))")
            }
            for scenarioCase in group {  // warm-up: code, caches, lazily made metadata
                try runOnce(scenarioCase, size: max(8, size(of: scenarioCase.scenario) / 10 / 4 * 4))
            }
            for _ in 0..<runs {
                for scenarioCase in group {
                    let scenario = scenarioCase.scenario
                    let size = size(of: scenario)
                    var elapsed: UInt64 = 0
                    try runOnce(scenarioCase, size: size) { body in
                        let start = DispatchTime.now().uptimeNanoseconds
                        body()
                        elapsed = DispatchTime.now().uptimeNanoseconds - start
                    }
                    let operations = scenario.operations(size: size)
                    samples[Key(scenarioCase), default: []].append(Double(elapsed) / Double(operations))
                }
            }
        }
        return Timings(samples: samples)
    }

    /// Steady-state allocations per op of each case, counted by the malloc interposer:
    /// the allocations of a run at the full size minus those of a run at half the size,
    /// divided by the difference in ops. What a run allocates once (building the chain,
    /// the sink, starting threads) cancels out, so 0 means nothing is allocated per op.
    /// For a scenario that reports it (S12), also the peak of heap bytes held during the
    /// full-size run.
    func allocations(_ cases: [ScenarioCase], counters: MallocCounters) throws -> [AllocationRecord] {
        try cases.map { scenarioCase in
            let scenario = scenarioCase.scenario
            let full = size(of: scenario)
            let half = full / 2
            try runOnce(scenarioCase, size: max(8, full / 10 / 4 * 4))  // warm-up
            var counts: [Int] = []
            var peakBytes: Int?
            for size in [half, full] {
                try runOnce(scenarioCase, size: size) { body in
                    let measured = counters.measure(body, trackingPeak: scenario.reportsPeakBytes && size == full)
                    counts.append(measured.mallocs)
                    peakBytes = measured.peakBytes
                }
            }
            return AllocationRecord(
                scenario: scenario,
                implementation: scenarioCase.implementation,
                allocations: counts[1] - counts[0],
                operations: scenario.operations(size: full) - scenario.operations(size: half),
                peakBytes: peakBytes
            )
        }
    }
}

/// A row of the table: one scenario for one implementation.
struct Key: Hashable, Codable {
    let scenario: Scenario
    let implementation: Implementation

    init(_ scenario: Scenario, _ implementation: Implementation) {
        self.scenario = scenario
        self.implementation = implementation
    }

    init(_ scenarioCase: ScenarioCase) {
        self.init(scenarioCase.scenario, scenarioCase.implementation)
    }
}

/// The timed runs of every case: ns per op, in run order.
struct Timings: Codable {
    let samples: [Key: [Double]]

    /// The runs of several processes, one after the other (`run.sh` times in three
    /// processes and pools their runs: how fast a library runs moves from one process to
    /// the next, with where its code and data landed, more than between the runs of one).
    /// Run i of every case still comes from the same process and moment.
    init(pooling parts: [Timings]) {
        var samples: [Key: [Double]] = [:]
        for part in parts {
            samples.merge(part.samples) { $0 + $1 }
        }
        self.samples = samples
    }

    init(samples: [Key: [Double]]) {
        self.samples = samples
    }

    /// The number of runs of each case (the most any case has).
    var runs: Int {
        samples.values.map(\.count).max() ?? 0
    }

    /// The median ns per op of a case; nil when it was not timed.
    func nanoseconds(_ key: Key) -> Double? {
        samples[key].flatMap(Spread.init)?.median
    }

    /// The ratio of `key` to `reference` run by run (run i of the case divided by run i
    /// of the reference, measured moments apart): its median, min and max.
    func ratio(_ key: Key, to reference: Key) -> Spread? {
        guard let values = samples[key], let references = samples[reference] else { return nil }
        return Spread(zip(values, references).map { $0 / $1 })
    }
}

/// The median, min and max of some runs.
struct Spread {
    let median: Double
    let min: Double
    let max: Double

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        median = sorted[sorted.count / 2]
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }
}
