import Dispatch
import OpenCombine
import OpenCombineDispatch
import STypedSignal
import SUntypedSignal

// S12, the app-shaped workload: a list screen whose rows each show the latest of their
// own two state cells and of the updates meant for them, delivered on a serial queue.

/// An update for one list row, pushed to the pipe that every row filters (S12).
struct RowUpdate: Equatable {
    let row: Int
    let value: Int
}

/// The steps of S12, the same for every implementation: built before the clock starts,
/// with the number of deliveries they must make.
///
/// Every value a step sends is larger than every value sent before it, so each row's
/// mapped value (the sum of its three latest values) grows at each emission and
/// `distinctUntilChanged` lets every one pass: the count of deliveries does not depend on
/// the implementation.
public struct AppWorkload {
    /// The list rows, each subscribed for the whole run (one re-subscribed per frame).
    public static let rows = 1_000
    /// A cell set after every this many pushes (a `Promise` and a `ValuePromise` in turn).
    static let pushesPerSet = 10
    /// A frame: this many pushes, then the deliveries are awaited and one row re-subscribes.
    static let pushesPerFrame = 100

    /// One step of the run.
    enum Step {
        /// Push an update to the pipe: the row it names emits.
        case push(RowUpdate)
        /// Set the `Promise` (untyped: the first `SVariable`; OpenCombine: the first
        /// `CurrentValueSubject`) of `row`: the row emits once it has had an update.
        case setPromise(row: Int, value: Int)
        /// Set the `ValuePromise` (untyped: the second `SVariable`; OpenCombine: the second
        /// `CurrentValueSubject`) of `row`.
        case setCell(row: Int, value: Int)
        /// The end of a frame: wait until every delivery so far has arrived, then dispose
        /// the subscription of `row` and subscribe it again (scrolled out and back in). The
        /// new subscription emits from the row's next update on.
        case endFrame(resubscribe: Int)
    }

    /// The steps, in order.
    let steps: [Step]

    /// The steps of a run of `pushes` pushes, round-robin over the rows.
    public init(pushes: Int) {
        var steps: [Step] = []
        steps.reserveCapacity(pushes + pushes / Self.pushesPerSet + pushes / Self.pushesPerFrame)
        var tick = 0
        for index in 0..<pushes {
            tick += 1
            steps.append(.push(RowUpdate(row: index % Self.rows, value: tick)))
            if (index + 1) % Self.pushesPerSet == 0 {
                let set = index / Self.pushesPerSet
                let row = (set * 7) % Self.rows
                tick += 1
                steps.append(set % 2 == 0 ? .setPromise(row: row, value: tick) : .setCell(row: row, value: tick))
            }
            if (index + 1) % Self.pushesPerFrame == 0 {
                steps.append(.endFrame(resubscribe: (index / Self.pushesPerFrame * 13) % Self.rows))
            }
        }
        self.steps = steps
    }

    /// The deliveries of a run: every push makes its row emit; a set makes its row emit
    /// when the row's subscription has had an update (`combineLatest` waits for a value of
    /// each source; the cells have theirs from the start).
    public var expectedDeliveries: Int {
        var updated = [Bool](repeating: false, count: Self.rows)
        var deliveries = 0
        for step in steps {
            switch step {
            case .push(let update):
                updated[update.row] = true
                deliveries += 1
            case .setPromise(let row, _), .setCell(let row, _):
                if updated[row] { deliveries += 1 }
            case .endFrame(let row):
                updated[row] = false
            }
        }
        return deliveries
    }

    /// Runs the steps with one implementation's operations: subscribes every row, runs
    /// the steps, waits until every delivery has arrived (`drain`), disposes every row.
    @inline(__always)
    func run<Handle>(
        subscribe: (Int) -> Handle,
        dispose: (Handle) -> Void,
        push: (RowUpdate) -> Void,
        setPromise: (Int, Int) -> Void,
        setCell: (Int, Int) -> Void,
        drain: () -> Void
    ) {
        var handles = (0..<Self.rows).map(subscribe)
        for step in steps {
            switch step {
            case .push(let update):
                push(update)
            case .setPromise(let row, let value):
                setPromise(row, value)
            case .setCell(let row, let value):
                setCell(row, value)
            case .endFrame(let row):
                drain()
                dispose(handles[row])
                handles[row] = subscribe(row)
            }
        }
        drain()
        handles.forEach(dispose)
    }
}

/// The latest values of a row's three sources in OpenCombine's S12 (which has no
/// `combineLatest`): the sum once each has one.
private struct RowLatest {
    var promise: Int?
    var cell: Int?
    var update: Int?

    var sum: Int? {
        guard let promise, let cell, let update else { return nil }
        return promise + cell + update
    }
}

/// A value of one of a row's sources, merged into one stream (OpenCombine's S12).
private enum RowEvent {
    case promise(Int)
    case cell(Int)
    case update(Int)
}

