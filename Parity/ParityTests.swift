import Foundation
import SignalTestSupport
import XCTest

/// Runs every scenario of the catalogue on every driver it applies to, and prints the
/// coverage table (operator, scenarios, pass on each driver), the operator table rows
/// (Coverage.swift) left out of the suite and the reported library disagreements.
final class ParityTests: LeakCheckedTestCase {
    func testEveryScenarioOnEveryDriver() {
        var table: [String: CoverageRow] = [:]
        // The traces of the drivers left out by a reported disagreement, by scenario and driver.
        var actuals: [String: [String]] = [:]
        for scenario in Catalogue.all {
            var row = table[scenario.op] ?? CoverageRow()
            row.scenarios += 1
            for driver in Driver.allCases where scenario.drivers.contains(driver) {
                let trace = Drivers.run(driver, scenario)
                let passed = trace == scenario.expected
                row.record(driver, passed: passed)
                if !passed {
                    XCTFail(
                        """
                        [\(driver)] \(scenario.op): \(scenario.name)
                          sources:  \(scenario.sources.map(\.text))
                          expected: \(scenario.expected)
                          actual:   \(trace)
                        """)
                }
            }
            if let disagreement = scenario.disagreement {
                for driver in Driver.allCases where disagreement.drivers.contains(driver) {
                    row.reported[driver, default: 0] += 1
                    let trace = Drivers.run(driver, scenario)
                    actuals[scenario.name + "|" + driver.rawValue] = trace
                    if trace == scenario.expected {
                        XCTFail("[\(driver)] \(scenario.op): \(scenario.name) now agrees: remove its reported disagreement")
                    }
                }
            }
            table[scenario.op] = row
        }
        print(CoverageRow.render(table))
        if Self.verbose {
            print(Coverage.renderExclusions())
        } else {
            let excluded = Coverage.all.filter { if case .excluded = $0.status { return true } else { return false } }
            print(
                "\nExcluded operator table rows: \(excluded.count), each with its reason and covering unit tests "
                    + "(Coverage.swift; PARITY_VERBOSE=1 lists them)")
        }
        print(renderDisagreements(actuals))
    }

    /// `PARITY_VERBOSE=1` prints the excluded rows and every disagreement's traces.
    static var verbose: Bool {
        ProcessInfo.processInfo.environment["PARITY_VERBOSE"] == "1"
    }

    /// Every row of both originals' operator tables (Coverage.swift) is either covered by
    /// scenarios that run that API's operator, or excluded with a reason; and every op of
    /// the catalogue belongs to a row.
    func testEveryOperatorIsCoveredOrExcluded() {
        for (api, entries, rows) in [(API.typed, Coverage.typed, 67), (API.untyped, Coverage.untyped, 116)] {
            XCTAssertEqual(entries.map(\.row), Array(1...rows), "the \(api) operator table is transcribed row by row")
            for entry in entries {
                switch entry.status {
                case .covered(let ops):
                    XCTAssertFalse(ops.isEmpty, "\(api) #\(entry.row) \(entry.name): covered by no op")
                    for op in ops {
                        let runs = Catalogue.all.filter { $0.op == op && $0.drivers.contains { $0.operatorAPI == api } }
                        XCTAssertFalse(runs.isEmpty, "\(api) #\(entry.row) \(entry.name): no scenario of '\(op)' runs the \(api) operator")
                    }
                case .excluded(let reason):
                    XCTAssertFalse(reason.isEmpty, "\(api) #\(entry.row) \(entry.name): excluded without a reason")
                }
            }
        }
        let claimed = Set(
            Coverage.all.flatMap { entry -> [String] in
                if case .covered(let ops) = entry.status { return ops }
                return []
            })
        for op in Set(Catalogue.all.map(\.op)).subtracting(claimed).subtracting(Catalogue.beyondTheOriginals).sorted() {
            XCTFail("the scenarios of '\(op)' cover no row of either operator table (Coverage.swift)")
        }
    }

