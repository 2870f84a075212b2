/// A small seeded generator of pipelines for the property-based parity test: random
/// chains of 1-8 operators that every driver supports, over random marble sources.
///
/// Deterministic: the same seed gives the same pipeline on every machine, so a failure's
/// printed seed reproduces it (`GeneratedPipelineTests.replay`).

/// The generator's source of choices: SplitMix64 from a seed (a tiny, well-mixed 64-bit
/// generator; enough for test cases), or a fuzzer's input read as the draws themselves.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    /// The fuzzer's input (`PipelineFuzzer`): each draw is its next 8 bytes, big-endian,
    /// 0xFF once they run out (all ones is never rejected by `Int.random(in:using:)`'s
    /// rejection sampling, so a short input still ends; all zeros would loop); nil for
    /// SplitMix64.
    private let input: [UInt8]?
    private var offset = 0
    /// Every draw so far, when recording (the fuzzer's seed corpus is the draws of
    /// generated pipelines, so that each seed replays one of them exactly).
    private(set) var draws: [UInt64]?

    init(seed: UInt64, recording: Bool = false) {
        state = seed
        input = nil
        draws = recording ? [] : nil
    }

    /// Draws read from `bytes`: the inverse of recording, byte for byte.
    init(bytes: [UInt8]) {
        state = 0
        input = bytes
    }

    mutating func next() -> UInt64 {
        if let input {
            var draw: UInt64 = 0
            for _ in 0..<8 {
                draw = draw << 8 | UInt64(offset < input.count ? input[offset] : 0xFF)
                offset += 1
            }
            return draw
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        let draw = mixed ^ (mixed >> 31)
        draws?.append(draw)
        return draw
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }

    mutating func pick<T>(_ options: [T]) -> T {
        options[Int.random(in: 0..<options.count, using: &self)]
    }
}

/// One generated test case: the marble sources, the operators applied in order to `a`,
/// and the tick at which the sink's subscription is disposed.
struct GeneratedPipeline: CustomStringConvertible {
    var seed: UInt64
    /// `a`, and `b` when the chain ends with an operator over two sources (`combineLatest`,
    /// `merge`, `zip`, `withLatestFrom`).
    var sources: [String]
    var operations: [Operation]
    var disposeAt: Int

    /// The scenario every driver runs: the operators as one chain. Half the drivers start it
    /// from a completion callback (`Scenario.startedFromCompletion`): the bridged ones for
    /// an even seed, the others for an odd one.
    var scenario: Scenario {
        var scenario = Scenario("generated", "seed \(seed)", sources: sources, .chain(operations), disposeAt: disposeAt, expect: [])
        scenario.startedFromCompletion = startedFromCompletion
        return scenario
    }

    /// The drivers that start the pipeline from a completion callback.
    var startedFromCompletion: Set<Driver> {
        seed % 2 == 0 ? [.typedThroughUntyped, .untypedThroughTyped] : [.typed, .untyped]
    }

    var description: String {
        "seed \(seed): sources \(sources), disposeAt \(disposeAt), operators [\(operations.map(Self.render).joined(separator: ", "))]; "
            + "started from a completion callback on \(startedFromCompletion.map(\.rawValue).sorted().joined(separator: " and "))"
    }

    /// An operation as Swift source, with inner marbles in key order (a dictionary's own
    /// order differs from one instance to the next).
    static func render(_ operation: Operation) -> String {
        func inners(_ name: String, _ table: [Int: String]) -> String {
            let entries = table.keys.sorted().map { "\($0): \"\(table[$0] ?? "")\"" }
            return ".\(name)([\(entries.isEmpty ? ":" : entries.joined(separator: ", "))])"
        }
        switch operation {
        case .switchToLatest(let table): return inners("switchToLatest", table)
        case .mapToSignal(let table): return inners("mapToSignal", table)
        case .queue(let table): return inners("queue", table)
        case .mapToQueue(let table): return inners("mapToQueue", table)
        case .throttled(let table): return inners("throttled", table)
        case .mapToThrottled(let table): return inners("mapToThrottled", table)
        case .chain(let operations): return ".chain([\(operations.map(render).joined(separator: ", "))])"
        default: return ".\(operation)"
        }
    }
}