/// The S12 cases: typed, untyped and OpenCombine.
func appWorkloadScenarios() -> [ScenarioCase] {
    [
        ScenarioCase(.s12AppWorkload, .typed) { size in
            let workload = AppWorkload(pushes: size)
            let queue = Queue(name: "benchmarks.s12")
            let pipe = ValuePipe<RowUpdate>()
            let promises = (0..<AppWorkload.rows).map { _ in Promise<Int>(0) }
            let cells = (0..<AppWorkload.rows).map { _ in ValuePromise<Int>(0) }
            return {
                let tally = Tally()
                workload.run(
                    subscribe: { row in
                        let updates = pipe.signal() |> filter { $0.row == row }
                        let values =
                            combineLatest(promises[row].get(), cells[row].get(), updates)
                            |> map { (values: (Int, Int, RowUpdate)) in values.0 + values.1 + values.2.value }
                            |> distinctUntilChanged
                            |> deliverOn(queue)
                        return values.start(next: { tally.add($0) })
                    },
                    dispose: { $0.dispose() },
                    push: { pipe.putNext($0) },
                    setPromise: { promises[$0].set(.single($1)) },
                    setCell: { cells[$0].set($1) },
                    drain: { queue.sync {} })
                return tally.count
            }
        },
        ScenarioCase(.s12AppWorkload, .untyped) { size in
            // SSignalKit has one state cell, SVariable: one stands for the Promise, one for
            // the ValuePromise; `ignoreRepeated` is its `distinctUntilChanged`.
            let workload = AppWorkload(pushes: size)
            let queue = SQueue()
            let pipe = SPipe()
            func variable() -> SVariable {
                let variable = SVariable()
                variable.set(SSignal.single(0))
                return variable
            }
            let promises = (0..<AppWorkload.rows).map { _ in variable() }
            let cells = (0..<AppWorkload.rows).map { _ in variable() }
            return {
                let tally = Tally()
                workload.run(
                    subscribe: { row in
                        let updates = pipe.signal().filter { ($0 as! RowUpdate).row == row }
                        return SSignal.combineSignals([promises[row].signal(), cells[row].signal(), updates])
                            .map { values in
                                let array = values as! [Any?]
                                return (array[0] as! Int) + (array[1] as! Int) + (array[2] as! RowUpdate).value
                            }
                            .ignoreRepeated()
                            .deliverOn(queue)
                            .start(next: { tally.add($0 as! Int) })
                    },
                    dispose: { $0.dispose() },
                    push: { pipe.putNext($0) },
                    setPromise: { promises[$0].set(SSignal.single($1)) },
                    setCell: { cells[$0].set(SSignal.single($1)) },
                    drain: { queue.dispatchSync {} })
                return tally.count
            }
        },
        ScenarioCase(.s12AppWorkload, .openCombine) { size in
            // OpenCombine has neither `CombineLatest` nor `Merge`: the row's three sources
            // are merged by `FlatMap` over a sequence of them, and `Scan` keeps the latest
            // value of each (what `combineLatest` keeps), emitting once each has one.
            let workload = AppWorkload(pushes: size)
            let queue = DispatchQueue(label: "benchmarks.s12.opencombine")
            let subject = PassthroughSubject<RowUpdate, Never>()
            let promises = (0..<AppWorkload.rows).map { _ in CurrentValueSubject<Int, Never>(0) }
            let cells = (0..<AppWorkload.rows).map { _ in CurrentValueSubject<Int, Never>(0) }
            return {
                let tally = Tally()
                workload.run(
                    subscribe: { row in
                        let updates = Publishers.Filter(upstream: subject) { $0.row == row }
                        let sources: [AnyPublisher<RowEvent, Never>] = [
                            Publishers.Map(upstream: promises[row]) { RowEvent.promise($0) }.eraseToAnyPublisher(),
                            Publishers.Map(upstream: cells[row]) { RowEvent.cell($0) }.eraseToAnyPublisher(),
                            Publishers.Map(upstream: updates) { RowEvent.update($0.value) }.eraseToAnyPublisher(),
                        ]
                        let merged = Publishers.FlatMap(upstream: Publishers.Sequence(sequence: sources), maxPublishers: .unlimited) { $0 }
                        let latest = Publishers.Scan(upstream: merged, initialResult: RowLatest()) { latest, event in
                            var next = latest
                            switch event {
                            case .promise(let value): next.promise = value
                            case .cell(let value): next.cell = value
                            case .update(let value): next.update = value
                            }
                            return next
                        }
                        let values = Publishers.CompactMap(upstream: latest) { $0.sum }
                        let distinct = Publishers.RemoveDuplicates(upstream: values, predicate: ==)
                        return Publishers.ReceiveOn(upstream: distinct, scheduler: queue.ocombine, options: nil).sink { tally.add($0) }
                    },
                    dispose: { $0.cancel() },
                    push: { subject.send($0) },
                    setPromise: { promises[$0].send($1) },
                    setCell: { cells[$0].send($1) },
                    drain: { queue.sync {} })
                return tally.count
            }
        },
    ]
}
