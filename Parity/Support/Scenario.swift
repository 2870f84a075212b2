/// The APIs a scenario runs against.
enum Driver: String, CaseIterable {
    /// STypedSignal: Int values, String errors.
    case typed
    /// SUntypedSignal: the same values as `Any?`.
    case untyped
    /// Typed sources, the untyped operator, a typed sink (through Bridge).
    case typedThroughUntyped
    /// Untyped sources, the typed operator, an untyped sink (through Bridge).
    case untypedThroughTyped
}

/// One executable statement of the specification: sources, one operator with its
/// arguments, and the exact trace every driver must produce.
///
/// The trace lists, with the virtual time of each: the subscribe and dispose of every
/// named source (`"0 a.subscribe"`, `"3 a.dispose"`), the events reaching the sink
/// (`"2 next 4"`, `"3 completed"`, `"1 error E"`) and the calls of hooks that the
/// operation logs (`"1 hook next 1"`). Sources are named `a`, `b`, `c`... in order;
/// inner signals made by meta operators are named `i<value>`.
struct Scenario {
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
    /// The drivers that apply (every driver unless the operator belongs to one API).
    let drivers: Set<Driver>

    init(_ op: String, _ name: String, sources: [String], _ operation: Operation, disposeAt: Int? = nil,
         only drivers: Set<Driver> = Set(Driver.allCases), expect expected: [String]) {
        self.op = op
        self.name = name
        self.sources = sources.map(Marble.init)
        self.operation = operation
        self.expected = expected
        self.disposeAt = disposeAt
        self.drivers = drivers
    }
}

/// The name of the source at `index`: `a`, `b`, `c`, ...
func sourceName(_ index: Int) -> String {
    String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
}
