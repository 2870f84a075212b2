import SignalSync

/// Forwards the first `count` values, then completes (which disposes upstream).
///
/// Upstream termination before that is forwarded. A synchronous restart loop feeding
/// `take` stops once `take` completes (see `GenerationScope`). `take(0)` (and any negative count)
/// completes as soon as it is subscribed, without subscribing upstream: a decided fix
/// (the original never completed on values). Under concurrent emission at most `count`
/// values are delivered and completion happens once.
@inlinable
public func take<T, E>(_ count: Int) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        guard count > 0 else { return Signal<T, E>.complete() }
        return Signal { subscriber in
            let taken = Atomic(value: 0)
            return signal.start(
                next: { value in
                    let number = taken.modify { $0 == Int.max ? $0 : $0 + 1 }
                    guard number <= count else { return }
                    subscriber.putNext(value)
                    if number == count {
                        subscriber.putCompletion()
                    }
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// What `take(until:)` does with one value: forward it, complete, both or neither.
public struct SignalTakeAction {
    /// Forward the value.
    public let passthrough: Bool
    /// Complete after (possibly) forwarding it.
    public let complete: Bool

    /// Creates an action.
    public init(passthrough: Bool, complete: Bool) {
        self.passthrough = passthrough
        self.complete = complete
    }
}

/// Asks `until` about each value: forwards it if `passthrough`, then completes if
/// `complete`. Upstream termination is forwarded. As in the original, a synchronous
/// source's later values still reach `until` (their answers are ignored).
@inlinable
@preconcurrency public func take<T, E>(until: @escaping @Sendable (T) -> SignalTakeAction) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            signal.start(
                next: { value in
                    let action = until(value)
                    if action.passthrough {
                        subscriber.putNext(value)
                    }
                    if action.complete {
                        subscriber.putCompletion()
                    }
                }, error: subscriber.putError, completed: subscriber.putCompletion)
        }
    }
}

/// Emits only the last value (if any) when upstream completes, then completes; an
/// error drops it.
public func takeLast<T, E>(_ signal: Signal<T, E>) -> Signal<T, E> {
    Signal { subscriber in
        let last = Atomic<T?>(value: nil)
        return signal.start(
            next: { last.swap($0) }, error: subscriber.putError,
            completed: {
                if let value = last.swap(nil) {
                    subscriber.putNext(value)
                }
                subscriber.putCompletion()
            })
    }
}

/// On completion emits the last value, or nil when there was none, then completes;
/// an error is forwarded without a value.
public func last<T, E>(signal: Signal<T, E>) -> Signal<T?, E> {
    Signal { subscriber in
        let last = Atomic<T?>(value: nil)
        return signal.start(
            next: { last.swap($0) }, error: subscriber.putError,
            completed: {
                subscriber.putNext(last.swap(nil))
                subscriber.putCompletion()
            })
    }
}
