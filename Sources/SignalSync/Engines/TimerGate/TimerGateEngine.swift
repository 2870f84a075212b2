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
package final class TimerGateEngine: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    private let state: LockedState<TimerGateMachine>

    /// Creates a gate; `action` starts the subscription that the final timer begins.
    package init(action: (() -> any UpstreamDisposable)? = nil) {
        state = LockedState(TimerGateMachine(action: action))
    }

    /// Arms `timer` with `handler`, stopping the timer armed before; does nothing once
    /// the gate is disposed.
    package func arm(_ timer: ExecutionTimer, _ handler: @escaping () -> Void) {
        guard case .start(let replaced) = state.withLock({ $0.arm(timer) }) else { return }
        replaced?.invalidate()
        timer.start(handler)
        // A disposal, a `disarm` or a newer `arm` that ran between `arm` and `start` stopped
        // the timer before it started, which stops nothing: stop it now (the explorer's
        // `TimerGateModel` checks that no timer outlives the disposal).
        if !state.withLock({ $0.isArmed(timer) }) {
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
        switch state.withLock({ $0.disarm() }) {
        case .forward(let stop):
            stop?.invalidate()
            return true
        case .drop(let stop):
            stop?.invalidate()
            return false
        }
    }

    /// Begins `start`'s subscription unless the gate is disposed, and keeps it; the
    /// subscription it replaces is disposed after the new one has started.
    package func begin(_ start: () -> any UpstreamDisposable) {
        guard case .start(let id) = state.withLock({ $0.beginStart() }) else { return }
        keep(start(), id: id)
    }

    /// Begins the subscription that the action replaces (`timeout`'s source) as `begin`
    /// does, unless the final timer has already taken the action: a timer armed before
    /// this subscription starts may fire first, and its action's subscription must stay.
    package func beginReplaceable(_ start: () -> any UpstreamDisposable) {
        guard case .start(let id) = state.withLock({ $0.beginReplaceable() }) else { return }
        keep(start(), id: id)
    }

    /// Keeps `started`, subscription `id`, unless a newer one was begun or the gate was
    /// disposed meanwhile; disposes what it replaces or itself.
    private func keep(_ started: any UpstreamDisposable, id: Int) {
        switch state.withLock({ $0.started(started, id: id) }) {
        case .discard(let stale):
            stale.dispose()
        case .keep(let replaced):
            replaced?.dispose()
        }
    }

    /// The final timer fired: takes the action (if `timer` is still the armed one) and
    /// begins it.
    private func fire(_ timer: ExecutionTimer) {
        guard case .begin(let action) = state.withLock({ $0.fire(timer) }) else { return }
        begin(action)
    }

    /// Stops the timer, disposes the live subscription, releases the action; idempotent.
    package func dispose() {
        guard case .teardown(let timer, let live, let action) = state.withLock({ $0.dispose() }) else { return }
        timer?.invalidate()
        live?.dispose()
        withExtendedLifetime(action) {}
    }
}
