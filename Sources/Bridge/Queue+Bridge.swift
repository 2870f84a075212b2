import STypedSignal
import SUntypedSignal

extension Queue {
    /// An `SQueue` over the same underlying queue: "is current" holds for both, and
    /// work sent through either runs in one FIFO order.
    public func toUntyped() -> SQueue {
        SQueue(executionQueue)
    }
}

extension SQueue {
    /// A `Queue` over the same underlying queue: "is current" holds for both, and work
    /// sent through either runs in one FIFO order.
    public func toTyped() -> Queue {
        Queue(executionQueue: executionQueue)
    }
}
