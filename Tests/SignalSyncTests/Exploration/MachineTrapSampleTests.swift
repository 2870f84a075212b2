import SignalTestSupport
import XCTest

@testable import SignalSync

/// One illegal event per machine that has any, each from a state the exploration reaches
/// (by the model's own legal events), trapped in a child process (`assertTraps`). A
/// sample, not every (state, illegal event) pair: see `Tests/EXPLORATION.md`.
final class MachineTrapSampleTests: XCTestCase {
    /// Applies `events` of `model` from its initial world, legally, and returns the world.
    private func reach<Model: MachineModel>(_ model: Model, _ events: [Model.Event]) -> Model.World {
        var world = model.initial()
        for event in events { _ = model.apply(event, to: &world) }
        return world
    }

    func testOneIllegalEventPerMachineTraps() throws {
        try assertTraps("SerialHopMachine: offerTerminal(_:linePuts:onQueue:) after the terminal event") {
            var world = reach(SerialHopModel(), [.offerTerminal(onQueue: false)])
            _ = world.machine.offerTerminal(-1, linePuts: world.linePuts, onQueue: false)
        }
        try assertTraps("QueueLineMachine: syncReturned() while the line is not lent") {
            var world = reach(QueueLineModel(), [.putWork])
            _ = world.machine.syncReturned()
        }
        try assertTraps("ShareMachine: terminalDelivered() without a terminal event") {
            var world = reach(ShareModel(reuse: .restart), [.subscribe])
            _ = world.machine.terminalDelivered()
        }
        try assertTraps("DebounceMachine: next(_:) after the source's terminal event") {
            var world = reach(DebounceModel(), [.complete])
            _ = world.machine.next(9)
        }
        try assertTraps("ThrottleMachine: next(_:) after the source's terminal event") {
            var world = reach(ThrottleModel(latest: true), [.next, .complete])
            _ = world.machine.next(9)
        }
        try assertTraps("SerialDrainMachine: handled() with no drainer") {
            var world = reach(SerialDrainModel(), [.value, .handled])
            _ = world.machine.handled()
        }
        try assertTraps("RestartLoopMachine: beginIteration() while not idle") {
            var world = reach(RestartLoopModel(), [.begin])
            _ = world.machine.beginIteration()
        }
        try assertTraps("CombineLatestMachine: sourceCompleted(at: 0) for a source that completed already") {
            var world = reach(CombineLatestModel(seeded: 0, disposal: .atTeardown), [.complete(0)])
            _ = world.machine.sourceCompleted(at: 0)
        }
        try assertTraps("DeferredStartMachine: started(_:) without a start running") {
            var world = reach(DeferredStartModel(), [.begin, .started])
            _ = world.machine.started(ExploredResource(2))
        }
        try assertTraps("ObservationMachine: finishRead() with no read running") {
            var world = reach(ObservationModel(), [.start, .beginRead, .finishRead])
            _ = world.machine.finishRead()
        }
        try assertTraps("FirstValueWaiterMachine: attach(_:) twice") {
            var world = reach(FirstValueWaiterModel(), [.install, .attach])
            _ = world.machine.attach(2)
        }
        try assertTraps("AsyncValuesBufferMachine: end(_:) before the start or after the ending") {
            var world = reach(AsyncValuesBufferModel(), [.next, .push, .complete])
            _ = world.machine.end(.completed)
        }
        try assertTraps("PublicationMachine: advanced() without an .advance step") {
            var world = reach(PublicationModel(), [.write])
            world.machine.advanced()
        }
        try assertTraps("MergeMachine: an empty merge completes before it has a machine") {
            _ = MergeMachine<ExploredResource>(count: 0)
        }
        try assertTraps("ZipMachine: an empty zip completes before it has a machine") {
            _ = ZipMachine<Int, ExploredResource>(count: 0)
        }
        try assertTraps("DistinctMachine: a comparison settled before any value passed") {
            var world = reach(DistinctModel(), [])
            _ = world.machine.settle("a", repeated: false, version: 0)
        }
        try assertTraps("SleeperMachine: wake() twice") {
            var world = reach(SleeperModel(), [.wake])
            _ = world.machine.wake()
        }
    }
}
