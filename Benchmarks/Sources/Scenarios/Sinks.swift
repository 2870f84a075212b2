import Dispatch
import Foundation
import Synchronization

/// The sink of single-threaded scenarios: counts values and sums them, so that the
/// optimizer cannot drop the work.
final class Tally: @unchecked Sendable {
    // Safety: used from one thread at a time (the S7 queue hands it over through a
    // semaphore, which orders the accesses).
    private(set) var count = 0
    private(set) var sum = 0

    @inline(__always)
    func add(_ value: Int) {
        count &+= 1
        sum &+= value
    }
}

/// The sink of S8, where two threads deliver at once.
final class AtomicTally: Sendable {
    private let counter = Synchronization.Atomic<Int>(0)

    @inline(__always)
    func add(_ value: Int) {
        counter.wrappingAdd(1, ordering: .relaxed)
    }

    var count: Int {
        counter.load(ordering: .acquiring)
    }
}

/// Lets a non-`Sendable` object cross to another thread where the scenario's own
/// synchronization (a semaphore, a join) makes that safe.
struct Handover<T>: @unchecked Sendable {
    let value: T
}

/// Runs `body(0)` and `body(1)` on two new threads at once and returns when both are
/// done.
func onTwoThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<2 {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}
