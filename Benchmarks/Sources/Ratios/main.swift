// `ratios`: the side-by-side run behind Benchmarks/run.sh.
//
//   ratios [--runs N] [--scale X] [--only S1,S3] [--implementation typed,OpenCombine]
//          [--thresholds FILE] [--allocations FILE] [--svg FILE]
//       Times every scenario for every implementation in this one process (N runs,
//       default 3), prints the table of ns per op and ratios to OpenCombine and to
//       async-algorithms (median, min and max over the runs), checks the thresholds
//       on the medians and exits 1 when a target is missed. --svg also draws the
//       ratios as a bar chart into FILE. --readme FILE also replaces what is between
//       FILE's `<!-- results:begin -->` and `<!-- results:end -->` with the table in
//       Markdown and a line with the day and the machine (run.sh passes it, with --svg,
//       on a full run only). --implementation keeps only some rows (for profiling one
//       case: ratios are then missing).
//       When S11 is among the scenarios, also measures the array combineLatest at 10,
//       100 and 1000 sources (ns per push, typed and untyped) and checks the growth
//       limit of thresholds.json's combineLatestScaling. --scaling-combine only: that
//       measurement alone (as if --only S11, without the table); --no-scaling: the
//       table alone (instructions.sh). --alone: the --only scenarios without the
//       references and single churn they come with (instructions.sh counts each alone).
//       --save-timings FILE: time, write the runs to FILE as JSON and stop (no table).
//       --pool FILE,FILE,...: time nothing; report on the runs of those files, one
//       after the other (run.sh times in three processes and pools their runs).
//   ratios --scaling [--runs N] [--thresholds FILE] [--case NAME,...] [--sizes 100,1000]
//       The scaling pass: ns per op of adding and removing members of each container
//       (disposable sets, DisposableDict, Bag, pipes, multicast) at 100 to 100,000
//       members, in random order; prints the table with each growth and exits 1 when a
//       growth exceeds thresholds.json's `scalingGrowth`. --case and --sizes measure only
//       some containers or sizes (for a profiler; limits are then checked only over the
//       default sizes). --save-timings FILE: measure, write the least figures to FILE as
//       JSON and stop; --pool FILE,...: measure nothing, report the least of those
//       files' figures at each size (run.sh measures in three processes).
//   ratios allocations [--scale X] [--only ...]
//       Run with LD_PRELOAD=libMallocInterposerSwift.so: prints the allocations of one
//       run of each case as JSON, for --allocations of the timing pass (and the peak heap
//       of S12's full-size run).
//   ratios footprint [--only M1,M4] [--implementation ...] [--footprint-allocations FILE]
//          [--footprint-limits FILE]
//       The footprint rows alone (M1–M7: 10,000 live subscriptions of a kind held at
//       once). With LD_PRELOAD=libMallocInterposerSwift.so: prints the malloc calls made
//       to subscribe them as JSON, for --footprint-allocations. Without: measures the heap
//       bytes in use (glibc's mallinfo2), prints the table with the allocations of FILE
//       beside them, checks footprint.json's limits and exits 1 when one is exceeded
//       (.ci/footprint). The timing report also prints this table (measured in its own
//       process, before timing) unless --only leaves every M row out, and takes the same
//       two options; --readme then writes it under the scenarios' table.
import Foundation
import Scenarios

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("ratios: \(message)\n".utf8))
    exit(code)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
let allocationPass = arguments.first == "allocations"
if allocationPass { arguments.removeFirst() }
let scalingPass = arguments.first == "--scaling"
if scalingPass { arguments.removeFirst() }
let footprintPass = arguments.first == "footprint"
if footprintPass { arguments.removeFirst() }

