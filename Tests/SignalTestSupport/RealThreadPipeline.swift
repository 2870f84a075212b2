/// A pipeline of operators over real threads, as `RealThreadPipelineDriver` builds it for
/// either API, with the events it must deliver (`expectation`).
///
/// Queues are numbered: 0 is the main queue, 1 to 3 are serial queues. Every shape
/// is deterministic on real threads: operators that drop values by timing
/// (`switchToLatest`, `mapToSignal`, `throttled`, `combineLatest`) get sources whose
/// outcome does not depend on it (one value each), a timeout either never fires or
/// always does.
public indirect enum RealThreadPipeline: Sendable, CustomStringConvertible {
    /// `values`, then `ending`, sent the way `emission` says.
    case source([Int], RealThreadEnding, RealThreadEmission)
    /// Sends nothing, ever (only as the source of `timeoutToAlternate`).
    case never
    /// `deliverOn(queue)`.
    case deliverOn(RealThreadPipeline, queue: Int)
    /// `runOn(queue)` (typed) / `startOn(queue)` (untyped).
    case runOn(RealThreadPipeline, queue: Int)
    /// `map { $0 + add }`.
    case map(RealThreadPipeline, add: Int)
    /// `take(count)`, `count` >= 1.
    case take(RealThreadPipeline, Int)
    /// `first |> then(second)`.
    case then(RealThreadPipeline, RealThreadPipeline)
    /// Each value `v` of `outer` mapped to `inner |> map { $0 + 100 * v }`, flattened by
    /// `mode` (the outer always completes; a switching mode gets at most one outer value).
    case flatten(RealThreadPipeline, FlattenMode, inner: RealThreadPipeline)
    /// `combineLatest(queue:)` of two one-value pipelines, combined as `1000 * a + b`.
    case combineLatest(RealThreadPipeline, RealThreadPipeline, queue: Int)
    /// `delay` of the subscription by `milliseconds` on `queue`.
    case delay(RealThreadPipeline, milliseconds: Int, queue: Int)
    /// `timeout` of 30 s on `queue` (never fires: the pipeline ends long before).
    case timeout(RealThreadPipeline, queue: Int)
    /// `never |> timeout(0.001, queue, alternate)`: always switches to `alternate`.
    case timeoutToAlternate(RealThreadPipeline, queue: Int)
    /// `restart |> take(count)` of a pipeline that sends at least one value and completes.
    case restartTake(RealThreadPipeline, Int)

    /// What the subscriber must receive, in order, and on which queue.
    public var expectation: RealThreadExpectation {
        switch self {
        case .source(let values, let ending, _):
            return RealThreadExpectation(values: values, ending: ending, promised: nil)
        case .never:
            return RealThreadExpectation(values: [], ending: nil, promised: nil)
        case .deliverOn(let pipeline, let queue):
            var expected = pipeline.expectation
            expected.promised = queue
            return expected
        case .runOn(let pipeline, _), .delay(let pipeline, _, _), .timeout(let pipeline, _), .timeoutToAlternate(let pipeline, _):
            return pipeline.expectation
        case .map(let pipeline, let add):
            var expected = pipeline.expectation
            expected.values = expected.values.map { $0 + add }
            return expected
        case .take(let pipeline, let count):
            return pipeline.expectation.taking(count)
        case .then(let first, let second):
            let head = first.expectation
            guard head.ending == .completed else { return head }
            let tail = second.expectation
            return RealThreadExpectation(
                values: head.values + tail.values, ending: tail.ending, promised: head.promised.common(tail.promised))
        case .flatten(let outer, _, let inner):
            let outerExpected = outer.expectation
            let innerExpected = inner.expectation
            var values: [Int] = []
            for value in outerExpected.values {
                values += innerExpected.values.map { $0 + 100 * value }
                if innerExpected.ending != .completed {
                    return RealThreadExpectation(values: values, ending: innerExpected.ending, promised: innerExpected.promised)
                }
            }
            return RealThreadExpectation(
                values: values, ending: outerExpected.ending, promised: outerExpected.promised.common(innerExpected.promised))
        case .combineLatest(let first, let second, let queue):
            let value = 1000 * first.expectation.values[0] + second.expectation.values[0]
            return RealThreadExpectation(values: [value], ending: .completed, promised: queue)
        case .restartTake(let pipeline, let count):
            let cycle = pipeline.expectation
            let values = (0..<count).map { cycle.values[$0 % cycle.values.count] }
            return RealThreadExpectation(values: values, ending: .completed, promised: cycle.promised)
        }
    }

    /// The pipeline as code reads, to replay a failure.
    public var description: String {
        switch self {
        case .source(let values, let ending, let emission):
            return "source(\(values), \(ending), \(emission.rawValue))"
        case .never: return "never"
        case .deliverOn(let pipeline, let queue): return "\(pipeline) |> deliverOn(\(Self.name(queue)))"
        case .runOn(let pipeline, let queue): return "\(pipeline) |> runOn(\(Self.name(queue)))"
        case .map(let pipeline, let add): return "\(pipeline) |> map(+\(add))"
        case .take(let pipeline, let count): return "\(pipeline) |> take(\(count))"
        case .then(let first, let second): return "(\(first)) |> then(\(second))"
        case .flatten(let outer, let mode, let inner): return "(\(outer)) |> \(mode.rawValue) { v in \(inner) |> map(+100v) }"
        case .combineLatest(let first, let second, let queue):
            return "combineLatest(queue: \(Self.name(queue)), \(first), \(second)) |> map(1000a+b)"
        case .delay(let pipeline, let milliseconds, let queue): return "\(pipeline) |> delay(\(milliseconds) ms, \(Self.name(queue)))"
        case .timeout(let pipeline, let queue): return "\(pipeline) |> timeout(30 s, \(Self.name(queue)))"
        case .timeoutToAlternate(let alternate, let queue): return "never |> timeout(1 ms, \(Self.name(queue)), alternate: \(alternate))"
        case .restartTake(let pipeline, let count): return "(\(pipeline)) |> restart |> take(\(count))"
        }
    }

    /// "main" or "q1" to "q3".
    public static func name(_ queue: Int) -> String {
        queue == 0 ? "main" : "q\(queue)"
    }
}

