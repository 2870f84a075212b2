// `ratios`: the side-by-side run behind Benchmarks/run.sh.
//
//   ratios [--runs N] [--scale X] [--only S1,S3] [--implementation typed,OpenCombine]
//          [--thresholds FILE] [--allocations FILE]
//       Times every scenario for every implementation in this one process (median of
//       N runs, default 3), prints the table of ns per op and ratios to OpenCombine,
//       checks the thresholds and exits 1 when a target is missed. --implementation
//       keeps only some rows (for profiling one case: ratios are then missing).
//   ratios allocations [--scale X] [--only ...]
//       Run with LD_PRELOAD=libMallocInterposerSwift.so: prints the allocations of one
//       run of each case as JSON, for --allocations of the timing pass.
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

var harness = Harness()
var only: Set<Scenario>?
var implementations: Set<Implementation>?
var thresholdsPath: String?
var allocationsPath: String?
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    guard !arguments.isEmpty else { fail("\(option) needs a value") }
    let value = arguments.removeFirst()
    switch option {
    case "--runs":
        guard let runs = Int(value), runs > 0 else { fail("--runs wants a positive number") }
        harness.runs = runs
    case "--scale":
        guard let scale = Double(value), scale > 0 else { fail("--scale wants a positive number") }
        harness.scale = scale
    case "--only":
        let names = value.split(separator: ",").map { String($0).uppercased() }
        let scenarios = names.map { name -> Scenario in
            guard let scenario = Scenario(rawValue: name) else { fail("no scenario \(name)") }
            return scenario
        }
        // The OpenCombine figures that the chosen scenarios are divided by come too.
        only = Set(scenarios + scenarios.map { $0.reference })
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
    default: fail("unknown option \(option)")
    }
}

let cases = Catalogue.all().filter { scenarioCase in
    (only?.contains(scenarioCase.scenario) ?? true) && (implementations?.contains(scenarioCase.implementation) ?? true)
}

do {
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
    if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
        note("load average before the run: \(load.split(separator: " ").prefix(3).joined(separator: " "))")
    }
    note("timing, median of \(harness.runs) runs\(harness.scale == 1 ? "" : ", sizes × \(harness.scale)"):")
    let timings = try harness.time(cases) { note("  " + $0) }

    var report = Report(
        timings: timings, allocations: allocations, thresholds: thresholds, pending: pendingTypedScenarios.filter { only?.contains($0) ?? true })
    print(report.render())
    print("")
    print("ns/op: median of \(harness.runs) runs; ratio: ns/op ÷ OpenCombine's ns/op of the same scenario (S5: of S1, S4P: of S4).")
    if report.misses.isEmpty {
        print("All \(report.checked) checked targets met.")
    } else {
        print("\(report.misses.count) of \(report.checked) checked targets MISSED:")
        for miss in report.misses {
            print("  - \(miss)")
        }
        exit(1)
    }
} catch {
    fail("\(error)")
}