var harness = Harness()
var only: Set<Scenario>?
var implementations: Set<Implementation>?
var thresholdsPath: String?
var allocationsPath: String?
var chartPath: String?
var readmePath: String?
var scalingOnly = false
var noScaling = false
var alone = false
var chosen: Set<Scenario>?
var scaling = ScalingPass()
var savedTimingsPath: String?
var pooledTimingsPaths: [String]?
var footprintRows: Set<FootprintRow>?
var footprintAllocationsPath: String?
var footprintLimitsPath: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--scaling-combine" {
        scalingOnly = true
        continue
    }
    if option == "--no-scaling" {
        noScaling = true
        continue
    }
    if option == "--alone" {
        alone = true
        continue
    }
    guard !arguments.isEmpty else { fail("\(option) needs a value") }
    let value = arguments.removeFirst()
    switch option {
    case "--runs":
        guard let runs = Int(value), runs > 0 else { fail("--runs wants a positive number") }
        harness.runs = runs
        scaling.runs = runs
    case "--scale":
        guard let scale = Double(value), scale > 0 else { fail("--scale wants a positive number") }
        harness.scale = scale
    case "--only":
        let names = value.split(separator: ",").map(String.init)
        // Footprint rows (M1...) and scenarios (S1...) may be named together.
        footprintRows = Set(names.compactMap { name in FootprintRow.allCases.first { $0.rawValue.lowercased() == name.lowercased() } })
        let scenarios = names.filter { name in !FootprintRow.allCases.contains { $0.rawValue.lowercased() == name.lowercased() } }.map {
            name -> Scenario in
            guard let scenario = Scenario.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { fail("no scenario \(name)") }
            return scenario
        }
        // The OpenCombine figures that the chosen scenarios are divided by come too, and
        // the single churn that the hot-source churns are checked against.
        chosen = Set(scenarios)
        only = Set(scenarios + scenarios.map { $0.reference } + scenarios.compactMap { $0.singleChurnBase })
    case "--implementation":
        let names = value.split(separator: ",").map(String.init)
        implementations = Set(
            names.map { name -> Implementation in
                guard let implementation = Implementation.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                    fail("no implementation \(name)")
                }
                return implementation
            })
    case "--thresholds": thresholdsPath = value
    case "--allocations": allocationsPath = value
    case "--svg": chartPath = value
    case "--readme": readmePath = value
    case "--save-timings": savedTimingsPath = value
    case "--pool": pooledTimingsPaths = value.split(separator: ",").map(String.init)
    case "--footprint-allocations": footprintAllocationsPath = value
    case "--footprint-limits": footprintLimitsPath = value
    case "--case" where scalingPass:
        scaling.cases = value.split(separator: ",").map { name in
            guard let scalingCase = ScalingCase(rawValue: String(name)) else { fail("no scaling case \(name)") }
            return scalingCase
        }
    case "--sizes" where scalingPass:
        let sizes = value.split(separator: ",").compactMap { Int($0) }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { fail("--sizes wants positive numbers") }
        scaling.sizes = sizes
    default: fail("unknown option \(option)")
    }
}

if alone {
    guard let chosen else { fail("--alone needs --only") }
    only = chosen
}

let cases = Catalogue.all().filter { scenarioCase in
    (only?.contains(scenarioCase.scenario) ?? true) && (implementations?.contains(scenarioCase.implementation) ?? true)
}
let footprintCases = FootprintCatalogue.all().filter { footprintCase in
    (footprintRows?.contains(footprintCase.row) ?? true) && (implementations?.contains(footprintCase.implementation) ?? true)
}

