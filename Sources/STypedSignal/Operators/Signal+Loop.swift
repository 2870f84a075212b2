import SignalSync

/// What `feedbackLoop` passes to `once` before each iteration.
public enum SignalFeedbackLoopState<T> {
    /// No value has been reduced yet (the first iteration, or every earlier one was empty).
    case initial
    /// The value reduced from every iteration so far.
    case loop(T)
}

extension SignalFeedbackLoopState: Sendable where T: Sendable {}
extension SignalFeedbackLoopState: Equatable where T: Equatable {}

/// Runs the signals that `once` returns back to back, folding their values with
/// `reduce`, until `once` returns nil.
///
/// `once(.initial)` makes the first iteration; nil completes at once. Each value of an
/// iteration is folded into the running value (the first value becomes it,
/// `reduce(running, value)` the next ones, across iterations) and the running value is
/// emitted. When an iteration completes, `once(.loop(running))` (or `once(.initial)`
/// while nothing has been folded) makes the next one, subscribed before the completed
/// one is disposed (after a synchronous completion, after it: the order of `restart`);
/// nil completes the output. An iteration's error is forwarded and ends
/// the loop. Disposal disposes the current iteration and stops. Events come on the
/// iterations' threads.
///
/// Fixed divergence from the original (which always passed `.initial`, never called
/// `reduce` and emitted nothing): the state, the folding and the emission are what the
/// signature promises; synchronously completing iterations run in a loop, not by
/// recursion. The output type `R` is free in the signature: running values are emitted
/// as `value as? R`, so with `R == R1` (the usual case) every one is emitted, and with an
/// unrelated `R` the output only terminates.
///
/// ```swift
/// let sums: Signal<Int, NoError> = feedbackLoop(once: { (state: SignalFeedbackLoopState<Int>) -> Signal<Int, NoError>? in
///     switch state {
///     case .initial: return .single(1)
///     case .loop(let sum): return sum < 4 ? .single(sum) : nil
///     }
/// }, reduce: +)
/// // emits 1, 2, 4, then completes
/// ```
///
/// `reduce` may run again for the same value when values of one iteration arrive on
/// several threads at once, so it should have no side effects.
@preconcurrency public func feedbackLoop<R1, R, E>(
    once: @escaping @Sendable (SignalFeedbackLoopState<R1>) -> Signal<R1, E>?, reduce: @escaping @Sendable (R1, R1) -> R1
) -> Signal<R, E> {
    Signal { subscriber in
        let running = RunningValue<R1>()
        return RestartFace<R1, E>.start(
            downstream: subscriber.state,
            next: {
                once(running.value.map { .loop($0) } ?? .initial)
            },
            onNext: { value in
                if let output = running.fold(value, reduce) as? R {
                    subscriber.putNext(output)
                }
            },
            onEnd: { ending in
                switch ending {
                case .completed:
                    return .restart
                case .failed(let error):
                    subscriber.putError(error)
                    return .stop
                }
            },
            onExhausted: subscriber.putCompletion
        )
    }
}

/// The running value of one `feedbackLoop` subscription.
///
/// `reduce` is a user closure, so it runs without the lock: `fold` reads the value and
/// its version, reduces, and stores the result only if nobody stored one in between
/// (otherwise it reduces again from the newer value).
private final class RunningValue<V>: @unchecked Sendable {
    // Safety: `current` and `version` are guarded by `mutex`.
    private let mutex = PosixLock()
    private var current: V?
    private var version = 0

    var value: V? {
        mutex.withLock { current }
    }

    /// Folds `next` into the running value and returns the new running value.
    func fold(_ next: V, _ reduce: (V, V) -> V) -> V {
        while true {
            let (seen, seenVersion) = mutex.withLock { (current, version) }
            let folded = seen.map { reduce($0, next) } ?? next
            let stored = mutex.withLock { () -> Bool in
                guard version == seenVersion else { return false }
                current = folded
                version += 1
                return true
            }
            if stored { return folded }
        }
    }
}
