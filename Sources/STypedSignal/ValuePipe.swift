import SignalSync

/// A hot source: `putNext` delivers to the current subscribers, with no replay.
///
/// Neither the signal nor a subscription keeps the pipe alive; when the pipe goes
/// away, its subscribers are released without a terminal event, and a later
/// subscription gets nothing. Delivery is synchronous, in subscription order, on the
/// calling thread; `putNext` is thread-safe.
///
/// ```swift
/// let pipe = ValuePipe<Int>()
/// let d = pipe.signal().start(next: { print($0) })
/// pipe.putNext(1)   // 1
/// d.dispose()
/// pipe.putNext(2)   // nothing
/// ```
public final class ValuePipe<T>: @unchecked Sendable {
    // Safety: `subscribers` is guarded by `mutex`; delivery happens after unlocking.
    private let mutex = Mutex()
    private let subscribers = Bag<(T) -> Void>()

    /// Creates a pipe with no subscribers.
    public init() {}

    /// A signal of every value put after subscription; never completes.
    public func signal() -> Signal<T, NoError> {
        Signal { [weak self] subscriber in
            guard let self else { return EmptyDisposable }
            let key = self.mutex.withLock { self.subscribers.add(subscriber.putNext) }
            return ActionDisposable { [weak self] in
                guard let self else { return }
                self.mutex.withLock { self.subscribers.remove(key) }
            }
        }
    }

    /// Delivers `next` to every current subscriber.
    public func putNext(_ next: T) {
        mutex.lock()
        let targets = subscribers.copyItems()
        mutex.unlock()
        for target in targets {
            target(next)
        }
    }
}
