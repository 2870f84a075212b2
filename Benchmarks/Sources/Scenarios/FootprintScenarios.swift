import Dispatch
import OpenCombine
import OpenCombineDispatch
import STypedSignal
import SUntypedSignal

/// A footprint row: `subscriptions` live subscriptions of one kind, held at once. What is
/// measured is what they hold on the heap, per subscription: the bytes in use and the
/// `malloc` calls made to subscribe them. Both are deterministic, so CI checks them
/// (`.ci/footprint`, `footprint.json`).
public enum FootprintRow: String, CaseIterable, Sendable, Codable {
    /// `ValuePipe<Int>().signal() |> map |> filter` (untyped: `SPipe().signal().map {}
    /// .filter {}`; OpenCombine: `PassthroughSubject` → `Map` → `Filter` → `sink`).
    case m1PipeMapFilter = "M1"
    /// A value cell's signal: `ValuePromise.get()` (untyped: `SVariable.signal()`;
    /// OpenCombine: `CurrentValueSubject`), each subscription holding the replayed value.
    /// The cell has been set since it was made in both APIs (an untyped variable has no
    /// value until then): a cell set once keeps the list of subscribers its sets read,
    /// one more reference per subscriber.
    case m2ValueCell = "M2"
    /// `Promise.get()` (typed only); its reference is OpenCombine's M2.
    case m3Promise = "M3"
    /// `combineLatest` of two `ValuePipe`s (untyped: `combineSignals` of two `SPipe`s),
    /// each of which has sent a value. OpenCombine 0.14.0 has no `CombineLatest`.
    case m4CombineLatest2 = "M4"
    /// `combineLatest` of ten `ValuePipe`s (untyped: `combineSignals` of ten `SPipe`s),
    /// each of which has sent a value.
    case m5CombineLatest10 = "M5"
    /// `mapToSignal` with a live inner: an outer pipe has sent one value, which each
    /// subscription mapped to an inner pipe's signal, so each holds one live inner
    /// subscription (OpenCombine: `Map` to the inner `PassthroughSubject`, then
    /// `SwitchToLatest`, as in S6).
    case m6MapToSignal = "M6"
    /// `deliverOn` a serial queue over a pipe (OpenCombine: `ReceiveOn(DispatchQueue)`).
    case m7DeliverOn = "M7"

    /// The live subscriptions of a row, held at once.
    public static let subscriptions = 10_000

    /// A short name for tables.
    public var title: String {
        switch self {
        case .m1PipeMapFilter: "pipe |> map |> filter"
        case .m2ValueCell: "value cell"
        case .m3Promise: "Promise"
        case .m4CombineLatest2: "combineLatest of 2"
        case .m5CombineLatest10: "combineLatest of 10"
        case .m6MapToSignal: "mapToSignal, live inner"
        case .m7DeliverOn: "deliverOn(queue)"
        }
    }

    /// The row whose OpenCombine figure divides this row's bytes (M3: M2's, the
    /// `CurrentValueSubject`).
    public var reference: FootprintRow {
        self == .m3Promise ? .m2ValueCell : self
    }
}

/// One footprint row as written for one implementation.
public struct FootprintCase {
    /// The row implemented.
    public let row: FootprintRow
    /// The implementation measured.
    public let implementation: Implementation
    /// Builds the sources of `count` subscriptions (not measured) and returns what
    /// makes, probes and ends them.
    public let prepare: (_ count: Int) -> FootprintHold

    /// Creates a case.
    public init(_ row: FootprintRow, _ implementation: Implementation, prepare: @escaping (_ count: Int) -> FootprintHold) {
        self.row = row
        self.implementation = implementation
        self.prepare = prepare
    }
}

/// The subscriptions of one footprint case.
public struct FootprintHold {
    /// Makes the subscriptions and keeps them, and brings each to its live state (a
    /// value from every source of a `combineLatest`, the outer value of a `mapToSignal`,
    /// a `deliverOn` queue that has run what it was given): the measured part.
    public let subscribe: () -> Void
    /// Sends one event that reaches every held subscription and returns the deliveries
    /// it made, once they have arrived: the check that every subscription is live (it
    /// must equal the number of subscriptions).
    public let probe: () -> Int
    /// Ends every subscription.
    public let release: () -> Void
}

