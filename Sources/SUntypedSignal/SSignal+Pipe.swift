import SignalSync

/// A hot subject: values pushed into `sink` reach every current subscriber of its signal.
///
/// `sink(value)` (or `putNext`) calls every subscriber synchronously, on the caller's
/// thread, in subscription order (nil allowed). With `replay: true`, a new subscriber
/// first receives the most recent value if any value (including nil) has ever been
/// pushed; the value is recorded together with the subscriber snapshot, so a subscriber
/// racing a push gets it exactly once (the racing push may arrive before the replayed
/// value). The pipe's signal never completes and never
/// errors. Disposing a subscription removes it; the signal keeps the pipe's state alive,
/// the subscriptions do not.
///
/// ```swift
/// let pipe = SPipe()
/// let d = pipe.signal().start(next: { print($0 ?? "nil") })
/// pipe.putNext(1)   // prints 1
/// d.dispose()
/// pipe.putNext(2)   // nobody listens
/// ```
public final class SPipe: @unchecked Sendable {
    // Safety: the closures are immutable and capture only `PipeState`, which locks.

    /// Makes a signal of the pushed values (each call returns a new, equivalent signal).
    public let signalProducer: () -> SSignal
    /// Pushes a value to every current subscriber.
    public let sink: (Any?) -> Void

    /// Creates a pipe; with `replay`, late subscribers get the most recent value.
    public init(replay: Bool = false) {
        let state = PipeState(replay: replay)
        signalProducer = { state.signal() }
        sink = { value in state.push(value) }
    }

    /// The same as `signalProducer()`.
    public func signal() -> SSignal {
        signalProducer()
    }

    /// The same as `sink(value)`.
    public func putNext(_ value: Any?) {
        sink(value)
    }
}

/// The subscribers (and replayed value) of one `SPipe`.
private final class PipeState: @unchecked Sendable {
    // Safety: `subscribers` and `last` are guarded by `mutex`; `replay` is immutable.
    private let mutex = Mutex()
    private let subscribers = Bag<SSubscriber>()
    private var last: Any??
    private let replay: Bool

    init(replay: Bool) {
        self.replay = replay
    }

    func signal() -> SSignal {
        SSignal { [self] subscriber in
            mutex.lock()
            let key = subscribers.add(subscriber)
            let replayed = replay ? last : nil
            mutex.unlock()
            if case .some(let value) = replayed {
                subscriber.putNext(value)
            }
            return SBlockDisposable { [weak self] in
                self?.remove(key)
            }
        }
    }

    func push(_ value: Any?) {
        mutex.lock()
        var replaced: Any??
        if replay {
            replaced = last
            last = .some(value)
        }
        let targets = subscribers.copyItems()
        mutex.unlock()
        withExtendedLifetime(replaced) {}  // released outside the lock
        for target in targets {
            target.putNext(value)
        }
    }

    private func remove(_ key: Int) {
        mutex.lock()
        let removed = subscribers.get(key)
        subscribers.remove(key)
        mutex.unlock()
        withExtendedLifetime(removed) {}  // released outside the lock
    }
}
