import Foundation
import SignalTestSupport
import XCTest

/// Property-based parity: 10,000 generated pipelines (`PipelineGenerator`), each run in
/// virtual time on all four drivers, must
///
/// 1. keep the event grammar: the sink sees `next* (error | completed)?`;
/// 2. balance every subscribe of a named source with a dispose by the end of the run
///    (the sink is disposed at `disposeAt`, at the latest at the horizon);
/// 3. release everything it captured: the scenario's world (which every source, hook
///    and sink closure captures) is deallocated once the run is over;
/// 4. produce the same trace on every driver.
///
/// A failing pipeline is shrunk (operators dropped, marbles shortened, the disposal
/// moved earlier) while it still fails, and the minimal case is printed with its seed.
/// `PARITY_SEED=<n>` runs one seed only; `PARITY_PIPELINES=<n>` changes the count
/// (10,000; 2,000 under ThreadSanitizer) and `PARITY_FIRST_SEED=<n>` the first seed, to
/// explore beyond the fixed seeds CI runs.
final class GeneratedPipelineTests: LeakCheckedTestCase {
    /// The first seed of a CI run; seeds are consecutive from it.
    static let firstSeed: UInt64 = 20_261_123

    func testGeneratedPipelinesAgreeOnEveryDriver() {
        let environment = ProcessInfo.processInfo.environment
        // Virtual time runs on one thread, so ThreadSanitizer adds little here and costs
        // 10x: the sanitized CI run checks 2,000 pipelines, the plain one 10,000.
        let count = environment["PARITY_PIPELINES"].flatMap(Int.init) ?? (Self.underThreadSanitizer ? 2_000 : 10_000)
        let seeds: [UInt64] =
            environment["PARITY_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? (0..<UInt64(count)).map { (environment["PARITY_FIRST_SEED"].flatMap(UInt64.init) ?? Self.firstSeed) &+ $0 }
        let started = Date()
        var failures: [(GeneratedPipeline, String)] = []
        var operatorUses: [String: Int] = [:]
        var setAside: [String: Int] = [:]
        for seed in seeds {
            let pipeline = PipelineGenerator.make(seed: seed)
            for operation in pipeline.operations {
                operatorUses[Self.name(of: operation), default: 0] += 1
            }
            if let problem = PipelineChecks.check(pipeline) {
                let minimal = Self.shrink(pipeline)
                failures.append((minimal, PipelineChecks.check(minimal) ?? problem))
                if failures.count >= (environment["PARITY_MAX_FAILURES"].flatMap(Int.init) ?? 5) { break }
            } else {
                let traces = PipelineChecks.traces(pipeline)
                if traces.contains(where: { $0 != traces[0] }), let known = PipelineChecks.setAside(pipeline, traces) {
                    setAside[known.name, default: 0] += 1
                }
            }
        }
        for (pipeline, problem) in failures {
            XCTFail("generated pipeline fails (minimal case after shrinking): \(pipeline)\n\(problem)")
        }
        let seconds = Date().timeIntervalSince(started)
        let uses = operatorUses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(
            "Generated pipelines: \(seeds.count) from seed \(seeds.first ?? 0), on \(Driver.allCases.count) drivers, "
                + "\(failures.isEmpty ? "all agree" : "\(failures.count) failing") in \(String(format: "%.1f", seconds)) s")
        if environment["PARITY_VERBOSE"] == "1" { print("  operator uses: \(uses)") }
        let verbose = environment["PARITY_VERBOSE"] == "1"
        let counts = KnownDisagreement.all.map { "\($0.name) \(setAside[$0.name] ?? 0)" }.joined(separator: ", ")
        print("  compared after a known disagreement's normalization (KnownDisagreements.swift): \(counts)")
        print(
            "  operators left out: \(PipelineGenerator.excluded.map(\.operation).joined(separator: "; ")) "
                + "(PipelineGenerator.excluded gives the reasons)")
        if verbose {
            for known in KnownDisagreement.all { print("  \(known.name): \(known.report)") }
            for excluded in PipelineGenerator.excluded { print("  \(excluded.operation): \(excluded.reason)") }
        }
    }

    /// True when the ThreadSanitizer runtime is loaded.
    static let underThreadSanitizer: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(handle) }
        return dlsym(handle, "__tsan_init") != nil
    }()

    /// The checks catch what they are meant to: each property, broken on purpose.
    func testTheChecksRejectBrokenTraces() {
        XCTAssertNotNil(PipelineChecks.grammarProblem(["1 next 1", "2 completed", "3 next 2"]))
        XCTAssertNotNil(PipelineChecks.grammarProblem(["2 completed", "3 error E"]))
        XCTAssertNil(PipelineChecks.grammarProblem(["0 a.subscribe", "1 next 1", "2 completed", "2 a.dispose"]))
        XCTAssertNotNil(PipelineChecks.balanceProblem(["0 a.subscribe", "1 i1.subscribe", "2 a.dispose"]))
        XCTAssertNil(PipelineChecks.balanceProblem(["0 a.subscribe", "1 i1.subscribe", "2 i1.dispose", "2 a.dispose"]))
        // A hot pipe keeps its upstream subscription for the whole run: unbalanced.
        let hot = GeneratedPipeline(
            seed: 0, sources: ["-1-2"], operations: [.map(add: 1), .pipe(replay: false)],
            disposeAt: ScenarioWorld.horizon)
        XCTAssertNotNil(PipelineChecks.check(hot))
        // The normalizations forgive only their own difference.
        XCTAssertEqual(
            KnownDisagreement.teardownSorted(["2 completed", "2 i8.dispose", "2 hook disposed"]),
            KnownDisagreement.teardownSorted(["2 completed", "2 hook disposed", "2 i8.dispose"]))
        XCTAssertNotEqual(
            KnownDisagreement.teardownSorted(["1 next 1", "2 a.dispose"]),
            KnownDisagreement.teardownSorted(["2 a.dispose", "2 next 1"]))
        XCTAssertEqual(
            KnownDisagreement.withoutSubscriptionsInTerminalTick(
                ["0 a.subscribe", "0 error E", "0 i7.subscribe", "0 a.dispose", "0 i7.dispose"]), ["0 error E"])
    }

    /// The same seed gives the same pipeline; shrinking keeps a failing case failing and
    /// makes it no larger.
    func testGenerationIsDeterministicAndShrinkingReduces() {
        let first = PipelineGenerator.make(seed: 42)
        let again = PipelineGenerator.make(seed: 42)
        XCTAssertEqual(first.description, again.description)
        // A property that fails whenever the chain has a `take`: shrinking must keep one
        // `take` and drop everything else it can.
        var pipeline = first
        pipeline.operations = [.map(add: 1), .take(2), .deferred, .delay(2)]
        pipeline.sources = ["-1-2-3|"]
        let minimal = Self.shrink(pipeline) { candidate in
            candidate.operations.contains { if case .take = $0 { return true } else { return false } } ? "has take" : nil
        }
        XCTAssertEqual(minimal.operations.count, 1)
        XCTAssertEqual(Self.name(of: minimal.operations[0]), "take")
        XCTAssertLessThanOrEqual(minimal.sources[0].count, 1)
    }

    // MARK: Shrinking

    /// The smallest pipeline reachable from `pipeline` by dropping operators, shortening
    /// marbles and disposing earlier, that still fails `failing` (by default: `check`).
    static func shrink(
        _ pipeline: GeneratedPipeline,
        failing: (GeneratedPipeline) -> String? = { PipelineChecks.check($0) }
    ) -> GeneratedPipeline {
        var current = pipeline
        var improved = true
        while improved {
            improved = false
            for candidate in smaller(current) where failing(candidate) != nil {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }

    /// Every one-step simplification of `pipeline`, smallest steps last.
    private static func smaller(_ pipeline: GeneratedPipeline) -> [GeneratedPipeline] {
        var candidates: [GeneratedPipeline] = []
        // Drop one operator (keep at least one; keep combineLatest's second source valid).
        if pipeline.operations.count > 1 {
            for index in pipeline.operations.indices {
                var candidate = pipeline
                let removed = candidate.operations.remove(at: index)
                if PipelineGenerator.joinsSecondSource(removed) { candidate.sources = Array(candidate.sources.prefix(1)) }
                candidates.append(candidate)
            }
        }
        // Shorten a marble: drop one of its characters (or group), or blank a value.
        for (sourceIndex, text) in pipeline.sources.enumerated() {
            for variant in shorterMarbles(text) {
                var candidate = pipeline
                candidate.sources[sourceIndex] = variant
                candidates.append(candidate)
            }
        }
        // Simplify the operators' own marbles (alternatives, inners).
        for (index, operation) in pipeline.operations.enumerated() {
            for simpler in simplerOperations(operation) {
                var candidate = pipeline
                candidate.operations[index] = simpler
                candidates.append(candidate)
            }
        }
        if pipeline.disposeAt == ScenarioWorld.horizon {
            var candidate = pipeline
            candidate.disposeAt = 12
            candidates.append(candidate)
        }
        return candidates
    }

    /// The marble with one token removed, and with one value replaced by `-`.
    static func shorterMarbles(_ text: String) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "(", let close = text[index...].firstIndex(of: ")") {
                tokens.append(String(text[index...close]))
                index = text.index(after: close)
            } else if text[index] == "#", text.index(after: index) < text.endIndex, text[text.index(after: index)].isLetter {
                tokens.append(String(text[index...text.index(after: index)]))
                index = text.index(index, offsetBy: 2)
            } else {
                tokens.append(String(text[index]))
                index = text.index(after: index)
            }
        }
        var variants: [String] = []
        for position in tokens.indices {
            var fewer = tokens
            fewer.remove(at: position)
            let joined = fewer.joined()
            variants.append(joined.isEmpty ? "-" : joined)
        }
        for position in tokens.indices where tokens[position].first?.isNumber == true {
            var blanked = tokens
            blanked[position] = "-"
            variants.append(blanked.joined())
        }
        return variants.filter { $0 != text }
    }

    private static func simplerOperations(_ operation: Operation) -> [Operation] {
        switch operation {
        case .catchError(let text): return shorterMarbles(text).map { .catchError($0) }
        case .then(let text): return shorterMarbles(text).map { .then($0) }
        case .timeout(let ticks, let text): return shorterMarbles(text).map { .timeout(ticks, $0) }
        case .switchToLatest(let inners): return simplerInners(inners).map { .switchToLatest($0) }
        case .mapToSignal(let inners): return simplerInners(inners).map { .mapToSignal($0) }
        case .queue(let inners): return simplerInners(inners).map { .queue($0) }
        case .mapToQueue(let inners): return simplerInners(inners).map { .mapToQueue($0) }
        case .throttled(let inners): return simplerInners(inners).map { .throttled($0) }
        case .mapToThrottled(let inners): return simplerInners(inners).map { .mapToThrottled($0) }
        default: return []
        }
    }

    /// Inners with one entry removed (it becomes `|`), or one entry's marble shortened.
    private static func simplerInners(_ inners: [Int: String]) -> [[Int: String]] {
        var variants: [[Int: String]] = []
        for key in inners.keys.sorted() {
            var fewer = inners
            fewer[key] = nil
            variants.append(fewer)
        }
        for key in inners.keys.sorted() {
            for shorter in shorterMarbles(inners[key] ?? "|") {
                var changed = inners
                changed[key] = shorter
                variants.append(changed)
            }
        }
        return variants
    }

    /// The case name of an operation, without its arguments.
    static func name(of operation: Operation) -> String {
        if case .chain(let operations) = operation { return operations.map(name).joined(separator: "+") }
        let text = "\(operation)"
        return String(text.prefix { $0 != "(" })
    }
}
