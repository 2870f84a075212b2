import Dispatch
import SignalSync

/// A queue that can tell whether it is the current one, and runs work inline when it is.
///
/// `Queue(name:)` makes a new serial queue; `mainQueue()` wraps the main queue (current
/// for work the main queue runs, whichever thread drains it, and on the main thread; the
/// program must drain the main queue with `dispatchMain()`, `RunLoop.main.run()` or an
/// async `main` for dispatched work to run); `init(queue:)` wraps an existing dispatch queue
/// and is never current; the concurrent singletons are never current either.
/// `Queue(virtualClock:)` makes a queue that runs only when a `VirtualClock` advances,
/// for deterministic tests of timing operators.
///
/// On a serial, main or virtual queue everything the library puts there (`async` when
/// not inline, `justDispatch`, `sync`, `after`, timers, and the events of every
/// `deliverOn`) runs in the order it was put, one dispatch running a whole burst.
public final class Queue: @unchecked Sendable {
    // Safety: immutable; `ExecutionQueue` is thread-safe.
    /// The shared mechanism (also used by the untyped `SQueue` and the bridge).
    @usableFromInline package let executionQueue: ExecutionQueue

    private static let main = Queue(executionQueue: .main)
    private static let concurrentDefault = Queue(executionQueue: .concurrentDefault)
    private static let concurrentBackground = Queue(executionQueue: .concurrentBackground)

    /// The wrapped dispatch queue (a placeholder, not driven by the clock, for a
    /// virtual queue).
    public var queue: DispatchQueue {
        executionQueue.dispatchQueue
    }

    /// The process-wide main queue.
    public class func mainQueue() -> Queue {
        main
    }

    /// The process-wide default-priority concurrent queue (never current).
    public class func concurrentDefaultQueue() -> Queue {
        concurrentDefault
    }

    /// The process-wide background-priority concurrent queue (never current).
    public class func concurrentBackgroundQueue() -> Queue {
        concurrentBackground
    }

    /// Creates a new serial queue labelled `name`.
    public init(name: String? = nil, qos: DispatchQoS = .default) {
        executionQueue = ExecutionQueue(label: name ?? "", qos: qos)
    }

    /// Wraps an existing dispatch queue without tagging it: it is never current, and
    /// `sync` from that queue's own thread dead-locks.
    public init(queue: DispatchQueue) {
        executionQueue = ExecutionQueue(wrapping: queue)
    }

    /// Creates a serial queue that runs on `virtualClock`'s manual time.
    public convenience init(virtualClock: VirtualClock, name: String = "virtual") {
        self.init(executionQueue: virtualClock.makeQueue(label: name))
    }

    /// Wraps a shared `ExecutionQueue` (for example one that an `SQueue` also wraps).
    public init(executionQueue: ExecutionQueue) {
        self.executionQueue = executionQueue
    }

    /// True when the calling code runs on this queue.
    @inline(__always)
    public func isCurrent() -> Bool {
        executionQueue.isCurrent
    }

    /// Runs `f` inline when current, otherwise dispatches it asynchronously.
    ///
    /// `f` may run on another thread, so it is `@Sendable`, as with `DispatchQueue.async`:
    /// capturing a mutable local or a non-`Sendable` object is a compile error in Swift 6
    /// mode.
    @inline(__always)
    @preconcurrency public func async(_ f: @escaping @Sendable () -> Void) {
        executionQueue.async(f)
    }

    /// The library's own twin of `async(_:)` for closures the compiler cannot check:
    /// operators hand values of any type to the queue they were told to use. (A twin
    /// named `async` would clash: `@preconcurrency` leaves `@Sendable` out of the public
    /// form's symbol name.)
    @inline(__always)
    func asyncUnchecked(_ f: @escaping () -> Void) {
        executionQueue.async(f)
    }

    /// Runs `f` inline when current, otherwise waits for the queue to run it.
    ///
    /// Like `DispatchQueue.sync`, `f` is not `@Sendable`: the caller waits for it, so it
    /// may capture and change the caller's locals.
    public func sync(_ f: () -> Void) {
        executionQueue.sync(f)
    }

    /// Always dispatches `f` asynchronously, never inline (`f` is `@Sendable`: it runs on
    /// the queue's thread).
    @preconcurrency public func justDispatch(_ f: @escaping @Sendable () -> Void) {
        executionQueue.justDispatch(f)
    }

    /// Always dispatches `f` asynchronously with the given quality of service (`f` is
    /// `@Sendable`: it runs on the queue's thread). On a serial or main queue `f` takes
    /// its turn after everything put there before it, at the queue's own quality of
    /// service (see Divergences.md).
    @preconcurrency public func justDispatchWithQoS(qos: DispatchQoS, _ f: @escaping @Sendable () -> Void) {
        executionQueue.justDispatch(qos: qos, f)
    }

    /// Runs `f` on the queue after `delay` seconds (negative counts as zero); never
    /// inline, even for zero (`f` is `@Sendable`: it runs on the queue's thread).
    @preconcurrency public func after(_ delay: Double, _ f: @escaping @Sendable () -> Void) {
        executionQueue.after(delay, f)
    }
}
