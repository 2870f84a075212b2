import Dispatch
import Foundation

/// A queue of work that knows whether it is the one running the current code.
///
/// This is the mechanism under both `Queue` (typed) and `SQueue` (untyped): a serial
/// queue created here tags its dispatch queue with a marker, so `isCurrent` is true
/// for code running on it (and on queues that target it), and `async` then runs work
/// inline instead of hopping. Users get one from ``VirtualClock/makeQueue(label:)`` and
/// hand it to `Queue(executionQueue:)` or `SQueue(_:)`, or put work on it with `async`,
/// `sync` and `after`; the rest of it (making the other kinds, the underlying dispatch
/// queue) is the two APIs' own. The kinds:
///
/// - **serial** (`init(label:qos:)`): a new tagged serial dispatch queue.
/// - **main** (`ExecutionQueue.main`): `DispatchQueue.main`; current for work the main
///   queue runs, whichever thread drains it, and whenever the calling thread is the
///   main thread. The main queue is tagged too, so this holds under `dispatchMain()`
///   (where Linux drains the main queue on worker threads), under a run loop, and for
///   main-actor code of an async `main`. The main queue runs its work only while the
///   process drains it: `dispatchMain()`, `RunLoop.main.run()`, or an async `main`.
/// - **wrapped** (`init(wrapping:)`) and the two **concurrent** singletons: never
///   current, so every `async` dispatches.
/// - **virtual** (`VirtualClock.makeQueue`): runs only when its clock is advanced.
///
/// Order: a serial, main or virtual queue has a line (`QueueLineEngine`): what the
/// library puts on it (`async` and `justDispatch` when not inline, `sync`, `after`, a
/// timer's fire, the events of every `deliverOn` subscription) runs in the order it was
/// put there, and one dispatch onto the underlying queue runs everything put while it
/// waited. A timer or `after` puts its work on the line when its deadline comes (in a
/// virtual queue the clock runs it at its deadline). The concurrent and wrapped kinds
/// have no line: their work is dispatched as it comes, in no defined order.
public final class ExecutionQueue: @unchecked Sendable {
    // Safety: every stored property is immutable after init (`line` is set once, in
    // init, before the queue is shared).

    /// Whether and how the queue can tell that it is current.
    private enum Kind {
        case serial
        case main
        case untagged
        case virtual(VirtualClock)
    }

    private final class Marker: Sendable {}
    private static let markerKey = DispatchSpecificKey<Marker>()

    private let kind: Kind
    private let marker = Marker()
    private let native: DispatchQueue
    /// The line of a serial, main or virtual queue; nil for the kinds that are never
    /// current.
    private var line: QueueLineEngine?

    /// The wrapped dispatch queue. For a virtual queue this is a placeholder serial
    /// queue: work sent to it directly runs in real time, outside the clock.
    package var dispatchQueue: DispatchQueue { native }

    /// The process-wide main queue.
    package static let main: ExecutionQueue = {
        let queue = ExecutionQueue(native: .main, kind: .main)
        queue.native.setSpecific(key: markerKey, value: queue.marker)
        return queue
    }()

    /// The process-wide wrapper of the default-priority global concurrent queue.
    package static let concurrentDefault = ExecutionQueue(native: .global(qos: .default), kind: .untagged)

    /// The process-wide wrapper of the background-priority global concurrent queue.
    package static let concurrentBackground = ExecutionQueue(native: .global(qos: .background), kind: .untagged)

    /// Creates a new serial queue that can tell when it is current.
    package convenience init(label: String = "", qos: DispatchQoS = .default) {
        self.init(native: DispatchQueue(label: label, qos: qos), kind: .serial)
        native.setSpecific(key: Self.markerKey, value: marker)
    }

    /// Wraps an existing dispatch queue without tagging it: it is never current.
    package convenience init(wrapping queue: DispatchQueue) {
        self.init(native: queue, kind: .untagged)
    }

    init(virtualClock: VirtualClock, label: String) {
        native = DispatchQueue(label: label)
        kind = .virtual(virtualClock)
        line = QueueLineEngine { [unowned self] hop in
            virtualClock.schedule(after: 0, on: ObjectIdentifier(self), hop)
        }
    }

    private init(native: DispatchQueue, kind: Kind) {
        self.native = native
        self.kind = kind
        if case .untagged = kind {
            return
        }
        line = QueueLineEngine { hop in
            let box = UncheckedSendable(hop)  // the hop runs the library's work on this queue
            native.async { box.value() }
        }
    }

    /// The line the events of one `deliverOn` subscription wait in: the queue's own, or
    /// for a queue that is never current, a new line of the subscription's own (its
    /// events then run one at a time and in order, beside everything else).
    @usableFromInline
    package func lineForEvents() -> QueueLineEngine {
        if let line {
            return line
        }
        let native = native
        return QueueLineEngine { hop in
            let box = UncheckedSendable(hop)
            native.async { box.value() }
        }
    }

    /// The clock of a virtual queue; nil for real queues.
    package var virtualClock: VirtualClock? {
        if case .virtual(let clock) = kind { return clock }
        return nil
    }

