import SignalTesting

/// One of the two signal APIs: the side an operator comes from.
enum API: String, CaseIterable {
    /// STypedSignal.
    case typed
    /// SUntypedSignal.
    case untyped
}

/// The ways a scenario runs: each builds the sources, the operator and the sink.
enum Driver: String, CaseIterable {
    /// STypedSignal: Int values, String errors.
    case typed
    /// SUntypedSignal: the same values as `Any?`.
    case untyped
    /// Typed sources, the untyped operator, a typed sink (through Bridge).
    case typedThroughUntyped
    /// Untyped sources, the typed operator, an untyped sink (through Bridge).
    case untypedThroughTyped

    /// The API whose operator this driver runs.
    var operatorAPI: API {
        switch self {
        case .typed, .untypedThroughTyped: return .typed
        case .untyped, .typedThroughUntyped: return .untyped
        }
    }
}

/// One executable statement of the specification: sources, one operator with its
/// arguments, and the exact trace every driver must produce.
///
/// The trace lists, with the virtual time of each: the subscribe and dispose of every
/// named source (`"0 a.subscribe"`, `"3 a.dispose"`), the events reaching the sink
/// (`"2 next 4"`, `"3 completed"`, `"1 error E"`) and the calls of hooks that the
/// operation logs (`"1 hook next 1"`). Sources are named `a`, `b`, `c`... in order;
/// inner signals made by meta operators are named `i<value>`.
struct Scenario: Sendable {
    /// The operator's name as it appears in the coverage table.
    let op: String
    /// What the scenario shows, in a few words.
    let name: String
    /// The sources, named `a`, `b`, ... in this order.
    let sources: [Marble]
    /// The operation under test.
    let operation: Operation
    /// The expected trace.
    let expected: [String]
    /// Dispose the sink's subscription at this tick (before the tick's events).
    let disposeAt: Int?
    /// The drivers that apply: those whose operator side has every operator of the
    /// operation (`Operation.apis`), narrowed by `only`, less the drivers of a reported
    /// library disagreement.
    let drivers: Set<Driver>
    /// A reported library disagreement: the drivers that do not produce `expected`, and
    /// why (printed by the suite; see `Divergences` in the final report).
    let disagreement: Disagreement?
    /// The drivers that start the sink's subscription from the completion callback of a
    /// signal that completed in its generator, instead of at the top level. What a
    /// terminal callback starts must run as if started at the top level (GenerationScope
    /// hides the ended subscription), so their traces must be the same as the others'.
    var startedFromCompletion: Set<Driver> = []

    /// - Parameter only: for an operator both APIs have but whose behaviour differs on
    ///   purpose (a quirk kept on one side), the API whose operator the expectation is
    ///   for: the drivers that run that API's operator apply.
    init(
        _ op: String, _ name: String, sources: [String], _ operation: Operation, disposeAt: Int? = nil,
        only apis: Set<API> = Set(API.allCases), disagreement: Disagreement? = nil, expect expected: [String]
    ) {
        self.op = op
        self.name = name
        self.sources = sources.map(Marble.init)
        self.operation = operation
        self.expected = expected
        self.disposeAt = disposeAt
        let supported = operation.apis.intersection(apis)
        self.drivers = Set(Driver.allCases.filter { supported.contains($0.operatorAPI) })
            .subtracting(disagreement?.drivers ?? [])
        self.disagreement = disagreement
    }
}

/// A library disagreement found by the suite and reported: the scenario states what the
/// originals do (or what a decided fix in Divergences.md requires), and these drivers are
/// left out until the library is fixed.
struct Disagreement {
    /// The drivers whose trace differs from the expectation.
    let drivers: Set<Driver>
    /// What they do instead, and which module is wrong.
    let report: String
}

/// The name of the source at `index`: `a`, `b`, `c`, ...
func sourceName(_ index: Int) -> String {
    String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
}
