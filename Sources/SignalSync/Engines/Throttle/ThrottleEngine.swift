/// A throttle for one subscription, in both operator modules (typed and untyped
/// `throttle(_:latest:on:)`): holds the `ThrottleMachine` under a lock and a one-shot
/// timer of `interval` seconds on the queue, and performs the machine's actions after
/// unlocking. The same shape as `DebounceEngine`.
///
/// The face routes the source's events here on the queue (through `deliverOn`), so the
/// events are serial and none follows the source's terminal event (the machine traps on
/// one that does); on a serial, main or virtual queue the timer's fires wait in the same
/// line. The face hands over the source subscription with `attach`, and returns the
/// engine as the subscription's disposable; `dispose()` may come from any thread. `emit`,
/// `fail` and `complete` (the downstream) run on the queue, never under the lock. An
/// interval opens when a value is emitted: the timer is armed just before the value goes
/// downstream, so a value that downstream pushes back re-entrantly is held.
@usableFromInline
package final class ThrottleEngine<Value, Failure>: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the timer and the
    // slot are thread-safe; the closures are immutable and called after unlocking.
    @usableFromInline let state: LockedState<ThrottleMachine<Value>>
    @usableFromInline let timer: ExecutionTimer
    private let source = ClosableSlot()
    @usableFromInline let emit: (Value) -> Void
    @usableFromInline let fail: (Failure) -> Void
    @usableFromInline let complete: () -> Void

    /// A throttle whose intervals last `interval` seconds (negative or NaN: zero, the
    /// queue's next turn) on `queue`, emitting at an interval's end the last value held
    /// when `latest`, the first otherwise; sends downstream with `emit`, `fail` and
    /// `complete`.
    @usableFromInline
    package init(
        interval: Double, latest: Bool, queue: ExecutionQueue, emit: @escaping (Value) -> Void,
        fail: @escaping (Failure) -> Void, complete: @escaping () -> Void
    ) {
        state = LockedState(ThrottleMachine(latest: latest))
        timer = ExecutionTimer(timeout: interval, repeats: false, queue: queue)
        self.emit = emit
        self.fail = fail
        self.complete = complete
    }

    /// Keeps the source subscription, disposed by `dispose()` (at once when the engine was
    /// disposed already).
    @usableFromInline
    package func attach(_ subscription: any UpstreamDisposable) {
        source.replace(with: subscription)?.dispose()
    }

    /// The source emitted `value`: emitted at once when no interval is open, held
    /// otherwise.
    @inlinable
    package func next(_ value: Value) {
        switch state.withLock({ $0.next(value) }) {
        case .emit(let value):
            arm()
            emit(value)
        case .hold(let released):
            withExtendedLifetime(released) {}  // released outside the lock
        case .ignore:
            break
        }
    }

    /// The source completed: emits the held value (if any), then completes.
    @usableFromInline
    package func completed() {
        guard case .flush(let held) = state.withLock({ $0.complete() }) else { return }
        timer.invalidate()
        if let held {
            emit(held)
        }
        complete()
    }

    /// The source failed: drops the held value, stops the timer and forwards `error` at
    /// once (unless the engine was disposed).
    @usableFromInline
    package func failed(_ error: Failure) {
        if stop(state.withLock({ $0.fail() })) {
            fail(error)
        }
    }

    /// Drops the held value and stops the timer, then disposes the source subscription;
    /// later calls do nothing.
    @usableFromInline
    package func dispose() {
        _ = stop(state.withLock({ $0.dispose() }))
        source.close()?.dispose()
    }

    /// Performs `action`: true when it stopped the timer.
    @usableFromInline
    func stop(_ action: ThrottleMachine<Value>.StopAction) -> Bool {
        guard case .stop(let dropped) = action else { return false }
        timer.invalidate()
        withExtendedLifetime(dropped) {}  // released outside the lock
        return true
    }

    @inlinable
    func arm() {
        timer.start { [self] in fire() }
        // A disposal on another thread may have stopped the timer just before it was armed.
        if state.withLock({ $0.isFinished }) {
            timer.invalidate()
        }
    }

    @usableFromInline
    func fire() {
        guard case .emit(let value) = state.withLock({ $0.fire() }) else { return }
        arm()
        emit(value)
    }
}
