import SignalSync

/// An object that lives on one queue and is only ever touched there.
///
/// `init` dispatches the creation (`generate()`) onto the queue, inline if already on
/// it; `with` dispatches its closure the same way. On a serial queue, every `with` issued
/// after `init` sees the created object (FIFO). When the `SQueueLocalObject` is
/// deallocated, the object is released on the queue, so its teardown happens there.
public final class SQueueLocalObject: @unchecked Sendable {
    // Safety: `storage.object` is read and written only by work running on `queue`.
    private final class Storage {
        var object: Any?
    }

    /// The queue the object lives on.
    public let queue: SQueue
    private let storage = Storage()

    /// Creates the object on `queue` by calling `generate` there.
    ///
    /// `generate` and `with(_:)`'s closure run on `queue`, another thread than the
    /// caller's, so they are `@Sendable` (`@preconcurrency`, like `SQueue.dispatch`): the
    /// object they are handed is confined to the queue, what they capture is checked.
    @preconcurrency public init(queue: SQueue, generate: @escaping @Sendable () -> Any?) {
        self.queue = queue
        let storage = self.storage
        // The library's contract: `generate` runs on `queue` (unchecked by the compiler).
        queue.executionQueue.async {
            storage.object = generate()
        }
    }

    /// Calls `f` with the object on the queue (inline when already on it).
    @preconcurrency public func with(_ f: @escaping @Sendable (Any?) -> Void) {
        let storage = self.storage
        queue.executionQueue.async {
            f(storage.object)
        }
    }

    deinit {
        let storage = self.storage
        queue.executionQueue.async {
            // The object's last reference goes away here, on the queue.
            storage.object = nil
        }
    }
}
