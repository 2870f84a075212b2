/// One benchmark scenario of the catalogue: what is measured and what one "op" is.
///
/// A scenario is written once per implementation (see `ScenarioCase`); every
/// implementation of it does the same work and must deliver the same number of
/// values, which the harness checks after each run.
public enum Scenario: String, CaseIterable, Sendable, Codable {
    /// One cold source emits `size` Ints synchronously through map(+1), filter(even),
    /// map(*2); one op is one source event.
    case s1Chain = "S1"
    /// `size` times: build `single(1) |> map`, start it, dispose it; one op is one
    /// iteration (one subscription).
    case s2Churn = "S2"
    /// S2 without `single`'s fast path: `size` times, build a generator signal that sends
    /// 1 and completes, `|> map` it, start it, dispose it; one op is one subscription.
    /// OpenCombine: `Publishers.Map` over `Deferred { Just(1) }`.
    case s2gGeneratorChurn = "S2g"
    /// A hot pipe with `fanOut` subscribers gets `size` pushes; one op is one value
    /// delivered to one subscriber.
    case s3FanOut = "S3"
    /// A state cell (`ValuePromise` / `CurrentValueSubject`) with `stateSubscribers`
    /// subscribers gets `size` sets; one op is one set.
    case s4StateCell = "S4"
    /// Like S4 with `Promise` (each set switches to a `single` source); its reference
    /// is OpenCombine's S4. Reported, not checked.
    case s4Promise = "S4P"
    /// `combineLatest` of four hot sources, `size` pushes round-robin after every source
    /// has one value; one op is one push. OpenCombine has no combineLatest: the
    /// reference is OpenCombine's S1 figure.
    case s5CombineLatest = "S5"
    /// `combineLatest` of three hot sources (swift-async-algorithms: three
    /// `AsyncChannel`s), `size` pushes round-robin after every source has one value; the
    /// sink receives one combined tuple per push; one op is one push. Its OpenCombine
    /// reference is S1's, as for S5.
    case s5bCombineLatest3 = "S5b"
    /// `mapToSignal` (OpenCombine: map + switchToLatest) over `size` outer values, each
    /// mapped to a single-value inner; one op is one outer value.
    case s6MapToSignal = "S6"
    /// `size` values through `deliverOn` a serial queue (OpenCombine:
    /// `receive(on: DispatchQueue)`), waiting until all arrived; one op is one value.
    case s7DeliverOn = "S7"
    /// Two threads push `size / 2` values each into one subscriber; one op is one value.
    case s8TwoThreads = "S8"
    /// Two threads push `size / 2` values each into one hot pipe (`ValuePipe`, `SPipe`;
    /// OpenCombine: `PassthroughSubject`) with one subscriber; one op is one value.
    case s9PipeTwoThreads = "S9"
    /// `size` times: subscribe to a hot pipe (`ValuePipe`, `SPipe`; OpenCombine:
    /// `PassthroughSubject`) and dispose the subscription; one op is one subscription.
    /// The pipe is not pushed to, so nothing is delivered.
    case s10PipeChurn = "S10"
    /// S10 on a value cell (`ValuePromise`, `SVariable`; OpenCombine:
    /// `CurrentValueSubject`): each subscription receives the current value.
    case s10ValueChurn = "S10V"
    /// S10 on a `Promise` (typed only); its reference is OpenCombine's S10V.
    case s10PromiseChurn = "S10P"
    /// `size` times: start a `single` (OpenCombine: `Just`) and dispose it: the base of
    /// the hot-source churn rule (S10, S10V and S10P at most 3x this, same API).
    case s10SingleChurn = "S10S"
    /// `combineLatest` of an array of `arraySources` hot sources (`combineSignals` in
    /// the untyped API), `size` pushes round-robin after every source has one value; the
    /// sink reads the pushed element of each combined array and drops the array; one op
    /// is one push. OpenCombine's `CombineLatest` takes two to four publishers, so it has
    /// no peer here: S11 is checked against an absolute ns per op limit
    /// (`nanosecondsPerOp` in `thresholds.json`) instead of a ratio.
    case s11CombineLatestArray = "S11"
    /// An app-shaped workload (`AppWorkload`): `AppWorkload.rows` list rows, each
    /// subscribed to `combineLatest` of its `Promise`, its `ValuePromise` and a shared pipe
    /// filtered to the row, through `map`, `distinctUntilChanged` and `deliverOn` a serial
    /// queue; then `size` pushes to the pipe, a cell set after every 10th and a row
    /// re-subscribed after every 100th (once the deliveries so far have arrived); then all
    /// rows are disposed. One op is one push, with its share of the rest (the run's time ÷
    /// `size`). OpenCombine has no `combineLatest`: its case merges the three with
    /// `FlatMap` and keeps the latest of each with `Scan`.
    case s12AppWorkload = "S12"
    /// A hot pipe through `share()` (OpenCombine: `PassthroughSubject` through
    /// `Publishers.Share`) with `shareSubscribers` subscribers gets `size` pushes; one op is
    /// one value delivered to one subscriber.
    case s13Share = "S13"
    /// `merge` of two hot pipes (OpenCombine, which has no `Merge`: `FlatMap` over two
    /// `PassthroughSubject`s), `size` pushes alternating between them; one op is one push.
    case s14Merge = "S14"
    /// `zip` of two hot pipes (OpenCombine: `Publishers.Zip`), `size` pushes to each in
    /// turn; one op is one zipped pair.
    case s15Zip = "S15"
    /// One cold source emits `size` Ints synchronously through `scan(0, +)` (OpenCombine:
    /// `Publishers.Scan`); one op is one source event.
    case s16Scan = "S16"