/// Builds `GeneratedPipeline`s from seeds.
///
/// Operators used: those of `Operation` that both APIs have and that map Int values to
/// Int values (mapping, take, catch, then, deferred, the meta operators, reduce, side
/// effects, dispatch and timing on the virtual queue, keyed multicast where no marble
/// can fail, the transforming operators beyond the originals: scan, startWith, compactMap,
/// replaceError, skip, skip(while:), take(while:), throttle; `share(replay:)` alone and with
/// a second subscriber; `restart` and `restartIfError` over a delayed subscription), and `combineLatest`,
/// `buffer(count:)` or `collect` as a last operator, or `merge`, `zip` or `withLatestFrom`
/// over a second source as a last operator. Left out, each for a named reason
/// (`PipelineGenerator.excluded`), are the operators whose generated use is meaningless
/// or known to differ.
enum PipelineGenerator {
    /// Operations the generator never produces, and why.
    static let excluded: [(operation: String, reason: String)] = [
        (
            "recurse; restart and restartIfError without a delay before them",
            "a synchronously terminating upstream restarts forever in zero virtual time (by design); "
                + "`restartLoop` delays each iteration"
        ),
        (
            "variable, pipe, multicastCombined(keyed: false)",
            "hot sources: they subscribe their upstream when the pipeline is built and are owned by the world "
                + "for the whole run, so their upstream subscription is never balanced by a dispose"
        ),
        ("sequential", "needs one source per subscription; the generated chains have one source"),
        (
            "timeout",
            "when the source's event and the deadline fall on the same tick, typed lets the event win and untyped "
                + "the deadline (reported: GeneratedPipelineTests, 'timeout tie')"
        ),
        (
            "multicastAgain (keyed) where a marble can fail; multicastCombined",
            "typed Multicast takes a NoError signal, so an upstream error ends it as a completion on the typed "
                + "drivers and as an error on the untyped ones (a documented difference of the drivers, Operation.swift); "
                + "multicastCombined has an array output and may only end a chain"
        ),
        ("typed-only and untyped-only operators", "a generated pipeline must run on all four drivers"),
    ]

    /// The pipeline for `seed`.
    static func make(seed: UInt64) -> GeneratedPipeline {
        var random = SeededRandom(seed: seed)
        return make(seed: seed, using: &random)
    }

    /// The pipeline that `random`'s draws choose; `seed` is only its name.
    static func make(seed: UInt64, using random: inout SeededRandom) -> GeneratedPipeline {
        let count = Int.random(in: 1...8, using: &random)
        var operations = (0..<count).map { _ in operation(&random) }
        var sources = [marble(&random, maxLength: 8)]
        if random.chance(10) {
            operations.append(.combineLatest)
            sources.append(marble(&random, maxLength: 6))
        } else if random.chance(6) {
            // Array outputs: only at the end of a chain.
            operations.append(random.chance(50) ? .buffer(Int.random(in: 1...3, using: &random)) : .collect)
        } else if random.chance(10) {
            // Issue 53's operators over a second source (CombiningScenarios), as a last one.
            operations.append(random.pick(combiningOperations))
            sources.append(marble(&random, maxLength: 6))
        }
        if random.chance(8) {
            // Keyed sharing, where no marble can fail (see `excluded`).
            let position = Int.random(in: 0...operations.count, using: &random)
            let sharing = Operation.multicastAgain(
                keyed: true, firstTake: random.chance(50) ? Int.random(in: 1...2, using: &random) : nil,
                secondDelay: Int.random(in: 0...2, using: &random))
            let fails = (sources + operations.flatMap(marbles)).contains { $0.contains("#") }
            // Not after an operator whose output is not an Int (combineLatest, buffer, collect),
            // nor with one over a second source.
            if !fails, operations.allSatisfy({ $0.outputShape == .int }), !operations.contains(where: joinsSecondSource) {
                operations.insert(sharing, at: position)
            }
        }
        if random.chance(8) {
            // `share(replay:)`, with a second subscriber (errors pass through unchanged on
            // every driver, so any marble may fail), before any operator whose output is not
            // an Int.
            let limit = operations.firstIndex { $0.outputShape != .int } ?? operations.count
            let position = Int.random(in: 0...limit, using: &random)
            let replay = Int.random(in: 0...2, using: &random)
            let sharing =
                random.chance(50)
                ? Operation.share(replay: replay)
                : Operation.shareAgain(
                    replay: replay, firstTake: random.chance(50) ? Int.random(in: 1...2, using: &random) : nil,
                    secondDelay: Int.random(in: 0...2, using: &random))
            operations.insert(sharing, at: position)
        }
        let disposeAt = random.chance(30) ? Int.random(in: 0...12, using: &random) : ScenarioWorld.horizon
        // Drawn last, so that the draws before it make the same pipeline as before it existed
        // (the fuzzer's corpus and a printed seed keep their meaning).
        if random.chance(10) {
            let limit = operations.firstIndex { $0.outputShape != .int || joinsSecondSource($0) } ?? operations.count
            let position = Int.random(in: 0...limit, using: &random)
            operations.insert(restartLoop(&random), at: position)
        }
        return GeneratedPipeline(seed: seed, sources: sources, operations: operations, disposeAt: disposeAt)
    }

    /// `restart` or `restartIfError` over a subscription delayed by 1-3 ticks, as one
    /// operation (shrinking drops both or neither): every iteration takes virtual time, so
    /// the loop ends at the horizon at the latest; without the delay, an iteration that ends
    /// during its own subscription would restart forever in zero time (`excluded`).
    static func restartLoop(_ random: inout SeededRandom) -> Operation {
        .chain([.delay(Int.random(in: 1...3, using: &random)), random.chance(50) ? .restart : .restartIfError])
    }

