import Observation

/// The engine behind both APIs' `observing`: reads a value under Observation tracking on
/// a queue, delivers it, and reads again on the queue after every change, until disposed.
///
/// `withObservationTracking` reports a change before the new value is stored (the
/// property's `willSet`) and on the thread that makes it, so the engine never reads from
/// that report: it dispatches the read onto the queue (never inline), where it runs once
/// the change is complete, provided the model's writes are ordered before that read (the
/// model is changed on that queue, or its setter holds the lock its getter takes across
/// the whole mutation). Changes reported while a read is due are coalesced into it: the
/// subscriber may skip intermediate values, never the last one. A change reported while
/// a read runs is read again after it, even when that read already saw it (the same value
/// twice). Each delivery runs the
/// reading closure twice (see `readAndDeliver`), so it should be cheap and free of side
/// effects.
///
/// The tracking handler holds the engine weakly, and disposal releases the reading
/// closure and the delivery closure (so the model and the subscriber) at once. A tracking
/// registration left in the model after disposal fires into nothing at its next change.
///
/// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10, hence the
/// `@available` (`.ci/availability` checks it).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
package final class ObservationEngine<Value>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; the queue is
    // immutable; the payload's closures run on the queue, one read at a time (the machine
    // never lets two overlap).

    /// The reading closure and where its values go, released on disposal.
    package struct Payload {
        /// Reads the observed value; the properties it reads are the ones tracked.
        let read: () -> Value
        /// Sends a value downstream.
        let deliver: (Value) -> Void
    }

    private let state: LockedState<ObservationMachine<Payload>>
    private let queue: ExecutionQueue

    /// A loop that reads with `read` and delivers with `deliver`, both on `queue`.
    package init(queue: ExecutionQueue, read: @escaping () -> Value, deliver: @escaping (Value) -> Void) {
        self.queue = queue
        state = LockedState(ObservationMachine(Payload(read: read, deliver: deliver)))
    }

    /// Reads and delivers the current value: inline when the queue is current, otherwise
    /// on the queue. Later calls do nothing.
    package func start() {
        guard case .read = state.withLock({ $0.start() }) else { return }
        queue.async { self.readAndDeliver() }
    }

    /// Ends the loop: nothing more is read or delivered (a read already running finishes),
    /// and the closures are released. Later calls do nothing.
    package func dispose() {
        guard case .release(let payload) = state.withLock({ $0.dispose() }) else { return }
        withExtendedLifetime(payload) {}
    }

    /// A tracking of read `read` reported a change (from the changing thread, before the
    /// store).
    private func changed(byRead read: Int) {
        guard case .scheduleRead = state.withLock({ $0.changed(byRead: read) }) else { return }
        scheduleRead()
    }

    private func scheduleRead() {
        queue.justDispatch { self.readAndDeliver() }
    }

    /// On the queue: one read under tracking and its delivery.
    private func readAndDeliver() {
        guard case .read(let payload, let number) = state.withLock({ $0.beginRead() }) else { return }
        // Observation registers the tracking only once the closure has returned, so a
        // change made by another thread between a read and that moment goes unreported.
        // The second read starts after the first one's tracking is in place: such a
        // change is either in what it reads or reported by that tracking.
        _ = trackedRead(payload, number: number)
        payload.deliver(trackedRead(payload, number: number))
        guard case .scheduleRead = state.withLock({ $0.finishRead() }) else { return }
        scheduleRead()
    }

    /// Runs the reading closure under tracking that reports to this engine (weakly), as
    /// read `number`.
    private func trackedRead(_ payload: Payload, number: Int) -> Value {
        withObservationTracking(payload.read) { [weak self] in
            self?.changed(byRead: number)
        }
    }
}
