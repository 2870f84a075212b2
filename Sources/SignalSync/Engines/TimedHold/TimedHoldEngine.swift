/// A timed hold for one subscription: holds a `TimedHoldMachine` under a lock and a
/// one-shot timer on the queue, and performs the machine's actions after unlocking. Each
/// operator is a case of it, a machine with its own rules: `DebounceEngine` (untyped
/// `throttleOn(_:delay:)`, typed `debounce(_:queue:)`) and `ThrottleEngine` (typed and
/// untyped `throttle(_:latest:on:)` of the operator modules).
///
/// The face routes the source's events here on the queue (through `deliverOn`), so the
/// events are serial and none follows the source's terminal event (the machine traps on
/// one that does); on a serial, main or virtual queue the timer's fires wait in the same
/// line, on a concurrent one they may overlap the events. The face hands over the source
/// subscription with `attach`, and returns the engine as the subscription's disposable
/// (each API makes it one of its disposables); `dispose()` may come from any thread.
/// `emit`, `fail` and `complete` (the downstream) run on the queue, never under the lock.
@usableFromInline
package final class TimedHoldEngine<Machine: TimedHoldMachine, Failure>: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the timer and the
    // slot are thread-safe; the closures are immutable and called after unlocking.
    /// What the machine holds.
    @usableFromInline package typealias Value = Machine.Value
    @usableFromInline let state: LockedState<Machine>
    @usableFromInline let timer: ExecutionTimer
    private let source = ClosableSlot()
    @usableFromInline let emit: (Value) -> Void
    @usableFromInline let fail: (Failure) -> Void
    @usableFromInline let complete: () -> Void

    /// An engine running `machine`, whose timer waits `timeout` seconds (negative or NaN:
    /// zero, the queue's next turn) on `queue`; sends downstream with `emit`, `fail` and
    /// `complete`.
    @usableFromInline
    package init(
        _ machine: Machine, timeout: Double, queue: ExecutionQueue, emit: @escaping (Value) -> Void,
        fail: @escaping (Failure) -> Void, complete: @escaping () -> Void
    ) {
        state = LockedState(machine)
        timer = ExecutionTimer(timeout: timeout, repeats: false, queue: queue)
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

    /// The source emitted `value`: the machine holds it (the wait restarts, or it waits
    /// for the interval's end) or emits it at once.
    @inlinable
    package func next(_ value: Value) {
        switch state.withLock({ $0.next(value) }) {
        case .arm(let replaced):
            withExtendedLifetime(replaced) {}  // released outside the lock
            arm()
        case .emit(let value):
            send(value)
        case .hold(let released):
            withExtendedLifetime(released) {}  // released outside the lock
        case .ignore:
            break
        }
    }

    /// The source completed: emits the held value (if any) and completes, or completes
    /// after one more wait.
    @usableFromInline
    package func completed() {
        switch state.withLock({ $0.complete() }) {
        case .flush(let held):
            timer.invalidate()
            if let held {
                emit(held)
            }
            complete()
        case .arm:
            arm()
        case .ignore:
            break
        }
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
    func stop(_ action: TimedHoldStopAction<Value>) -> Bool {
        guard case .stop(let dropped) = action else { return false }
        timer.invalidate()
        withExtendedLifetime(dropped) {}  // released outside the lock
        return true
    }

    /// Emits `value`, arming the timer just before when the machine's emissions open a
    /// new wait.
    @inlinable
    func send(_ value: Value) {
        if Machine.emissionArmsTimer {
            arm()
        }
        emit(value)
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
        switch state.withLock({ $0.fire() }) {
        case .emit(let value):
            send(value)
        case .complete:
            complete()
        case .ignore:
            break
        }
    }
}
