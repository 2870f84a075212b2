import Foundation
import Scenarios

/// The table of results and the threshold checks.
struct Report {
    let timings: [Key: Double]
    let allocations: [Key: AllocationRecord]?
    let thresholds: Thresholds
    let pending: [Scenario]

    /// Lines naming every missed target; empty when all checked targets are met.
    private(set) var misses: [String] = []
    /// How many limits were checked.
    private(set) var checked = 0

    init(timings: [Key: Double], allocations: [AllocationRecord]?, thresholds: Thresholds, pending: [Scenario]) {
        self.timings = timings
        self.allocations = allocations.map { records in
            Dictionary(records.map { (Key($0.scenario, $0.implementation), $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.thresholds = thresholds
        self.pending = pending
    }

    /// Builds the table (and the list of misses) as text.
    mutating func render() -> String {
        var rows: [[String]] = [["scenario", "implementation", "ns/op", "ratio to OC", "target", "allocs/op", "limit", "result"]]
        for scenario in Scenario.allCases {
            for implementation in Implementation.allCases {
                let key = Key(scenario, implementation)
                let label = "\(scenario.rawValue) \(scenario.title)"
                guard let nanoseconds = timings[key] else {
                    if implementation == .typed, pending.contains(scenario) {
                        rows.append([
                            label, implementation.rawValue, "-", "-", limitText(thresholds.ratioLimit(implementation, scenario)), "-", "-",
                            "pending: enable after merge",
                        ])
                    } else if implementation == .openCombine, scenario == .s5CombineLatest {
                        rows.append([label, implementation.rawValue, "-", "-", "-", "-", "-", "no operator: reference is OC S1"])
                    }
                    continue
                }
                var results: [String] = []
                var ratioText = "-"
                if let reference = timings[Key(scenario.reference, .openCombine)] {
                    let ratio = nanoseconds / reference
                    ratioText = format(ratio)
                    if implementation != .openCombine, let limit = thresholds.ratioLimit(implementation, scenario) {
                        results.append(
                            "ratio "
                                + check(ratio <= limit, "\(implementation.rawValue) \(scenario.rawValue): ratio \(format(ratio)) > target \(format(limit))"))
                    }
                } else if implementation != .openCombine {
                    results.append("no OC reference")
                }
                if implementation == .untyped, let limit = thresholds.untypedToTyped, let typed = timings[Key(scenario, .typed)] {
                    let ratio = nanoseconds / typed
                    results.append("vs typed " + check(ratio <= limit, "untyped \(scenario.rawValue): \(format(ratio)) × typed > \(format(limit)) × typed"))
                }
                var allocationText = "-"
                let allocationLimit = thresholds.allocationLimit(implementation, scenario)
                if let record = allocations?[key] {
                    allocationText = format(record.perOp)
                    if let limit = allocationLimit {
                        results.append(
                            "allocs "
                                + check(
                                    record.perOp <= limit,
                                    "\(implementation.rawValue) \(scenario.rawValue): \(format(record.perOp)) allocations per \(scenario.unit) > limit \(format(limit))"
                                ))
                    }
                } else if allocationLimit != nil {
                    results.append("allocs " + check(false, "\(implementation.rawValue) \(scenario.rawValue): allocations not measured (run through run.sh)"))
                }
                let result = results.isEmpty ? (implementation == .openCombine ? "reference" : "reported") : results.joined(separator: ", ")
                rows.append([
                    label, implementation.rawValue, format(nanoseconds), ratioText, limitText(thresholds.ratioLimit(implementation, scenario)), allocationText,
                    limitText(allocationLimit), result,
                ])
            }
        }
        return table(rows)
    }

    private mutating func check(_ passed: Bool, _ miss: String) -> String {
        checked += 1
        if passed { return "ok" }
        misses.append(miss)
        return "MISS"
    }

    private func limitText(_ limit: Double?) -> String {
        limit.map { "≤ " + format($0) } ?? "-"
    }

    private func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        func line(_ row: [String]) -> String {
            let text = row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return (2...6).contains(column) ? padding + text : text + padding  // numbers right-aligned
            }.joined(separator: "  ")
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}

/// A number with as many decimals as it needs to be read: 123, 12.3, 1.23, 0.00012.
func format(_ value: Double) -> String {
    switch abs(value) {
    case 0: "0"
    case 100...: String(format: "%.0f", value)
    case 10...: String(format: "%.1f", value)
    case 0.01...: String(format: "%.2f", value)
    default: String(format: "%.5f", value)
    }
}