    /// Subscribers of the pipe in S3.
    public static let fanOut = 100
    /// Subscribers of the state cell in S4.
    public static let stateSubscribers = 10
    /// Subscribers of the shared pipe in S13.
    public static let shareSubscribers = 10
    /// Sources of the array `combineLatest` in S11.
    public static let arraySources = 100

    /// A short name for tables.
    public var title: String {
        switch self {
        case .s1Chain: "chain"
        case .s2Churn: "churn"
        case .s2gGeneratorChurn: "generator churn"
        case .s3FanOut: "fan-out"
        case .s4StateCell: "state cell"
        case .s4Promise: "Promise cell"
        case .s5CombineLatest: "combineLatest"
        case .s5bCombineLatest3: "combineLatest 3"
        case .s6MapToSignal: "mapToSignal"
        case .s7DeliverOn: "deliverOn"
        case .s8TwoThreads: "two threads"
        case .s9PipeTwoThreads: "pipe 2 threads"
        case .s10PipeChurn: "pipe churn"
        case .s10ValueChurn: "value churn"
        case .s10PromiseChurn: "Promise churn"
        case .s10SingleChurn: "single churn"
        case .s11CombineLatestArray: "combineLatest [100]"
        case .s12AppWorkload: "app workload"
        case .s13Share: "share"
        case .s14Merge: "merge"
        case .s15Zip: "zip"
        case .s16Scan: "scan"
        }
    }

    /// What one op is.
    public var unit: String {
        switch self {
        case .s1Chain, .s16Scan: "source event"
        case .s2Churn, .s2gGeneratorChurn, .s10PipeChurn, .s10ValueChurn, .s10PromiseChurn, .s10SingleChurn: "subscription"
        case .s3FanOut, .s13Share: "delivered value"
        case .s4StateCell, .s4Promise: "set"
        case .s5CombineLatest, .s5bCombineLatest3, .s11CombineLatestArray, .s12AppWorkload, .s14Merge: "push"
        case .s15Zip: "pair"
        case .s6MapToSignal: "outer value"
        case .s7DeliverOn, .s8TwoThreads, .s9PipeTwoThreads: "value"
        }
    }

    /// The size: source events, iterations, pushes, sets or values.
    public var defaultSize: Int {
        switch self {
        case .s1Chain: 1_000_000
        case .s2Churn, .s2gGeneratorChurn: 100_000
        case .s3FanOut: 100_000
        case .s4StateCell, .s4Promise: 200_000
        case .s5CombineLatest, .s5bCombineLatest3: 250_000
        case .s6MapToSignal: 200_000
        case .s7DeliverOn: 200_000
        case .s8TwoThreads, .s9PipeTwoThreads: 1_000_000
        case .s10PipeChurn, .s10ValueChurn, .s10PromiseChurn, .s10SingleChurn: 200_000
        case .s11CombineLatestArray: 100_000
        case .s12AppWorkload: 10_000
        case .s13Share: 100_000
        case .s14Merge, .s15Zip: 500_000
        case .s16Scan: 1_000_000
        }
    }

    /// The number of ops one run of `size` performs (the divisor of ns per op and
    /// allocations per op).
    public func operations(size: Int) -> Int {
        switch self {
        case .s3FanOut: size * Self.fanOut
        case .s13Share: size * Self.shareSubscribers
        default: size
        }
    }

