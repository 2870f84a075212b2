/// The properties every generated pipeline must keep (see `GeneratedPipelineTests`): the
/// event grammar, balanced source subscriptions, the scenario's world released, and the
/// same trace on every driver (after a known disagreement's normalization). Shared by the
/// parity tests and the pipeline fuzzer (Fuzz/), which links these files.
enum PipelineChecks {
    /// What is wrong with `pipeline`, or nil when every property holds.
    static func check(_ pipeline: GeneratedPipeline) -> String? {
        let scenario = pipeline.scenario
        var traces: [(Driver, [String])] = []
        for driver in Driver.allCases where scenario.drivers.contains(driver) {
            weak var released: ScenarioWorld?
            let trace: [String] = {
                let world = ScenarioWorld()
                released = world
                return Drivers.run(driver, scenario, in: world)
            }()
            if let problem = grammarProblem(trace) ?? balanceProblem(trace) {
                return "[\(driver)] \(problem)\n  trace: \(trace)"
            }
            if released != nil {
                return "[\(driver)] the scenario's world (captured by every source and hook) was not released\n  trace: \(trace)"
            }
            traces.append((driver, trace))
        }
        guard let (firstDriver, reference) = traces.first else { return nil }
        guard let (driver, trace) = traces.dropFirst().first(where: { $0.1 != reference }) else { return nil }
        if setAside(pipeline, traces.map(\.1)) != nil { return nil }
        return "traces differ\n  \(firstDriver): \(reference)\n  \(driver): \(trace)"
    }

    /// The known disagreement that explains why `traces` differ, if one does.
    static func setAside(_ pipeline: GeneratedPipeline, _ traces: [[String]]) -> KnownDisagreement? {
        KnownDisagreement.all.first { known in
            guard known.applies(pipeline) else { return false }
            guard let normalize = known.normalize else { return true }
            let normalized = traces.map(normalize)
            return normalized.allSatisfy { $0 == normalized[0] }
        }
    }

    /// The traces of every driver that applies, raw (for the summary's counts).
    static func traces(_ pipeline: GeneratedPipeline) -> [[String]] {
        let scenario = pipeline.scenario
        return Driver.allCases.filter { scenario.drivers.contains($0) }.map { Drivers.run($0, scenario) }
    }

    /// A sink event after a terminal event, or a second terminal event.
    static func grammarProblem(_ trace: [String]) -> String? {
        var ended = false
        for line in trace {
            let event = line.drop { $0 != " " }.dropFirst()
            let isTerminal = event == "completed" || event.hasPrefix("error ")
            let isSinkEvent = isTerminal || event.hasPrefix("next ")
            guard isSinkEvent else { continue }
            if ended { return "grammar: '\(line)' after the terminal event" }
            if isTerminal { ended = true }
        }
        return nil
    }

    /// A named source subscribed more often than disposed by the end of the run.
    static func balanceProblem(_ trace: [String]) -> String? {
        var open: [String: Int] = [:]
        for line in trace {
            let event = line.drop { $0 != " " }.dropFirst()
            guard !event.hasPrefix("hook "), !event.hasPrefix("next "), !event.hasPrefix("error ") else { continue }
            if event.hasSuffix(".subscribe") {
                open[String(event.dropLast(".subscribe".count)), default: 0] += 1
            } else if event.hasSuffix(".dispose") {
                open[String(event.dropLast(".dispose".count)), default: 0] -= 1
            }
        }
        let unbalanced = open.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        guard !unbalanced.isEmpty else { return nil }
        return "balance: "
            + unbalanced.map { "\($0.key) subscribed \($0.value > 0 ? "\($0.value) more" : "\(-$0.value) fewer") times than disposed" }
            .joined(separator: ", ")
    }
}
