/// A debounce for one subscription, in both APIs (untyped `throttleOn(_:delay:)`, typed
/// `debounce(_:queue:)`): holds the `DebounceMachine` under a lock, a one-shot timer on
/// the queue, and performs the machine's actions after unlocking.
///
/// The face routes the source's events here on the queue (through `deliverOn`), so events
/// and timer fires are serial; `dispose()` may come from any thread. `emit` and `complete`
/// (the downstream) run on the queue, never under the lock. An error is not sent from
/// here: `failed()` says whether the face forwards it.
package final class DebounceEngine<Value>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the timer is
    // thread-safe; the closures are immutable and called after unlocking.
    private let state = LockedState(DebounceMachine<Value>())
    private let timer: ExecutionTimer
    private let emit: (Value) -> Void
    private let complete: () -> Void

    /// A quiet debounce that waits `delay` seconds (negative or NaN: zero, the queue's
    /// next turn) on `queue` and sends downstream with `emit` and `complete`.
    package init(delay: Double, queue: ExecutionQueue, emit: @escaping (Value) -> Void, complete: @escaping () -> Void) {
        timer = ExecutionTimer(timeout: delay, repeats: false, queue: queue)
        self.emit = emit
        self.complete = complete
    }

    /// The source emitted `value`: it becomes the pending value and the wait restarts.
    package func next(_ value: Value) {
        guard case .arm(let replaced) = state.withLock({ $0.next(value) }) else { return }
        withExtendedLifetime(replaced) {}  // released outside the lock
        arm()
    }

    /// The source completed: flushes the pending value and completes, or completes after
    /// one more wait when nothing is pending.
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

    /// The source failed: drops the pending value and stops the timer; true when the
    /// face is to forward the error (the first terminal event only).
    package func failed() -> Bool {
        stop()
    }

    /// Drops the pending value and stops the timer; later calls do nothing.
    package func dispose() {
        _ = stop()
    }

    private func stop() -> Bool {
        guard case .stop(let dropped) = state.withLock({ $0.stop() }) else { return false }
        timer.invalidate()
        withExtendedLifetime(dropped) {}  // released outside the lock
        return true
    }

    private func arm() {
        timer.start { [self] in fire() }
        // A disposal on another thread may have stopped the timer just before it was armed.
        if state.withLock({ $0.isFinished }) {
            timer.invalidate()
        }
    }

    private func fire() {
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
