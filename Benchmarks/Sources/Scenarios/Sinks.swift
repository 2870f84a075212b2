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

/// Runs `body(0)` and `body(1)` on two new threads at once and returns when both have
/// exited.
///
/// POSIX threads, joined, rather than Foundation's `Thread`: a `Thread` releases its
/// closure (and what that captures) from the thread's exit, after the code waiting for it
/// has gone on, and swift-corelibs-foundation's `Thread` has open lifetime bugs at exit
/// (issue 5240). Once, the allocation pass crashed with a release from an exiting `Thread`
/// of S8 reaching the memory of S9's pipe. Joined threads have released everything before
/// this returns.
func onTwoThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let threads = (0..<2).map { index -> pthread_t in
        let job = Unmanaged.passRetained(ThreadJob { body(index) }).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let job = Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue()
                job.run()
                return nil
            }, job)
        precondition(created == 0, "pthread_create failed: \(created)")
        return thread
    }
    for thread in threads {
        pthread_join(thread, nil)
    }
}

/// The work of one thread of `onTwoThreads`, handed to it as an unmanaged reference.
private final class ThreadJob {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
