// The scenario catalogue as package-benchmark benchmarks, for the detailed metrics:
// wall-clock percentiles, throughput and the malloc counters.
//
//   swift package --package-path Benchmarks benchmark
//
// Each benchmark runs one scenario for one implementation at a size equal to its
// scaling factor, so every figure package-benchmark prints is per op: ns per source
// event (S1), allocations per subscription (S2), and so on. The ratio table and the
// threshold checks are `run.sh`'s job, not this target's.
import Benchmark
import Scenarios

/// The size of each scenario here: its ops per run equal the scaling factor.
private func benchmarkSize(_ scenario: Scenario) -> (size: Int, scaling: BenchmarkScalingFactor) {
    switch scenario {
    case .s1Chain, .s8TwoThreads, .s9PipeTwoThreads, .s14Merge, .s15Zip, .s16Scan: (1_000_000, .mega)
    case .s3FanOut: (1_000_000 / Scenario.fanOut, .mega)
    case .s13Share: (1_000_000 / Scenario.shareSubscribers, .mega)
    case .s2Churn, .s2gGeneratorChurn, .s4StateCell, .s4Promise, .s5CombineLatest, .s5bCombineLatest3, .s6MapToSignal, .s7DeliverOn,
        .s10PipeChurn, .s10ValueChurn, .s10PromiseChurn, .s10SingleChurn, .s11CombineLatestArray, .s12AppWorkload:
        (1_000, .kilo)
    }
}

let benchmarks: @Sendable () -> Void = {
    for scenarioCase in Catalogue.all() {
        let (size, scaling) = benchmarkSize(scenarioCase.scenario)
        precondition(scenarioCase.scenario.operations(size: size) == scaling.rawValue)
        let name = "\(scenarioCase.scenario.rawValue) \(scenarioCase.scenario.title) · \(scenarioCase.implementation.rawValue)"
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            warmupIterations: 2,
            scalingFactor: scaling,
            maxDuration: .seconds(2),
            maxIterations: 50
        )
        Benchmark(name, configuration: configuration) { benchmark in
            let body = scenarioCase.prepare(size)
            benchmark.startMeasurement()
            let delivered = body()
            benchmark.stopMeasurement()
            precondition(delivered == scenarioCase.scenario.expectedDeliveries(size: size), "\(name) delivered \(delivered)")
            blackHole(delivered)
        }
    }
}
