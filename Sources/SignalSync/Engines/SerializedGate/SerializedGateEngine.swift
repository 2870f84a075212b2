/// The engine of both APIs' `serialized` operators: one subscription's deliveries, one at
/// a time, closed for good by the first terminal event or by disposal, and a disposal
/// that waits for a delivery in flight on another thread.
///
/// **The one place where the library runs a user closure under its own lock, by design:**
/// every delivery (a downstream `putNext`, `putError` or `putCompletion`) runs holding
/// the gate's recursive lock, because that is what `serialized()` promises: callbacks
/// never overlap, and `close()` (the disposal) takes the same lock, so from another thread
/// it returns only once the delivery in progress has returned; after that nothing is
/// delivered. The lock is recursive because a callback may push, dispose or terminate on
/// its own thread: that re-enters the gate (the nested delivery runs, or is dropped once
/// closed) instead of dead-locking. The price is the one every waiting disposal has: a
/// callback must not wait for a thread that is disposing its subscription.
///
/// The machine decides (`SerializedGateMachine`); its transition returns before the
/// delivery runs, so a nested delivery finds the machine free.
package final class SerializedGateEngine: @unchecked Sendable {
    // Safety: `machine` is read and changed only inside `gate.withLock`.
    private let gate = PosixLock(recursive: true)
    private var machine = SerializedGateMachine()

    /// An open gate.
    package init() {}

    /// Runs `delivery`, holding the gate, unless the gate is closed.
    package func deliver(_ delivery: () -> Void) {
        gate.withLock {
            if machine.deliver() == .deliver {
                delivery()
            }
        }
    }

    /// Closes the gate and runs `delivery` (a terminal event), holding the gate, unless
    /// it was closed.
    package func terminate(_ delivery: () -> Void) {
        gate.withLock {
            if machine.terminate() == .deliver {
                delivery()
            }
        }
    }

    /// A callback that runs `body` with each value through the gate (`deliver`).
    package func delivering<Value>(_ body: @escaping @Sendable (Value) -> Void) -> @Sendable (Value) -> Void {
        { value in self.deliver { body(value) } }
    }

    /// A callback that runs `body` with the error through the gate as the terminal
    /// delivery (`terminate`).
    package func terminating<Failure>(_ body: @escaping @Sendable (Failure) -> Void) -> @Sendable (Failure) -> Void {
        { error in self.terminate { body(error) } }
    }

    /// A completion callback that runs `body` through the gate as the terminal delivery.
    package func terminating(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        { self.terminate(body) }
    }

    /// Closes the gate; from another thread than a delivery in progress, waits for that
    /// delivery to return.
    package func close() {
        gate.withLock { machine.close() }
    }
}
