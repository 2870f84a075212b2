/// The engine of both APIs' `serialized` operators: one subscription's deliveries, one at
/// a time, closed for good by the first terminal event or by disposal, and a disposal
/// that waits for a delivery in flight on another thread.
///
/// Every delivery runs holding a recursive lock, so callbacks never overlap, and a
/// callback may push, dispose or terminate on its own thread without deadlocking (it
/// re-enters the lock). `close()` takes the same lock, so from another thread it returns
/// only once the delivery in progress has returned; after that nothing is delivered.
/// The price is the one every waiting disposal has: a callback must not wait for a
/// thread that is disposing its subscription.
package final class SerializedGate: @unchecked Sendable {
    // Safety: `closed` is guarded by `mutex`.
    private let mutex = RecursivePosixLock()
    private var closed = false

    /// An open gate.
    package init() {}

    /// Runs `delivery` unless the gate is closed.
    package func deliver(_ delivery: () -> Void) {
        mutex.lock()
        defer { mutex.unlock() }
        if !closed {
            delivery()
        }
    }

    /// Closes the gate and runs `delivery` (a terminal event), unless it was closed.
    package func terminate(_ delivery: () -> Void) {
        mutex.lock()
        defer { mutex.unlock() }
        if !closed {
            closed = true
            delivery()
        }
    }

    /// Closes the gate; from another thread than a delivery in progress, waits for that
    /// delivery to return.
    package func close() {
        mutex.lock()
        closed = true
        mutex.unlock()
    }
}