/// How a generated source ends.
public enum RealThreadEnding: Sendable, Equatable, CustomStringConvertible {
    /// `putCompletion`.
    case completed
    /// `putError` with a code.
    case failed(Int)

    /// The event as a recorder writes it.
    public var description: String {
        switch self {
        case .completed: "completed"
        case .failed(let code): "error \(code)"
        }
    }
}

/// Where a generated source sends its events from.
public enum RealThreadEmission: String, Sendable, CaseIterable {
    /// All of them during its start, on the starting thread.
    case sync
    /// All of them from another thread, after its start returned.
    case otherThread
    /// The values from another thread, then (once they are sent) the ending on the starting
    /// thread: the shape that lost values when the starting thread was the delivery queue.
    case valuesFromOtherThread
}

/// The events a generated pipeline must deliver.
public struct RealThreadExpectation: Sendable, Equatable {
    /// Every value, in order.
    public var values: [Int]
    /// The one terminal event after them; nil for a pipeline that never ends.
    public var ending: RealThreadEnding?
    /// The queue every event must arrive on, when the pipeline promises one.
    public var promised: Int?

    /// The events as a recorder writes them.
    public var events: [String] {
        values.map(String.init) + (ending.map { [$0.description] } ?? [])
    }

    func taking(_ count: Int) -> RealThreadExpectation {
        guard values.count >= count else { return self }
        return RealThreadExpectation(values: Array(values.prefix(count)), ending: .completed, promised: promised)
    }
}

extension Optional where Wrapped == Int {
    /// The queue both promise, if they promise the same one.
    fileprivate func common(_ other: Int?) -> Int? {
        self == other ? self : nil
    }
}