    /// The reported library disagreements and the scenarios that show them: one line each
    /// (a passing run stays quiet; the test fails when a driver left out starts to agree);
    /// with `PARITY_VERBOSE=1` the report, the expected trace and the actual one of each
    /// driver left out.
    private func renderDisagreements(_ actuals: [String: [String]]) -> String {
        var lines = ["", "Reported library disagreements (drivers left out of these scenarios; the test fails once one agrees)"]
        var reports: [String: [Scenario]] = [:]
        var order: [String] = []
        for scenario in Catalogue.all {
            guard let disagreement = scenario.disagreement else { continue }
            if reports[disagreement.report] == nil { order.append(disagreement.report) }
            reports[disagreement.report, default: []].append(scenario)
        }
        for report in order {
            let scenarios = reports[report] ?? []
            let drivers = scenarios[0].disagreement?.drivers.map(\.rawValue).sorted().joined(separator: ", ") ?? ""
            guard Self.verbose else {
                let summary = report.prefix { $0 != ":" }
                lines.append(
                    "- [\(drivers)] \(summary): \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") "
                        + "(Catalogue/Disagreements.swift; PARITY_VERBOSE=1 prints the traces)")
                continue
            }
            lines.append("- [\(drivers)] \(report)")
            for scenario in scenarios {
                lines.append("    \(scenario.op): \(scenario.name)  sources \(scenario.sources.map(\.text))")
                lines.append("      expected: \(scenario.expected)")
                for driver in Driver.allCases where scenario.disagreement?.drivers.contains(driver) == true {
                    lines.append("      \(driver): \(actuals[scenario.name + "|" + driver.rawValue] ?? [])")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Pass counts of one operator on each driver; runs left out by a reported library
/// disagreement are counted apart (`+n reported`).
struct CoverageRow {
    var scenarios = 0
    var runs: [Driver: (passed: Int, total: Int)] = [:]
    var reported: [Driver: Int] = [:]

    mutating func record(_ driver: Driver, passed: Bool) {
        let current = runs[driver] ?? (0, 0)
        runs[driver] = (current.passed + (passed ? 1 : 0), current.total + 1)
    }

    func cell(_ driver: Driver) -> String {
        let suffix = reported[driver].map { " +\($0) reported" } ?? ""
        guard let run = runs[driver] else { return reported[driver] == nil ? "-" : "0/0" + suffix }
        return "\(run.passed)/\(run.total)" + suffix
    }

    static func render(_ table: [String: CoverageRow]) -> String {
        let header = ["operator", "scenarios"] + Driver.allCases.map(\.rawValue)
        var rows = [header]
        for (op, row) in table.sorted(by: { $0.key < $1.key }) {
            rows.append([op, "\(row.scenarios)"] + Driver.allCases.map(row.cell))
        }
        let total = table.values.reduce(0) { $0 + $1.scenarios }
        rows.append(
            ["total", "\(total)"]
                + Driver.allCases.map { driver in
                    let runs = table.values.compactMap { $0.runs[driver] }
                    let reported = table.values.reduce(0) { $0 + ($1.reported[driver] ?? 0) }
                    return "\(runs.reduce(0) { $0 + $1.passed })/\(runs.reduce(0) { $0 + $1.total })"
                        + (reported > 0 ? " +\(reported) reported" : "")
                })
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        return
            (["", "Parity coverage (passed/run per driver; +n reported: runs left out by a reported library disagreement)"]
            + lines).joined(separator: "\n")
    }
}

/// Every scenario, family by family.
enum Catalogue {
    static let all: [Scenario] =
        MappingScenarios.all + TakeScenarios.all + SideEffectScenarios.all + CatchScenarios.all
        + CombineScenarios.all + MetaScenarios.all + ReduceScenarios.all + DispatchTimingScenarios.all + HotSourceScenarios.all
        + TransformScenarios.all + CombiningScenarios.all + ShareScenarios.all

    /// The ops of operators beyond both originals (the operator modules): they cover no
    /// row of either operator table.
    static let beyondTheOriginals: Set<String> = TransformScenarios.ops.union(CombiningScenarios.ops).union(ShareScenarios.ops)
}
