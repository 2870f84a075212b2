import Foundation

// The hop and queue-line machines (`SerialHopMachine`, `QueueLineMachine`) driven by
// bytes: the events of several threads (a producer on or off the queue, other work on the
// line, the queue's turns, `sync` callers) in the order the bytes say. The grammars and
// invariants are the machine explorer's own models (`SerialHopModel`, `QueueLineModel`,
// linked from Tests/SignalSyncTests/Exploration with the machines' files, so that their
// `package` API is this module's): the explorer covers every sequence within small bounds,
// this goes deeper and longer, steered by coverage.
//
// The first byte picks the machine; each later byte picks one of the events legal at that
// point (the byte modulo their count). When the bytes run out, the last legal event is
// taken until none is legal (every model's events are bounded), and the final invariants
// are checked. A broken invariant stops the program with the machine and the events.

/// libFuzzer's entry point: one input, as bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data` (none when `size` is 0) and
    // keeps them for this call; they are copied into an array before it returns.
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let choice = bytes.first else { return 0 }
    let events = bytes.dropFirst()
    if choice % 2 == 0 {
        drive(SerialHopModel(maxValues: 24, maxOtherPuts: 4), events)
    } else {
        drive(QueueLineModel(maxWorks: 8, maxEventTurns: 4, maxSyncs: 4), events)
    }
    return 0
}

/// Plays `bytes` as events of `model`, then settles it; stops the program at the first
/// broken invariant.
func drive<Model: MachineModel>(_ model: Model, _ bytes: ArraySlice<UInt8>) {
    var world = model.initial()
    var path: [String] = []
    var remaining = bytes.makeIterator()
    // A bound on the settling steps, far above what the models' bounds allow.
    for _ in 0..<(bytes.count + 10_000) {
        let legal = model.legalEvents(in: world)
        guard !legal.isEmpty else {
            check(model.violations(in: world, final: true), model, path)
            return
        }
        let event = remaining.next().map { legal[Int($0) % legal.count] } ?? legal[legal.count - 1]
        let record = model.apply(event, to: &world)
        path.append("\(event) -> \(record)")
        check(model.violations(in: world, final: false), model, path)
    }
    fatalError("\(model.name) (\(model.bound)): did not settle after \(path.count) events: \(path.suffix(40))")
}

func check<Model: MachineModel>(_ broken: [String], _ model: Model, _ path: [String]) {
    guard !broken.isEmpty else { return }
    fatalError("\(model.name) (\(model.bound)): \(broken.joined(separator: "; ")) after [\(path.joined(separator: "; "))]")
}

/// A client the queue-line model hands its machine (the test target's `ExploredResource`
/// is in a file with the other machines' models).
final class ExploredResource {
    let id: Int
    init(_ id: Int) { self.id = id }
}