    /// The number of values the sink must see in one run of `size`: the check that
    /// every implementation did the whole job.
    public func expectedDeliveries(size: Int) -> Int {
        switch self {
        case .s1Chain: (size + 1) / 2  // (i + 1) is even for odd i in 0..<size
        case .s3FanOut: size * Self.fanOut
        case .s13Share: size * Self.shareSubscribers
        case .s4StateCell, .s4Promise: size * Self.stateSubscribers
        case .s10PipeChurn: 0
        case .s12AppWorkload: AppWorkload(pushes: size).expectedDeliveries
        default: size
        }
    }

    /// Whether the allocation pass also measures the most heap bytes a run holds at once
    /// (S12, the app workload).
    public var reportsPeakBytes: Bool {
        self == .s12AppWorkload
    }

    /// The same API's `single` churn that this hot-source churn is checked against
    /// (`ratioToSingleChurn` in `thresholds.json`), or nil.
    public var singleChurnBase: Scenario? {
        switch self {
        case .s10PipeChurn, .s10ValueChurn, .s10PromiseChurn: .s10SingleChurn
        default: nil
        }
    }

    /// The scenario whose timed runs this one's are interleaved with: the one its ratios
    /// divide by (`singleChurnBase`, else `reference`), so that run i of both is measured
    /// moments apart. Each group is named by the scenario that all its members refer to.
    public var timingGroup: Scenario {
        singleChurnBase ?? reference
    }

    /// The scenario whose OpenCombine figure is the denominator of this one's ratio
    /// (S11 names itself: it has no OpenCombine case, so no ratio).
    public var reference: Scenario {
        switch self {
        case .s5CombineLatest, .s5bCombineLatest3: .s1Chain
        case .s4Promise: .s4StateCell
        case .s10PromiseChurn: .s10ValueChurn
        default: self
        }
    }
}

/// Who implements a scenario. Rows of the table, in this order.
public enum Implementation: String, CaseIterable, Sendable, Codable {
    /// STypedSignal (`Signal<T, E>`).
    case typed
    /// SUntypedSignal (`SSignal`); scenarios are added in `UntypedScenarios.swift`.
    case untyped
    /// Through the Bridge module; scenarios are added in `BridgedScenarios.swift`.
    case bridged
    /// OpenCombine 0.14.0, the peer every ratio is taken against.
    case openCombine = "OpenCombine"
    /// swift-async-algorithms 1.1.4, the second peer, where it has the operator (S1,
    /// S5b); scenarios are added in `AsyncAlgorithmsScenarios.swift`.
    case asyncAlgorithms = "async-algorithms"
}

/// One scenario as written for one implementation.
///
/// `prepare(size)` builds everything that is not measured (pipes, subscribers,
/// queues) and returns the measured body; the body does the scenario's work once and
/// returns how many values its sinks received during that call. Everything the body
/// captured is released when the harness drops it.
public struct ScenarioCase {
    /// The scenario implemented.
    public let scenario: Scenario
    /// The implementation measured.
    public let implementation: Implementation
    /// Builds the unmeasured state and returns the measured body.
    public let prepare: (_ size: Int) -> () -> Int

    /// Creates a case.
    public init(_ scenario: Scenario, _ implementation: Implementation, prepare: @escaping (_ size: Int) -> () -> Int) {
        self.scenario = scenario
        self.implementation = implementation
        self.prepare = prepare
    }
}

/// Every scenario case of the package, in table order.
public enum Catalogue {
    /// All cases, scenario by scenario, implementations in `Implementation` order.
    public static func all() -> [ScenarioCase] {
        let makers: [() -> [ScenarioCase]] = [
            typedScenarios, untypedScenarios, bridgedScenarios, openCombineScenarios, asyncAlgorithmsScenarios,
            combineLatestArrayScenarios, hotSourceChurnScenarios, appWorkloadScenarios, operatorScenarios,
        ]
        let cases = makers.flatMap { $0() }
        return cases.sorted { lhs, rhs in
            let l = (Scenario.allCases.firstIndex(of: lhs.scenario)!, Implementation.allCases.firstIndex(of: lhs.implementation)!)
            let r = (Scenario.allCases.firstIndex(of: rhs.scenario)!, Implementation.allCases.firstIndex(of: rhs.implementation)!)
            return l < r
        }
    }

    /// The cases of one implementation.
    public static func cases(for implementation: Implementation) -> [ScenarioCase] {
        all().filter { $0.implementation == implementation }
    }
}
