import SignalSync

/// Runs the events of one subscription one at a time, in arrival order, outside any
/// lock.
///
/// Whoever sends an event while no event is being handled handles it (and every event
/// that arrives meanwhile, from any thread or re-entrantly from inside the handler)
/// before returning. This lets an operator keep unlocked state such as an accumulator
/// and call user closures without holding a lock and without racing.
final class SerialEventDrain: @unchecked Sendable {
    // Safety: `inbox` and `draining` are guarded by `mutex`; `handler` is immutable and
    // only ever runs on the one thread that set `draining`.
    enum Event {
        case next(Any?)
        case error(Any?)
        case completed
    }

    private let mutex = PosixLock()
    private var inbox = FIFO<Event>()
    private var draining = false
    private let handler: (Event) -> Void

    init(_ handler: @escaping (Event) -> Void) {
        self.handler = handler
    }

    func put(_ event: Event) {
        mutex.lock()
        if draining {
            inbox.append(event)
            mutex.unlock()
            return
        }
        draining = true
        mutex.unlock()
        var current = event
        while true {
            handler(current)
            mutex.lock()
            guard let next = inbox.popFirst() else {
                draining = false
                mutex.unlock()
                return
            }
            current = next
            mutex.unlock()
        }
    }
}
