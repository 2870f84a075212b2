/// Makes random `RealThreadPipeline`s from a seed: the same seed gives the same pipeline
/// (and the same starting queue), so that a failure can be replayed.
public struct RealThreadPipelineGenerator {
    /// What a generated part must send, so that the operator above it stays deterministic.
    enum Demand {
        /// Anything that ends.
        case anything
        /// Anything that ends with a completion.
        case completes
        /// Exactly one value, then the completion.
        case oneValue
    }

    private var random: SeededRandom

    /// A generator whose pipelines `seed` fixes.
    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// A pipeline of at most `depth` operators on any path, and the queue to start it on
    /// (half the time the queue it promises to deliver on, when it promises one).
    public mutating func next(depth: Int = 4) -> (pipeline: RealThreadPipeline, startQueue: Int) {
        let pipeline = make(depth, .anything)
        let startQueue = pipeline.expectation.promised.flatMap { chance(2) ? $0 : nil } ?? queue()
        return (pipeline, startQueue)
    }

    private mutating func make(_ depth: Int, _ demand: Demand) -> RealThreadPipeline {
        if depth == 0 || chance(5) {
            return source(demand)
        }
        let below = depth - 1
        switch random.below(12) {
        case 0, 1: return .deliverOn(make(below, demand), queue: queue())
        case 2: return .runOn(make(below, demand), queue: queue())
        case 3: return .map(make(below, demand), add: 1 + random.below(9))
        case 4:
            if case .oneValue = demand { return .take(make(below, .oneValue), 1) }
            return .take(make(below, demand), 1 + random.below(3))
        case 5:
            if case .oneValue = demand { return .then(.source([], .completed, emission()), make(below, .oneValue)) }
            return .then(make(below, demand), make(below, demand))
        case 6:
            let mode = FlattenMode.allCases[random.below(FlattenMode.allCases.count)]
            let outerDemand: Demand = mode == .queue && !isOneValue(demand) ? .completes : .oneValue
            return .flatten(make(below, outerDemand), mode, inner: make(below, demand))
        case 7: return .combineLatest(make(below, .oneValue), make(below, .oneValue), queue: queue())
        case 8: return .delay(make(below, demand), milliseconds: random.below(3), queue: queue())
        case 9: return .timeout(make(below, demand), queue: queue())
        case 10: return .timeoutToAlternate(make(below, demand), queue: queue())
        default: return .restartTake(make(below, .oneValue), isOneValue(demand) ? 1 : 1 + random.below(4))
        }
    }

    private mutating func source(_ demand: Demand) -> RealThreadPipeline {
        let count: Int
        let ending: RealThreadEnding
        switch demand {
        case .oneValue:
            count = 1
            ending = .completed
        case .completes:
            count = random.below(4)
            ending = .completed
        case .anything:
            count = random.below(4)
            ending = chance(4) ? .failed(1 + random.below(9)) : .completed
        }
        return .source((0..<count).map { _ in 1 + random.below(9) }, ending, emission())
    }

    private func isOneValue(_ demand: Demand) -> Bool {
        if case .oneValue = demand { return true }
        return false
    }

    private mutating func emission() -> RealThreadEmission {
        RealThreadEmission.allCases[random.below(RealThreadEmission.allCases.count)]
    }

    private mutating func queue() -> Int {
        random.below(4)
    }

    /// True one time in `odds`.
    private mutating func chance(_ odds: Int) -> Bool {
        random.below(odds) == 0
    }
}