/// Every footprint case, row by row, implementations in `Implementation` order.
public enum FootprintCatalogue {
    /// All cases.
    public static func all() -> [FootprintCase] {
        let cases = typedFootprintCases() + untypedFootprintCases() + openCombineFootprintCases()
        return cases.sorted { lhs, rhs in
            let l = (FootprintRow.allCases.firstIndex(of: lhs.row)!, Implementation.allCases.firstIndex(of: lhs.implementation)!)
            let r = (FootprintRow.allCases.firstIndex(of: rhs.row)!, Implementation.allCases.firstIndex(of: rhs.implementation)!)
            return l < r
        }
    }
}

/// The handles of a case's subscriptions, in an array made large enough before the
/// measurement starts (so that its growth is not counted).
private final class Held<Handle> {
    var handles: [Handle] = []
}

/// A case's hold: `subscribe` (into a tally) `count` times, then `settle`; `probe` sends
/// the event that must reach each subscription (and waits for its deliveries); `end`
/// ends a subscription.
private func holding<Handle>(
    _ count: Int,
    settle: @escaping () -> Void = {},
    probe: @escaping () -> Void,
    end: @escaping (Handle) -> Void,
    _ subscribe: @escaping (Tally) -> Handle
) -> FootprintHold {
    let tally = Tally()
    let held = Held<Handle>()
    held.handles.reserveCapacity(count)
    return FootprintHold(
        subscribe: {
            for _ in 0..<count {
                held.handles.append(subscribe(tally))
            }
            settle()
        },
        probe: {
            let before = tally.count
            probe()
            return tally.count - before
        },
        release: {
            held.handles.forEach(end)
            held.handles.removeAll()
        })
}

private func typedFootprintCases() -> [FootprintCase] {
    [
        FootprintCase(.m1PipeMapFilter, .typed) { count in
            let pipe = ValuePipe<Int>()
            return holding(count, probe: { pipe.putNext(1) }, end: { $0.dispose() }) { tally in
                (pipe.signal() |> map { $0 + 1 } |> filter { $0 > 0 }).start(next: { tally.add($0) })
            }
        },
        FootprintCase(.m2ValueCell, .typed) { count in
            let cell = ValuePromise<Int>(0)
            cell.set(0)  // set since it was made, as the untyped row's variable is
            return holding(count, probe: { cell.set(1) }, end: { $0.dispose() }) { tally in
                cell.get().start(next: { tally.add($0) })
            }
        },
        FootprintCase(.m3Promise, .typed) { count in
            let promise = Promise<Int>(0)
            promise.set(.single(0))  // set since it was made, as M2's cells are
            return holding(count, probe: { promise.set(.single(1)) }, end: { $0.dispose() }) { tally in
                promise.get().start(next: { tally.add($0) })
            }
        },
        FootprintCase(.m4CombineLatest2, .typed) { count in
            let pipes = (0..<2).map { _ in ValuePipe<Int>() }
            return holding(count, settle: { pipes.forEach { $0.putNext(0) } }, probe: { pipes[0].putNext(1) }, end: { $0.dispose() }) { tally in
                combineLatest(pipes[0].signal(), pipes[1].signal()).start(next: { (values: (Int, Int)) in tally.add(values.0 &+ values.1) })
            }
        },
        FootprintCase(.m5CombineLatest10, .typed) { count in
            let pipes = (0..<10).map { _ in ValuePipe<Int>() }
            let signals = pipes.map { $0.signal() }
            return holding(count, settle: { pipes.forEach { $0.putNext(0) } }, probe: { pipes[0].putNext(1) }, end: { $0.dispose() }) { tally in
                combineLatest(
                    signals[0], signals[1], signals[2], signals[3], signals[4], signals[5], signals[6], signals[7], signals[8], signals[9]
                ).start(next: { values in tally.add(values.0 &+ values.9) })
            }
        },
        FootprintCase(.m6MapToSignal, .typed) { count in
            let outer = ValuePipe<Int>()
            let inner = ValuePipe<Int>()
            return holding(count, settle: { outer.putNext(0) }, probe: { inner.putNext(1) }, end: { $0.dispose() }) { tally in
                (outer.signal() |> mapToSignal { _ in inner.signal() }).start(next: { tally.add($0) })
            }
        },
        FootprintCase(.m7DeliverOn, .typed) { count in
            let pipe = ValuePipe<Int>()
            let queue = Queue(name: "benchmarks.m7")
            let drain = { queue.sync {} }
            return holding(
                count, settle: drain,
                probe: {
                    pipe.putNext(1)
                    drain()
                }, end: { $0.dispose() }
            ) { tally in
                (pipe.signal() |> deliverOn(queue)).start(next: { tally.add($0) })
            }
        },
    ]
}