    /// True for the kinds whose work runs on a thread of their own (serial, wrapped,
    /// concurrent): a `deliverOn` turn there waits a moment for a producer's stream
    /// (`SerialHopEngine`). Not the main queue (its thread has other work) nor a virtual
    /// one (its producer is usually the thread advancing the clock).
    @usableFromInline
    package var lingersForProducers: Bool {
        switch kind {
        case .serial, .untagged: true
        case .main, .virtual: false
        }
    }

    /// True when the calling code runs on this queue (see the kinds above).
    public var isCurrent: Bool {
        switch kind {
        case .serial:
            return DispatchQueue.getSpecific(key: Self.markerKey) === marker
        case .main:
            return Thread.isMainThread || DispatchQueue.getSpecific(key: Self.markerKey) === marker
        case .untagged:
            return false
        case .virtual(let clock):
            return clock.isRunning(ObjectIdentifier(self))
        }
    }

    /// Runs `work` inline when the queue is current, otherwise schedules it.
    @inline(__always)
    public func async(_ work: @escaping () -> Void) {
        if isCurrent {
            work()
        } else {
            justDispatch(work)
        }
    }

    /// Runs `work` inline when the queue is current, otherwise waits for the queue to
    /// run it (on a queue with a line: in its turn, after everything put before it, on
    /// the calling thread, as `DispatchQueue.sync` does). A
    /// virtual queue runs it at once on the calling thread, as if on the queue. Like
    /// `DispatchQueue.sync`, calling this from a wrapped queue's own thread dead-locks.
    public func sync(_ work: () -> Void) {
        if isCurrent {
            work()
            return
        }
        switch kind {
        case .virtual(let clock):
            clock.execute(work, on: ObjectIdentifier(self))
        case .untagged:
            native.sync(execute: work)
        case .serial, .main:
            line?.takeSyncTurn()
            native.sync(execute: work)
            line?.endSyncTurn()
        }
    }

    /// Schedules `work` without ever running it inline (in line order with everything
    /// else put on the queue).
    package func justDispatch(_ work: @escaping () -> Void) {
        if let line {
            line.put(work)
        } else {
            // The library's contract: work runs on this queue, whatever it captured.
            let box = UncheckedSendable(work)
            native.async { box.value() }
        }
    }

    /// Schedules `work` with the given quality of service, never inline. On a queue with
    /// a line the work takes its turn like any other (line order comes first, so the
    /// quality of service is not applied); on the others it is dispatched with it.
    package func justDispatch(qos: DispatchQoS, _ work: @escaping () -> Void) {
        if let line {
            line.put(work)
        } else {
            let box = UncheckedSendable(work)
            native.async(qos: qos, flags: .enforceQoS) { box.value() }
        }
    }

    /// Runs `work` on the queue after `delay` seconds (negative counts as zero); never
    /// inline, even for zero. Items are ordered by deadline.
    public func after(_ delay: Double, _ work: @escaping () -> Void) {
        _ = schedule(after: delay, work)
    }

    /// Schedules `work` after `delay` and returns a function that cancels it if it has
    /// not started. Used by timers. On a real queue with a line, the work is put on the
    /// line when the deadline comes, after everything put before that moment.
    /// Cancelling releases the work, and what it captured, at once: a stopped timer
    /// does not keep its subscription alive until the deadline it will never meet.
    func schedule(after delay: Double, _ work: @escaping () -> Void) -> () -> Void {
        let deadline = DispatchTime.now() + Self.interval(delay)
        switch kind {
        case .virtual(let clock):
            let id = clock.schedule(after: delay, on: ObjectIdentifier(self), work)
            return { clock.cancel(id) }
        case .untagged:
            let pending = PendingDeadline(work)
            native.asyncAfter(deadline: deadline) { pending.take()?() }
            return { pending.cancel() }
        case .serial, .main:
            let pending = PendingDeadline(work)
            let line = line
            Self.deadlines.asyncAfter(deadline: deadline) {
                if let work = pending.take() { line?.put(work) }
            }
            return { pending.cancel() }
        }
    }

    /// Where the deadlines of real queues with a line are kept: a deadline puts its work
    /// on its queue's line from here.
    private static let deadlines = DispatchQueue(label: "ExecutionQueue.deadlines")

    /// A dispatch interval for `seconds` (negative and NaN count as zero).
    static func interval(_ seconds: Double) -> DispatchTimeInterval {
        guard seconds > 0 else { return .nanoseconds(0) }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds >= Double(Int.max) ? .never : .nanoseconds(Int(nanoseconds))
    }
}

/// The work of a deadline on a real queue: taken once, either by the deadline (to run
/// it or put it on the queue's line) or by a cancel, which releases it at once rather
/// than when dispatch drops the expired block.
private final class PendingDeadline: Sendable {
    /// The work until the deadline or a cancel takes it; ExecutionTimerTests pin the
    /// release on cancel.
    private let work: LockedState<(() -> Void)?>

    init(_ work: @escaping () -> Void) {
        self.work = LockedState(work)
    }

    /// The work, unless it was taken or cancelled before.
    func take() -> (() -> Void)? {
        work.withLock { work in
            defer { work = nil }
            return work
        }
    }

    /// Drops the work; what it captured is released here, outside the lock.
    func cancel() {
        withExtendedLifetime(take()) {}
    }
}
