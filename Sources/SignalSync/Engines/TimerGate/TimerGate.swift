/// When a delayed subscription arms its timer: the one place where the two originals'
/// `delay` differ.
package enum DelayArming: Sendable {
    /// Hop onto the queue first (its `async`: inline when already on it), then arm the
    /// timer there: SwiftSignalKit's `delay` and `suspendAwareDelay`.
    case afterHopToQueue
    /// Arm the timer at once, on the subscribing thread: SSignalKit's `delay`.
    case atSubscription
}

/// The transitions of a timer gate: which timer is armed, the subscription the final
/// timer begins (the action), and the live subscription.
///
/// A value type with no side effects: each transition runs under the gate's lock and
/// returns what the gate must do once unlocked (start or stop a timer, begin the
/// action, dispose or release something). Every subscription begun through the gate
/// gets an id; one whose `start` returns after a newer one was begun has been replaced
/// and is disposed at once (the newer one wins even when it started first).
struct TimerGateMachine {
    /// A subscription the gate starts.
    typealias Start = () -> any UpstreamDisposable

    /// What the gate releases and stops when it is disposed.
    struct Teardown {
        /// The armed timer, to invalidate.
        var timer: ExecutionTimer?
        /// The live subscription, to dispose.
        var live: (any UpstreamDisposable)?
        /// The action that never ran, to release.
        var action: Start?
    }

    /// True once disposed; from then on every transition is a no-op.
    private(set) var disposed = false
    private var armed: ExecutionTimer?
    private var action: Start?
    private var live: (any UpstreamDisposable)?
    /// The id of the newest subscription begun.
    private var newest = 0

    init(action: Start?) {
        self.action = action
    }

    /// `timer` becomes the armed one. Returns false when disposed (nothing to start),
    /// else true and the timer it replaces, to invalidate.
    mutating func arm(_ timer: ExecutionTimer) -> (start: Bool, replaced: ExecutionTimer?) {
        if disposed { return (false, nil) }
        let previous = armed
        armed = timer
        return (true, previous === timer ? nil : previous)
    }

    /// No timer is armed any more. Returns whether the action is still pending (false
    /// once the final timer took it or the gate was disposed) and the timer to stop.
    mutating func disarm() -> (live: Bool, stop: ExecutionTimer?) {
        defer { armed = nil }
        return (action != nil, armed)
    }

    /// The final timer `timer` fired: the action to begin, if `timer` is still the armed
    /// one and the action has not been taken.
    mutating func fire(_ timer: ExecutionTimer) -> Start? {
        guard !disposed, armed === timer, let taken = action else { return nil }
        armed = nil
        action = nil
        return taken
    }

    /// A subscription is about to start: its id, or nil when disposed (do not start).
    mutating func beginStart() -> Int? {
        if disposed { return nil }
        newest += 1
        return newest
    }

    /// Subscription `id` has started. Returns the subscription to dispose: `started`
    /// itself when the gate was disposed or a newer subscription was begun meanwhile,
    /// otherwise the one it replaces.
    mutating func started(_ started: any UpstreamDisposable, id: Int) -> (any UpstreamDisposable)? {
        if disposed || id != newest { return started }
        defer { live = started }
        return live
    }

    /// Disposes the gate: what to stop and release, or nil when already disposed.
    mutating func dispose() -> Teardown? {
        if disposed { return nil }
        disposed = true
        defer { (armed, live, action) = (nil, nil, nil) }
        return Teardown(timer: armed, live: live, action: action)
    }
}

/// One subscription of a timer-driven operator (`delay`, `suspendAwareDelay`, `timeout`,
/// `retry` of both APIs): the armed timer, the subscription the final timer begins, and
/// the live subscription. Each API's operators are thin faces over it.
///
/// `dispose()` stops the armed timer, disposes the live subscription and releases the
/// action; once it has returned, no timer of the gate fires. (A fire that had already
/// begun on another thread may still be subscribing; that subscription is disposed as
/// soon as it returns.) The timer handlers hold the gate, the gate holds the armed
/// timer: the cycle ends when the timer fires or is stopped. No lock is held while a
/// timer, a subscription or the action is called.
package final class TimerGate: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    private let state: LockedState<TimerGateMachine>

    /// Creates a gate; `action` starts the subscription that the final timer begins.
    package init(action: (() -> any UpstreamDisposable)? = nil) {
        state = LockedState(TimerGateMachine(action: action))
    }

    /// Arms `timer` with `handler`, stopping the timer armed before; does nothing once
    /// the gate is disposed.
    package func arm(_ timer: ExecutionTimer, _ handler: @escaping () -> Void) {
        let (start, replaced) = state.withLock { $0.arm(timer) }
        guard start else { return }
        replaced?.invalidate()
        timer.start(handler)
        // A disposal that ran between `arm` and `start` stopped nothing: stop it now.
        if state.withLock({ $0.disposed }) {
            timer.invalidate()
        }
    }

    /// Arms the final timer: after `timeout` seconds on `queue` it begins the action,
    /// unless the gate has been disarmed or disposed first.
    package func armFinal(after timeout: Double, on queue: ExecutionQueue) {
        let timer = ExecutionTimer(timeout: timeout, repeats: false, queue: queue)
        arm(timer) { [self, weak timer] in
            if let timer { fire(timer) }
        }
    }

    /// A delayed subscription: arms the final timer of `timeout` seconds on `queue`,
    /// either at once or from a hop onto `queue`, as `arming` says.
    package func delay(after timeout: Double, on queue: ExecutionQueue, arming: DelayArming) {
        switch arming {
        case .atSubscription:
            armFinal(after: timeout, on: queue)
        case .afterHopToQueue:
            queue.async { [self] in armFinal(after: timeout, on: queue) }
        }
    }

    /// Stops the armed timer. Returns false when the action has already been taken by
    /// the final timer, or the gate is disposed (events of the replaced subscription
    /// are then dropped).
    @discardableResult
    package func disarm() -> Bool {
        let (live, stop) = state.withLock { $0.disarm() }
        stop?.invalidate()
        return live
    }

    /// Begins `start`'s subscription unless the gate is disposed, and keeps it; the
    /// subscription it replaces is disposed after the new one has started.
    package func begin(_ start: () -> any UpstreamDisposable) {
        guard let id = state.withLock({ $0.beginStart() }) else { return }
        let started = start()
        let discarded = state.withLock { $0.started(started, id: id) }
        discarded?.dispose()
    }

    /// The final timer fired: takes the action (if `timer` is still the armed one) and
    /// begins it.
    private func fire(_ timer: ExecutionTimer) {
        guard let action = state.withLock({ $0.fire(timer) }) else { return }
        begin(action)
    }

    /// Stops the timer, disposes the live subscription, releases the action; idempotent.
    package func dispose() {
        guard let teardown = state.withLock({ $0.dispose() }) else { return }
        teardown.timer?.invalidate()
        teardown.live?.dispose()
        withExtendedLifetime(teardown.action) {}
    }
}