private func untypedFootprintCases() -> [FootprintCase] {
    [
        FootprintCase(.m1PipeMapFilter, .untyped) { count in
            let pipe = SPipe()
            return holding(count, probe: { pipe.putNext(1) }, end: { $0.dispose() }) { tally in
                pipe.signal().map { ($0 as! Int) + 1 }.filter { ($0 as! Int) > 0 }.start(next: { tally.add($0 as! Int) })
            }
        },
        FootprintCase(.m2ValueCell, .untyped) { count in
            let variable = SVariable()
            variable.set(SSignal.single(0))
            return holding(count, probe: { variable.set(SSignal.single(1)) }, end: { $0.dispose() }) { tally in
                variable.signal().start(next: { tally.add($0 as! Int) })
            }
        },
        FootprintCase(.m4CombineLatest2, .untyped) { count in
            let pipes = (0..<2).map { _ in SPipe() }
            return holding(count, settle: { pipes.forEach { $0.putNext(0) } }, probe: { pipes[0].putNext(1) }, end: { $0.dispose() }) { tally in
                SSignal.combineSignals(pipes.map { $0.signal() }).start(next: { tally.add(((($0 as! [Any?])[0]) as! Int)) })
            }
        },
        FootprintCase(.m5CombineLatest10, .untyped) { count in
            let pipes = (0..<10).map { _ in SPipe() }
            return holding(count, settle: { pipes.forEach { $0.putNext(0) } }, probe: { pipes[0].putNext(1) }, end: { $0.dispose() }) { tally in
                SSignal.combineSignals(pipes.map { $0.signal() }).start(next: { tally.add(((($0 as! [Any?])[0]) as! Int)) })
            }
        },
        FootprintCase(.m6MapToSignal, .untyped) { count in
            let outer = SPipe()
            let inner = SPipe()
            return holding(count, settle: { outer.putNext(0) }, probe: { inner.putNext(1) }, end: { $0.dispose() }) { tally in
                outer.signal().mapToSignal { _ in inner.signal() }.start(next: { tally.add($0 as! Int) })
            }
        },
        FootprintCase(.m7DeliverOn, .untyped) { count in
            let pipe = SPipe()
            let queue = SQueue()
            let drain = { queue.dispatchSync {} }
            return holding(
                count, settle: drain,
                probe: {
                    pipe.putNext(1)
                    drain()
                }, end: { $0.dispose() }
            ) { tally in
                pipe.signal().deliverOn(queue).start(next: { tally.add($0 as! Int) })
            }
        },
    ]
}

private func openCombineFootprintCases() -> [FootprintCase] {
    [
        FootprintCase(.m1PipeMapFilter, .openCombine) { count in
            let subject = PassthroughSubject<Int, Never>()
            return holding(count, probe: { subject.send(1) }, end: { $0.cancel() }) { tally in
                Publishers.Filter(upstream: Publishers.Map(upstream: subject) { $0 + 1 }) { $0 > 0 }.sink { tally.add($0) }
            }
        },
        FootprintCase(.m2ValueCell, .openCombine) { count in
            let subject = CurrentValueSubject<Int, Never>(0)
            return holding(count, probe: { subject.send(1) }, end: { $0.cancel() }) { tally in
                subject.sink { tally.add($0) }
            }
        },
        FootprintCase(.m6MapToSignal, .openCombine) { count in
            let outer = PassthroughSubject<Int, Never>()
            let inner = PassthroughSubject<Int, Never>()
            return holding(count, settle: { outer.send(0) }, probe: { inner.send(1) }, end: { $0.cancel() }) { tally in
                Publishers.SwitchToLatest(upstream: Publishers.Map(upstream: outer) { _ in inner }).sink { tally.add($0) }
            }
        },
        FootprintCase(.m7DeliverOn, .openCombine) { count in
            let subject = PassthroughSubject<Int, Never>()
            let queue = DispatchQueue(label: "benchmarks.m7.opencombine")
            let drain = { queue.sync {} }
            return holding(
                count, settle: drain,
                probe: {
                    subject.send(1)
                    drain()
                }, end: { $0.cancel() }
            ) { tally in
                Publishers.ReceiveOn(upstream: subject, scheduler: queue.ocombine, options: nil).sink { tally.add($0) }
            }
        },
    ]
}