    /// The operators over a second source that a pipeline may end with besides
    /// `combineLatest`: issue 53's `merge`, `zip` and `withLatestFrom`.
    static let combiningOperations: [Operation] = [.merge, .mergeWith, .zip, .zipWith, .withLatestFrom, .withLatestFromCombined]

    /// Whether `operation` subscribes the pipeline's second source `b` (it ends the chain).
    static func joinsSecondSource(_ operation: Operation) -> Bool {
        switch operation {
        case .combineLatest, .merge, .mergeWith, .zip, .zipWith, .withLatestFrom, .withLatestFromCombined: return true
        default: return false
        }
    }

    /// The marbles an operation carries (alternatives and inners).
    static func marbles(_ operation: Operation) -> [String] {
        switch operation {
        case .catchError(let text), .then(let text), .timeout(_, let text): return [text]
        case .switchToLatest(let inners), .mapToSignal(let inners), .queue(let inners), .mapToQueue(let inners),
            .throttled(let inners), .mapToThrottled(let inners):
            return Array(inners.values)
        default: return []
        }
    }

    /// A random marble: up to `maxLength` ticks of nothing or a digit, then maybe a
    /// terminal event; sometimes a synchronous group at tick 0.
    static func marble(_ random: inout SeededRandom, maxLength: Int) -> String {
        var text = ""
        if random.chance(10) {
            // A synchronous start: values (and maybe a terminal event) inside the generator.
            var parts = (0..<Int.random(in: 1...2, using: &random)).map { _ in "\(Int.random(in: 0...9, using: &random))" }
            if random.chance(50) { parts.append(random.chance(70) ? "|" : "#") }
            text = "(" + parts.joined(separator: ",") + ")"
            if parts.last == "|" || parts.last == "#" { return text }
        }
        let length = Int.random(in: 0...maxLength, using: &random)
        for _ in 0..<length {
            text += random.chance(45) ? "\(Int.random(in: 0...9, using: &random))" : "-"
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: text += "|"
        case 5..<7: text += random.chance(50) ? "#" : "#x"
        default: break  // never terminates
        }
        return text.isEmpty ? "-" : text
    }

    /// Inner marbles for the meta operators, for some of the values 0...9.
    static func inners(_ random: inout SeededRandom) -> [Int: String] {
        var inners: [Int: String] = [:]
        for value in 0...9 where random.chance(60) {
            inners[value] = marble(&random, maxLength: 3)
        }
        return inners
    }

    /// One Int-to-Int operator that every driver has.
    static func operation(_ random: inout SeededRandom) -> Operation {
        switch Int.random(in: 0..<27, using: &random) {
        case 0: return .map(add: Int.random(in: 0...3, using: &random))
        case 1: return .filter(divisibleBy: Int.random(in: 2...3, using: &random))
        case 2: return .distinct
        case 3: return .take(Int.random(in: 0...3, using: &random))
        case 4: return .takeLast
        case 5: return .catchError(marble(&random, maxLength: 3))
        case 6: return .switchToLatest(inners(&random))
        case 7: return .mapToSignal(inners(&random))
        case 8: return .queue(inners(&random))
        case 9: return .mapToQueue(inners(&random))
        case 10: return .throttled(inners(&random))
        case 11: return .mapToThrottled(inners(&random))
        case 12: return .then(marble(&random, maxLength: 3))
        case 13: return .deferred
        case 14:
            return random.chance(50)
                ? .reduceSum(initial: Int.random(in: 0...2, using: &random))
                : .reduceSumEmitting(initial: Int.random(in: 0...2, using: &random))
        case 15: return random.pick([.beforeNext, .afterNext])
        case 16: return random.pick([.beforeStarted, .beforeCompleted])
        case 17: return random.pick([.afterCompleted, .afterDisposed])
        case 18: return .deliverOn
        case 19: return .runOn
        case 20: return .delay(Int.random(in: 1...3, using: &random))
        case 21: return .map(add: 1)
        case 22: return .distinct
        case 23: return .catchError("(1,|)")
        case 25, 26: return transformOperation(&random)
        default: return .take(Int.random(in: 1...5, using: &random))
        }
    }

    /// One of the Int-to-Int operators beyond both originals (the operator modules).
    static func transformOperation(_ random: inout SeededRandom) -> Operation {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .scanSum(initial: Int.random(in: 0...2, using: &random))
        case 1: return .startWith(random.chance(50) ? [Int.random(in: 0...9, using: &random)] : [1, 2])
        case 2: return .compactMapHalvingEvens
        case 3: return .replaceError(Int.random(in: 0...9, using: &random))
        case 4: return .skip(Int.random(in: 0...3, using: &random))
        case 5:
            return random.chance(50)
                ? .skipWhile(below: Int.random(in: 1...6, using: &random)) : .takeWhile(below: Int.random(in: 1...8, using: &random))
        default: return .throttle(Int.random(in: 1...3, using: &random), latest: random.chance(50))
        }
    }
}
