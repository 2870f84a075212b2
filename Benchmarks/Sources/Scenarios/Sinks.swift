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

/// Subscriptions a case keeps for all its runs, disposed when its timed work is released.
/// A subscription to a value cell keeps the cell alive (the originals' rule), so one never
/// disposed would keep both for good.
final class KeptSubscriptions<Handle> {
    private let handles: [Handle]
    private let dispose: (Handle) -> Void

    /// Keeps `handles` until this goes, then calls `dispose` with each.
    init(_ handles: [Handle], dispose: @escaping (Handle) -> Void) {
        self.handles = handles
        self.dispose = dispose
    }

    deinit {
        handles.forEach(dispose)
    }
}

/// Lets a non-`Sendable` object cross to another thread where the scenario's own
/// synchronization (a semaphore, a join) makes that safe.
struct Handover<T>: @unchecked Sendable {
    let value: T
}

/// Runs `body(0)` and `body(1)` on two new threads at once, each pinned to a CPU of its own
/// (CPUs 0 and 1, when the machine has two and lets the process use them), and returns
/// when both have exited.
///
/// Pinned, because these scenarios measure two cores delivering at once: left to the
/// scheduler, the two threads of a run sometimes shared a core for part of the run, taking
/// turns instead of contending, and a scenario's ratio to OpenCombine moved between 0.09
/// and 0.34 from run to run on the same code.
///
/// POSIX threads, joined, rather than Foundation's `Thread`: a `Thread` releases its
/// closure (and what that captures) from the thread's exit, after the code waiting for it
/// has gone on, and swift-corelibs-foundation's `Thread` has open lifetime bugs at exit
/// (issue 5240). Once, the allocation pass crashed with a release from an exiting `Thread`
/// of S8 reaching the memory of S9's pipe. Joined threads have released everything before
/// this returns.
func onTwoThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let threads = (0..<2).map { index -> pthread_t in
        let job = Unmanaged.passRetained(ThreadJob(cpu: index) { body(index) }).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let job = Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue()
                pinToCPU(job.cpu)
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
    let cpu: Int

    init(cpu: Int, _ run: @escaping () -> Void) {
        self.cpu = cpu
        self.run = run
    }
}

/// `sched_setaffinity`, which Glibc's Swift module does not export (it is a GNU extension).
private typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
private let setAffinity: SetAffinity? = dlsym(nil, "sched_setaffinity").map { unsafeBitCast($0, to: SetAffinity.self) }

/// Pins the calling thread to `cpu`; does nothing on a machine with fewer CPUs, or where
/// the process may not use that one (the thread then runs where the scheduler puts it).
func pinToCPU(_ cpu: Int) {
    guard let setAffinity, cpu < sysconf(Int32(_SC_NPROCESSORS_ONLN)) else { return }
    var mask = [UInt64](repeating: 0, count: 16)  // 1,024 CPUs, the kernel's cpu_set_t
    mask[cpu / 64] |= 1 << UInt64(cpu % 64)
    _ = mask.withUnsafeBytes { setAffinity(0, $0.count, $0.baseAddress!) }
}
