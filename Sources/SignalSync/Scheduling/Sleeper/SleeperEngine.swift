/// One task asleep on a `VirtualClock`: the storage of a `SleeperMachine`, which it
/// drives under a lock, resuming the task after unlocking. The task is resumed once, by
/// its wake-up item or by its cancellation, whichever comes first.
package final class SleeperEngine: Sendable {
    private let state = LockedState(SleeperMachine<CheckedContinuation<Void, any Error>>())

    /// A sleep that has not suspended yet.
    package init() {}

    /// Records the suspended task, waiting for the clock's item `item`. Resumes it at once
    /// when the item already ran, or when the task was cancelled meanwhile, and then
    /// returns true: the caller forgets the item.
    package func suspend(_ continuation: CheckedContinuation<Void, any Error>, item: Int) -> Bool {
        switch state.withLock({ $0.suspend(continuation, item: item) }) {
        case .sleep:
            return false
        case .resume(let waiter):
            waiter.resume()
            return false
        case .resumeCancelled(let waiter):
            waiter.resume(throwing: CancellationError())
            return true
        }
    }

    /// The deadline is reached: resumes the task.
    package func wake() {
        if case .resume(let waiter) = state.withLock({ $0.wake() }) {
            waiter.resume()
        }
    }

    /// The task is cancelled: resumes it with `CancellationError` and returns the item to
    /// forget, if it was asleep.
    package func cancel() -> Int? {
        guard case .resumeCancelled(let waiter, let item) = state.withLock({ $0.cancel() }) else { return nil }
        waiter.resume(throwing: CancellationError())
        return item
    }
}
