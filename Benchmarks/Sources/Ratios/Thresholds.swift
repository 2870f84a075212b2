import Foundation
import Scenarios

/// The checked-in limits of `thresholds.json`.
///
/// Keys are implementation names (`typed`, `untyped`, `bridged`) and scenario ids
/// (`S1`...`S9`, `S4P`, `S5b`, `S11`). A missing key means "reported, not checked".
struct Thresholds: Decodable {
    /// Maximum of ns per op divided by OpenCombine's ns per op of the reference
    /// scenario (for S5 and S5b, OpenCombine's S1), the median of the timed runs.
    var ratioToOpenCombine: [String: [String: Double]] = [:]
    /// Maximum allocations (malloc calls) per op.
    var allocationsPerOp: [String: [String: Double]] = [:]
    /// Maximum ns per op (median of the timed runs) of a scenario with no OpenCombine
    /// peer (S11), where no ratio can be taken.
    var nanosecondsPerOp: [String: [String: Double]]?
    /// Maximum of a hot-source churn's ns per op (S10, S10V, S10P) divided by the same
    /// API's `single` churn (S10S) in the same run, the median of the per-run ratios.
    var ratioToSingleChurn: [String: [String: Double]]?
    /// The limits of the array `combineLatest` scaling measurement (printed with S11).
    var combineLatestScaling: ScalingLimits?
    /// Maximum growth of a container's ns per op from 100 members to 100,000 (the scaling
    /// pass, `--scaling`), keyed by `ScalingCase` name.
    var scalingGrowth: [String: Double]?

    static func load(_ path: String) throws -> Thresholds {
        try JSONDecoder().decode(Thresholds.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func ratioLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        ratioToOpenCombine[implementation.rawValue]?[scenario.rawValue]
    }

    func nanosecondLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        nanosecondsPerOp?[implementation.rawValue]?[scenario.rawValue]
    }

    func singleChurnLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        ratioToSingleChurn?[implementation.rawValue]?[scenario.rawValue]
    }

    func allocationLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        allocationsPerOp[implementation.rawValue]?[scenario.rawValue]
    }
}

/// The limits of the scaling measurement of an array `combineLatest`.
struct ScalingLimits: Decodable {
    /// Maximum of the median ns per push at the most sources divided by that at the
    /// fewest (1000 and 10), per implementation.
    var maxGrowth: Double
    /// Maximum median ns per push at the most sources (1000), per implementation.
    var maxNanosecondsAtMostSources: [String: Double]
}

/// Steady-state allocations per op of one case, as the allocation pass writes them.
struct AllocationRecord: Codable {
    var scenario: Scenario
    var implementation: Implementation
    /// Allocations of the full-size run minus those of the half-size run.
    var allocations: Int
    /// Ops of the full-size run minus those of the half-size run.
    var operations: Int

    var perOp: Double {
        max(0, Double(allocations) / Double(operations))
    }
}
