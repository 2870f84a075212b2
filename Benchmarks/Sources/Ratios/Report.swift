import Foundation
import Scenarios

/// The table of results and the threshold checks.
struct Report {
    let timings: Timings
    let allocations: [Key: AllocationRecord]?
    let thresholds: Thresholds
    let pending: [Scenario]

    /// Lines naming every missed limit; empty when all checked limits are met.
    private(set) var misses: [String] = []
    /// How many limits were checked.
    private(set) var checked = 0
    /// The rows of the last `render()`, header first.
    private var rows: [[String]] = []

    init(timings: Timings, allocations: [AllocationRecord]?, thresholds: Thresholds, pending: [Scenario]) {
        self.timings = timings
        self.allocations = allocations.map { records in
            Dictionary(records.map { (Key($0.scenario, $0.implementation), $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.thresholds = thresholds
        self.pending = pending
    }

    /// Builds the table (and the list of misses) as text. Ratios are the median of the
    /// per-run ratios, with their min and max over the timed runs beside them.
    mutating func render() -> String {
        rows = [
            [
                "scenario", "implementation", "ns/op", "ratio to OC", "min–max", "limit", "target", "to async-alg.", "min–max", "allocs/op",
                "limit", "result",
            ]
        ]
        for scenario in Scenario.allCases {
            for implementation in Implementation.allCases {
                let key = Key(scenario, implementation)
                let label = "\(scenario.rawValue) \(scenario.title)"
                guard let nanoseconds = timings.nanoseconds(key) else {
                    if implementation == .typed, pending.contains(scenario) {
                        let limit = limitText(thresholds.ratioLimit(implementation, scenario))
                        let target = limitText(thresholds.ratioTarget(implementation, scenario))
                        rows.append([label, implementation.rawValue, "-", "-", "-", limit, target, "-", "-", "-", "-", "pending: enable after merge"])
                    } else if implementation == .openCombine, scenario.reference == .s1Chain, scenario != .s1Chain,
                        Implementation.allCases.contains(where: { timings.nanoseconds(Key(scenario, $0)) != nil })
                    {
                        rows.append([label, implementation.rawValue, "-", "-", "-", "-", "-", "-", "-", "-", "-", "no operator: reference is OC S1"])
                    } else if implementation == .openCombine, scenario.reference == scenario,
                        Implementation.allCases.contains(where: { timings.nanoseconds(Key(scenario, $0)) != nil })
                    {
                        rows.append([label, implementation.rawValue, "-", "-", "-", "-", "-", "-", "-", "-", "-", "no operator: absolute ns/op limit"])
                    }
                    continue
                }
                var results: [String] = []
                var (ratioText, spreadText) = ("-", "-")
                if let ratio = timings.ratio(key, to: Key(scenario.reference, .openCombine)) {
                    (ratioText, spreadText) = (format(ratio.median), spread(ratio))
                    if implementation != .openCombine, let limit = thresholds.ratioLimit(implementation, scenario) {
                        let miss = "\(implementation.rawValue) \(scenario.rawValue): ratio \(format(ratio.median)) > limit \(format(limit))"
                        results.append("ratio " + check(ratio.median <= limit, miss))
                    }
                    if implementation != .openCombine, let target = thresholds.ratioTarget(implementation, scenario),
                        target != thresholds.ratioLimit(implementation, scenario)
                    {
                        results.append(ratio.median <= target ? "target met" : "target missed")
                    }
                } else if implementation != .openCombine, let limit = thresholds.nanosecondLimit(implementation, scenario) {
                    let miss = "\(implementation.rawValue) \(scenario.rawValue): \(format(nanoseconds)) ns per \(scenario.unit) > limit \(format(limit))"
                    results.append("ns " + check(nanoseconds <= limit, miss))
                } else if implementation != .openCombine {
                    results.append("no OC reference")
                }
                var (peerText, peerSpreadText) = ("-", "-")
                if let ratio = timings.ratio(key, to: Key(scenario, .asyncAlgorithms)) {
                    (peerText, peerSpreadText) = (format(ratio.median), spread(ratio))
                }
                var allocationText = "-"
                let allocationLimit = thresholds.allocationLimit(implementation, scenario)
                if let record = allocations?[key] {
                    allocationText = format(record.perOp)
                    if let limit = allocationLimit {
                        let miss =
                            "\(implementation.rawValue) \(scenario.rawValue): \(format(record.perOp)) allocations per \(scenario.unit) > limit \(format(limit))"
                        results.append("allocs " + check(record.perOp <= limit, miss))
                    }
                } else if allocationLimit != nil {
                    results.append("allocs " + check(false, "\(implementation.rawValue) \(scenario.rawValue): allocations not measured (run through run.sh)"))
                }
                if let base = scenario.singleChurnBase, let limit = thresholds.singleChurnLimit(implementation, scenario),
                    let ratio = timings.ratio(key, to: Key(base, implementation))
                {
                    let miss =
                        "\(implementation.rawValue) \(scenario.rawValue): \(format(ratio.median))x its \(base.rawValue) single churn > limit \(format(limit))x"
                    results.append("\(format(ratio.median))x \(base.rawValue) " + check(ratio.median <= limit, miss))
                    if let target = thresholds.singleChurnTarget(implementation, scenario), target != limit {
                        results.append("\(format(target))x target " + (ratio.median <= target ? "met" : "missed"))
                    }
                }
                let result =
                    results.isEmpty
                    ? (implementation == .openCombine || implementation == .asyncAlgorithms ? "reference" : "reported") : results.joined(separator: ", ")
                rows.append([
                    label, implementation.rawValue, format(nanoseconds), ratioText, spreadText, checkedLimitText(implementation, scenario),
                    limitText(thresholds.ratioTarget(implementation, scenario)), peerText, peerSpreadText, allocationText, limitText(allocationLimit),
                    result,
                ])
            }
        }
        return table(rows)
    }

    /// The rows of the last `render()` as a Markdown table, for the README's results
    /// (`ratios --readme FILE`): scenario, implementation, ns/op, the ratio to OpenCombine
    /// with its min–max, the checked limit, the target (reported, not checked),
    /// allocations per op and the result. The columns of the ratio to async-algorithms and
    /// of the allocation limit are left out (the result names an allocation limit that is
    /// checked).
    func markdown() -> String {
        let header = ["scenario", "implementation", "ns/op", "ratio to OpenCombine (min–max)", "limit", "target", "allocs/op", "result"]
        let alignments = ["---", "---", "---:", "---:", "---:", "---:", "---:", "---"]
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|")
        }
        func line(_ cells: [String]) -> String {
            "| " + cells.map(cell).joined(separator: " | ") + " |"
        }
        let body = rows.dropFirst().map { row in
            let ratio = row[3] == "-" ? "-" : "\(row[3]) (\(row[4]))"
            return line([row[0], row[1], row[2], ratio, row[5], row[6], row[9], row[11]])
        }
        return ([line(header), "|" + alignments.joined(separator: "|") + "|"] + body).joined(separator: "\n")
    }

    private mutating func check(_ passed: Bool, _ miss: String) -> String {
        checked += 1
        if passed { return "ok" }
        misses.append(miss)
        return "MISS"
    }

    private func spread(_ ratio: Spread) -> String {
        "\(format(ratio.min))–\(format(ratio.max))"
    }

    /// The sentence on the peak heap of the scenarios that report it (S12), or nil.
    var peakNote: String? {
        let figures = Scenario.allCases.filter(\.reportsPeakBytes).compactMap { scenario -> String? in
            let parts = Implementation.allCases.compactMap { implementation in
                allocations?[Key(scenario, implementation)]?.peakBytes.map { "\(implementation.rawValue) \(megabytes($0))" }
            }
            return parts.isEmpty ? nil : "\(scenario.rawValue) \(scenario.title): \(parts.joined(separator: ", "))"
        }
        guard !figures.isEmpty else { return nil }
        return "Peak heap held at once during a full-size run (bytes allocated minus freed, the allocation pass): " + figures.joined(separator: "; ") + "."
    }

    private func megabytes(_ bytes: Int) -> String {
        String(format: "%.2f MB", Double(bytes) / 1_000_000)
    }

    /// The limit column: the ratio limit, or the absolute ns/op limit of a scenario
    /// with no peer.
    private func checkedLimitText(_ implementation: Implementation, _ scenario: Scenario) -> String {
        if let limit = thresholds.nanosecondLimit(implementation, scenario) {
            return "≤ \(format(limit)) ns"
        }
        return limitText(thresholds.ratioLimit(implementation, scenario))
    }

    private func limitText(_ limit: Double?) -> String {
        limit.map { "≤ " + format($0) } ?? "-"
    }

    private func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
        func line(_ row: [String]) -> String {
            let text = row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return (2...10).contains(column) ? padding + text : text + padding  // numbers right-aligned
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
