import Dispatch
import Scenarios

/// The scaling measurement of an array `combineLatest` (printed after the table when S11
/// runs): ns per push at each number of sources of `CombineLatestScaling`, per
/// implementation, and the growth from the fewest sources to the most.
struct CombineLatestScalingReport {
    /// The timed runs per size and implementation.
    let runs: Int
    /// Multiplies the pushes per run (as `--scale` does the scenarios' sizes).
    let scale: Double
    /// The implementations to measure (those of `CombineLatestScaling` the run keeps).
    let implementations: [Implementation]
    /// The limits checked, if any.
    let limits: ScalingLimits?

    /// Lines naming every missed limit, filled by `measure`.
    private(set) var misses: [String] = []
    /// How many limits were checked.
    private(set) var checked = 0

    init(runs: Int, scale: Double, implementations: [Implementation], limits: ScalingLimits?) {
        self.runs = runs
        self.scale = scale
        self.implementations = implementations
        self.limits = limits
    }

    /// Times every implementation at every number of sources (runs interleaved, after a
    /// warm-up of each) and returns the table, checking the limits.
    mutating func measure(progress: (String) -> Void) throws -> String {
        let pushes = max(8, Int(Double(CombineLatestScaling.pushes) * scale))
        let counts = CombineLatestScaling.sourceCounts
        var samples: [Implementation: [Int: [Double]]] = [:]
        progress("combineLatest scaling: \(counts.map(String.init).joined(separator: ", ")) sources, \(pushes) pushes a run")
        for implementation in implementations {
            for sources in counts {
                try run(implementation, sources: sources, pushes: max(8, pushes / 10))
            }
        }
        for _ in 0..<runs {
            for implementation in implementations {
                for sources in counts {
                    let elapsed = try run(implementation, sources: sources, pushes: pushes)
                    samples[implementation, default: [:]][sources, default: []].append(Double(elapsed) / Double(pushes))
                }
            }
        }
        var rows = [["implementation"] + counts.map { "\($0) sources" } + ["growth \(counts.last!) ÷ \(counts.first!)", "limits", "result"]]
        for implementation in implementations {
            let spreads = counts.map { Spread(samples[implementation]![$0]!)! }
            let growth = spreads.last!.median / spreads.first!.median
            var results: [String] = []
            var limitTexts: [String] = []
            if let limits {
                limitTexts.append("growth ≤ \(format(limits.maxGrowth))")
                results.append(
                    "growth "
                        + check(
                            growth <= limits.maxGrowth,
                            "\(implementation.rawValue) combineLatest scaling: growth \(format(growth)) > limit \(format(limits.maxGrowth))"))
                if let most = limits.maxNanosecondsAtMostSources[implementation.rawValue] {
                    limitTexts.append("\(counts.last!): ≤ \(format(most)) ns")
                    results.append(
                        "ns "
                            + check(
                                spreads.last!.median <= most,
                                "\(implementation.rawValue) combineLatest scaling: \(format(spreads.last!.median)) ns per push at \(counts.last!) sources > limit \(format(most))"
                            ))
                }
            }
            rows.append(
                [implementation.rawValue] + spreads.map { "\(format($0.median)) (\(format($0.min))–\(format($0.max)))" } + [
                    format(growth), limitTexts.isEmpty ? "-" : limitTexts.joined(separator: ", "),
                    results.isEmpty ? "reported" : results.joined(separator: ", "),
                ])
        }
        return table(rows)
    }

    /// One run at `sources` and `pushes`: the elapsed ns of the measured body.
    @discardableResult
    private func run(_ implementation: Implementation, sources: Int, pushes: Int) throws -> UInt64 {
        let body = CombineLatestScaling.prepare(implementation, sources: sources, pushes: pushes)
        let start = DispatchTime.now().uptimeNanoseconds
        let delivered = body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        guard delivered == pushes else {
            throw WrongDelivery(scenario: .s11CombineLatestArray, implementation: implementation, delivered: delivered, expected: pushes)
        }
        return elapsed
    }

    private mutating func check(_ passed: Bool, _ miss: String) -> String {
        checked += 1
        if passed { return "ok" }
        misses.append(miss)
        return "MISS"
    }

    private func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        let lines = rows.map { row in
            row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 || column >= row.count - 2 ? text + padding : padding + text
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([lines[0], rule] + lines.dropFirst()).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
