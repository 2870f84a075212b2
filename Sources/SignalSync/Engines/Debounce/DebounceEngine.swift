/// A debounce for one subscription, in both APIs (untyped `throttleOn(_:delay:)`, typed
/// `debounce(_:queue:)`): holds the `DebounceMachine` under a lock, a one-shot timer on
/// the queue, and performs the machine's actions after unlocking.
///
/// The face routes the source's events here on the queue (through `deliverOn`), so the
/// events are serial and none follows the source's terminal event (the machine traps on
/// one that does); on a serial, main or virtual queue the timer's fires wait in the same
/// line, on a concurrent one they may overlap the events. The face hands over the source
/// subscription with `attach`, and returns the engine as the subscription's disposable
/// (each API makes it one of its disposables); `dispose()` may come from any thread.
/// `emit`, `fail` and `complete` (the downstream) run on the queue, never under the lock.
@usableFromInline
package final class DebounceEngine<Value, Failure>: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the timer and the
    // slot are thread-safe; the closures are immutable and called after unlocking.
    @usableFromInline let state = LockedState(DebounceMachine<Value>())
    @usableFromInline let timer: ExecutionTimer
    private let source = ClosableSlot()
    @usableFromInline let emit: (Value) -> Void
    @usableFromInline let fail: (Failure) -> Void
    @usableFromInline let complete: () -> Void

    /// A quiet debounce that waits `delay` seconds (negative or NaN: zero, the queue's
    /// next turn) on `queue` and sends downstream with `emit`, `fail` and `complete`.
    @usableFromInline
    package init(
        delay: Double, queue: ExecutionQueue, emit: @escaping (Value) -> Void, fail: @escaping (Failure) -> Void,
        complete: @escaping () -> Void
    ) {
        timer = ExecutionTimer(timeout: delay, repeats: false, queue: queue)
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

    /// The source emitted `value`: it becomes the pending value and the wait restarts.
    @inlinable
    package func next(_ value: Value) {
        guard case .arm(let replaced) = state.withLock({ $0.next(value) }) else { return }
        withExtendedLifetime(replaced) {}  // released outside the lock
        arm()
    }

    /// The source completed: flushes the pending value and completes, or completes after
    /// one more wait when nothing is pending.
    @usableFromInline
    package func completed() {
        switch state.withLock({ $0.complete() }) {
        case .flush(let value):
            timer.invalidate()
            emit(value)
            complete()
        case .arm:
            arm()
        case .ignore:
            break
        }
    }

    /// The source failed: drops the pending value, stops the timer and forwards `error`
    /// at once (unless the engine was disposed).
    @usableFromInline
    package func failed(_ error: Failure) {
        if stop(state.withLock({ $0.fail() })) {
            fail(error)
        }
    }

    /// Drops the pending value and stops the timer, then disposes the source
    /// subscription; later calls do nothing.
    @usableFromInline
    package func dispose() {
        _ = stop(state.withLock({ $0.dispose() }))
        source.close()?.dispose()
    }

    /// Performs `action`: true when it stopped the timer.
    @usableFromInline
    func stop(_ action: DebounceMachine<Value>.StopAction) -> Bool {
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
        switch state.withLock({ $0.fire() }) {
        case .emit(let value):
            emit(value)
        case .complete:
            complete()
        case .ignore:
            break
        }
    }
}
