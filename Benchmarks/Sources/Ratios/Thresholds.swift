import Foundation
import Scenarios

/// The checked-in thresholds of `thresholds.json`: the `limits` that `run.sh` checks
/// (a miss fails the run) and the `targets`, the project's ambitions, which are reported
/// beside them and never fail a run.
///
/// Keys are implementation names (`typed`, `untyped`, `bridged`) and scenario ids
/// (`S1`...`S12`, `S2g`, `S4P`, `S5b`, `S10V`...). A missing key means "reported, not
/// checked".
struct Thresholds: Decodable {
    /// What a run must meet. The timing limits sit at least 1.3x above the worst median
    /// of five pooled runs, so that only a regression misses them.
    struct Limits: Decodable {
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
        /// Maximum growth of a container's ns per op from 100 members to 100,000 (the
        /// scaling pass, `--scaling`), keyed by `ScalingCase` name.
        var scalingGrowth: [String: Double]?
    }

    /// What the project aims for, in the same units as the limits of the same name:
    /// printed in the table's target column and in each row's result ("target met",
    /// "target missed"), never counted as a miss.
    struct Targets: Decodable {
        /// The aimed-for median ratio to OpenCombine.
        var ratioToOpenCombine: [String: [String: Double]]?
        /// The aimed-for median ratio of a hot-source churn to its `single` churn.
        var ratioToSingleChurn: [String: [String: Double]]?
    }

    var limits = Limits()
    var targets = Targets()

    /// The limits of the array `combineLatest` scaling measurement.
    var combineLatestScaling: ScalingLimits? { limits.combineLatestScaling }
    /// The growth limits of the scaling pass.
    var scalingGrowth: [String: Double]? { limits.scalingGrowth }

    static func load(_ path: String) throws -> Thresholds {
        try JSONDecoder().decode(Thresholds.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func ratioLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        limits.ratioToOpenCombine[implementation.rawValue]?[scenario.rawValue]
    }

    func ratioTarget(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        targets.ratioToOpenCombine?[implementation.rawValue]?[scenario.rawValue]
    }

    func nanosecondLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        limits.nanosecondsPerOp?[implementation.rawValue]?[scenario.rawValue]
    }

    func singleChurnLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        limits.ratioToSingleChurn?[implementation.rawValue]?[scenario.rawValue]
    }

    func singleChurnTarget(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        targets.ratioToSingleChurn?[implementation.rawValue]?[scenario.rawValue]
    }

    func allocationLimit(_ implementation: Implementation, _ scenario: Scenario) -> Double? {
        limits.allocationsPerOp[implementation.rawValue]?[scenario.rawValue]
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
    /// The most heap bytes (requested sizes, allocated minus freed) held at once during
    /// the full-size run, above what was held when it started; measured only for the
    /// scenarios that report it (`Scenario.reportsPeakBytes`: S12).
    var peakBytes: Int?

    var perOp: Double {
        max(0, Double(allocations) / Double(operations))
    }
}