/// The footprint table of this process: the bytes measured here, the allocations of
/// `--footprint-allocations`, checked against `--footprint-limits`; nil with no case.
@MainActor
func footprintReport() throws -> FootprintReport? {
    guard !footprintCases.isEmpty else { return nil }
    note("footprint: \(FootprintReport.subscriptionsText) live subscriptions per case, heap bytes in use")
    let bytes = try FootprintPass().measure(footprintCases, counters: nil)
    let allocations = try footprintAllocationsPath.map { path in
        try JSONDecoder().decode([FootprintRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
    let limits = try footprintLimitsPath.map(FootprintLimits.load)
    return FootprintReport(bytes: bytes, allocations: allocations, limits: limits)
}

do {
    if footprintPass {
        if let counters = MallocCounters.load() {
            let records = try FootprintPass().measure(footprintCases, counters: counters)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(records), as: UTF8.self))
            exit(0)
        }
        guard var report = try footprintReport() else { fail("no footprint case to measure") }
        print(report.render())
        print("")
        print(report.legend)
        if report.misses.isEmpty {
            print("All \(report.checked) checked footprint limits met.")
            exit(0)
        }
        print("\(report.misses.count) of \(report.checked) checked footprint limits EXCEEDED:")
        for miss in report.misses {
            print("  - \(miss)")
        }
        exit(1)
    }
    if scalingPass {
        let thresholds = try thresholdsPath.map(Thresholds.load) ?? Thresholds()
        let figures: ScalingFigures
        if let pooledTimingsPaths {
            figures = try ScalingFigures(
                pooling: pooledTimingsPaths.map { path in
                    try JSONDecoder().decode(ScalingFigures.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
                })
        } else {
            note("scaling, \(scaling.runs) runs per size:")
            figures = try scaling.measureAll { note($0) }
        }
        if let savedTimingsPath {
            try JSONEncoder().encode(figures).write(to: URL(fileURLWithPath: savedTimingsPath))
            exit(0)
        }
        let processes = pooledTimingsPaths.map { " (\($0.count) processes pooled)" } ?? ""
        scaling.sizes = figures.sizes
        let result = scaling.report(figures, thresholds: thresholds)
        print(result.table)
        print("")
        print(
            "ns/op: one member added and removed (in random order), the least of \(figures.runs) runs\(processes); "
                + "growth: ns/op at the largest N ÷ at the smallest; ÷ reference's growth: that growth divided by the `Dictionary (reference)` row's, "
                + "measured in the same processes (what the machine's memory adds, which moves from one run to the next; reported, not checked).")
        if result.misses.isEmpty {
            print("All \(result.checked) checked growth limits met.")
            exit(0)
        }
        print("\(result.misses.count) of \(result.checked) checked growth limits MISSED:")
        for miss in result.misses {
            print("  - \(miss)")
        }
        exit(1)
    }
    if allocationPass {
        guard let counters = MallocCounters.load() else {
            fail("the malloc interposer is not loaded: run with LD_PRELOAD=<bin>/libMallocInterposerSwift.so")
        }
        let records = try harness.allocations(cases, counters: counters)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(records), as: UTF8.self))
        exit(0)
    }

    let thresholds = try thresholdsPath.map(Thresholds.load) ?? Thresholds()
    let allocations = try allocationsPath.map { path in
        try JSONDecoder().decode([AllocationRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
    if let load {
        note("load average before the run: \(load)")
    }
    var misses: [String] = []
    var checked = 0
    var timings = Timings(samples: [:])
    var markdownTable: String?
    // The footprint rows, in this process before any timing (the heap is then the
    // process's own, not what the timed cases left), unless this process only times.
    let footprint = savedTimingsPath == nil && !scalingOnly ? try footprintReport() : nil
    if let pooledTimingsPaths {
        timings = Timings(
            pooling: try pooledTimingsPaths.map { path in
                try JSONDecoder().decode(Timings.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            })
        harness.runs = timings.runs
        note("the runs of \(pooledTimingsPaths.count) processes, \(timings.runs) per case")
    } else if !scalingOnly {
        note("timing, \(harness.runs) runs\(harness.scale == 1 ? "" : ", sizes × \(harness.scale)"):")
        timings = try harness.time(cases) { note("  " + $0) }
    }
    if let savedTimingsPath {
        try JSONEncoder().encode(timings).write(to: URL(fileURLWithPath: savedTimingsPath))
        exit(0)
    }
    if !scalingOnly {
        var report = Report(
            timings: timings, allocations: allocations, thresholds: thresholds, pending: pendingTypedScenarios.filter { only?.contains($0) ?? true })
        print(report.render())
        markdownTable = report.markdown()
        if let peakNote = report.peakNote {
            print("")
            print(peakNote)
            markdownTable! += "\n\n" + peakNote
        }
        print("")
        print(
            "ns/op: median of \(harness.runs) runs; ratio: median of the per-run ratios (each run's ns/op ÷ the peer's in the same run: "
                + "OpenCombine's of the same scenario, S5 and S5b: of S1, S4P: of S4; async-algorithms' of the same scenario), min–max over the runs; "
                + "S11 has no peer: its ns/op is checked against an absolute limit.")
        misses += report.misses
        checked += report.checked
    }
    let scalingImplementations = CombineLatestScaling.implementations.filter { implementations?.contains($0) ?? true }
    if scalingOnly || (!noScaling && only?.contains(.s11CombineLatestArray) ?? true), !scalingImplementations.isEmpty {
        var combineScaling = CombineLatestScalingReport(
            runs: harness.runs, scale: harness.scale, implementations: scalingImplementations, limits: thresholds.combineLatestScaling)
        let table = try combineScaling.measure { note("  " + $0) }
        print("")
        print("combineLatest of an array, ns per push by number of sources: median (min–max) of \(harness.runs) runs")
        print(table)
        misses += combineScaling.misses
        checked += combineScaling.checked
    }
    if var report = footprint {
        print("")
        print("Bytes per live subscription (\(FootprintReport.subscriptionsText) held at once):")
        print(report.render())
        print("")
        print(report.legend)
        misses += report.misses
        checked += report.checked
        markdownTable =
            (markdownTable.map { $0 + "\n\n" } ?? "")
            + "Bytes per live subscription (\(FootprintReport.subscriptionsText) held at once):\n\n\(report.markdown())\n\n\(report.legend)"
    }
    if let chartPath {
        let subtitle =
            "\(machineDescription()), \(ReadmeResults.today()), \(harness.runs) runs per case" + (load.map { ", load average \($0) at the start" } ?? "")
        let chart = Chart(timings: timings, thresholds: thresholds, subtitle: subtitle)
        try chart.svg().write(toFile: chartPath, atomically: true, encoding: .utf8)
        note("chart written to \(chartPath)")
    }
    if let readmePath {
        guard let markdownTable else { fail("--readme needs the table (not with --scaling-combine)") }
        let runs =
            pooledTimingsPaths.map { "\($0.count) processes of \(timings.runs / max($0.count, 1)) runs per case, pooled" }
            ?? "\(harness.runs) run\(harness.runs == 1 ? "" : "s") per case in one process"
        let outcome = misses.isEmpty ? "all \(checked) checked limits met" : "\(misses.count) of \(checked) checked limits missed"
        let scaled = harness.scale == 1 ? runs : "\(runs), sizes × \(format(harness.scale))"
        try ReadmeResults.write(section: ReadmeResults.section(table: markdownTable, runs: scaled, outcome: outcome), toFileAt: readmePath)
        note("results written to \(readmePath)")
    }
    if misses.isEmpty {
        print("All \(checked) checked limits met.")
    } else {
        print("\(misses.count) of \(checked) checked limits MISSED:")
        for miss in misses {
            print("  - \(miss)")
        }
        exit(1)
    }
} catch {
    fail("\(error)")
}
