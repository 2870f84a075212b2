import Dispatch
import Foundation

/// A queue of work that knows whether it is the one running the current code.
///
/// This is the mechanism under both `Queue` (typed) and `SQueue` (untyped): a serial
/// queue created here tags its dispatch queue with a marker, so `isCurrent` is true
/// for code running on it (and on queues that target it), and `async` then runs work
/// inline instead of hopping. The kinds:
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
public final class ExecutionQueue: @unchecked Sendable {
    // Safety: every stored property is immutable after init.

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

    /// The wrapped dispatch queue. For a virtual queue this is a placeholder serial
    /// queue: work sent to it directly runs in real time, outside the clock.
    public var dispatchQueue: DispatchQueue { native }

    /// The process-wide main queue.
    public static let main: ExecutionQueue = {
        let queue = ExecutionQueue(native: .main, kind: .main)
        queue.native.setSpecific(key: markerKey, value: queue.marker)
        return queue
    }()

    /// The process-wide wrapper of the default-priority global concurrent queue.
    public static let concurrentDefault = ExecutionQueue(native: .global(qos: .default), kind: .untagged)

    /// The process-wide wrapper of the background-priority global concurrent queue.
    public static let concurrentBackground = ExecutionQueue(native: .global(qos: .background), kind: .untagged)

    /// Creates a new serial queue that can tell when it is current.
    public convenience init(label: String = "", qos: DispatchQoS = .default) {
        self.init(native: DispatchQueue(label: label, qos: qos), kind: .serial)
        native.setSpecific(key: Self.markerKey, value: marker)
    }

    /// Wraps an existing dispatch queue without tagging it: it is never current.
    public convenience init(wrapping queue: DispatchQueue) {
        self.init(native: queue, kind: .untagged)
    }

    init(virtualClock: VirtualClock, label: String) {
        native = DispatchQueue(label: label)
        kind = .virtual(virtualClock)
    }

    private init(native: DispatchQueue, kind: Kind) {
        self.native = native
        self.kind = kind
    }

    /// The clock of a virtual queue; nil for real queues.
    public var virtualClock: VirtualClock? {
        if case .virtual(let clock) = kind { return clock }
        return nil
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
    /// run it. A virtual queue runs it at once on the calling thread, as if on the
    /// queue. Like `DispatchQueue.sync`, calling this from a wrapped queue's own thread
    /// dead-locks.
    public func sync(_ work: () -> Void) {
        if isCurrent {
            work()
            return
        }
        switch kind {
        case .virtual(let clock):
            clock.execute(work, on: ObjectIdentifier(self))
        default:
            native.sync(execute: work)
        }
    }

    /// Schedules `work` without ever running it inline (FIFO with other dispatches).
    public func justDispatch(_ work: @escaping () -> Void) {
        switch kind {
        case .virtual(let clock):
            clock.schedule(after: 0, on: ObjectIdentifier(self), work)
        default:
            // The library's contract: work runs on this queue, whatever it captured.
            let box = UncheckedSendable(work)
            native.async { box.value() }
        }
    }

    /// Schedules `work` with the given quality of service, never inline.
    public func justDispatch(qos: DispatchQoS, _ work: @escaping () -> Void) {
        switch kind {
        case .virtual(let clock):
            clock.schedule(after: 0, on: ObjectIdentifier(self), work)
        default:
            let box = UncheckedSendable(work)
            native.async(qos: qos, flags: .enforceQoS) { box.value() }
        }
    }

    /// Runs `work` on the queue after `delay` seconds (negative counts as zero); never
    /// inline, even for zero. Items are ordered by deadline.
    public func after(_ delay: Double, _ work: @escaping () -> Void) {
        switch kind {
        case .virtual(let clock):
            clock.schedule(after: delay, on: ObjectIdentifier(self), work)
        default:
            let box = UncheckedSendable(work)
            native.asyncAfter(deadline: .now() + Self.interval(delay)) { box.value() }
        }
    }

    /// Schedules `work` after `delay` and returns a function that cancels it if it has
    /// not started. Used by timers.
    func schedule(after delay: Double, _ work: @escaping () -> Void) -> () -> Void {
        switch kind {
        case .virtual(let clock):
            let id = clock.schedule(after: delay, on: ObjectIdentifier(self), work)
            return { clock.cancel(id) }
        default:
            let box = UncheckedSendable(work)
            let item = DispatchWorkItem { box.value() }
            native.asyncAfter(deadline: .now() + Self.interval(delay), execute: item)
            return { item.cancel() }
        }
    }

    /// A dispatch interval for `seconds` (negative and NaN count as zero).
    static func interval(_ seconds: Double) -> DispatchTimeInterval {
        guard seconds > 0 else { return .nanoseconds(0) }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds >= Double(Int.max) ? .never : .nanoseconds(Int(nanoseconds))
    }
}
