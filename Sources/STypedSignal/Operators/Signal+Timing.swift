import Foundation
import SignalSync

/// Delays the subscription to `signal` by `timeout` seconds on `queue`.
///
/// The subscription, not each value, is delayed: on subscription the operator moves to
/// `queue` (inline when already on it), arms a one-shot timer there, and when it fires
/// subscribes upstream on `queue`. Events are then forwarded as upstream sends them, so
/// values and errors sent synchronously during that subscription arrive on `queue`.
/// Disposal before the timer fires stops the timer (nothing subscribes after
/// `dispose()` returns); disposal later disposes the upstream subscription.
///
/// Bad input: a negative or NaN `timeout` counts as 0 (the subscription then happens on
/// the next turn of `queue`, never inline); an infinite one never subscribes.
public func delay<T, E>(_ timeout: Double, queue: Queue) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let gate = TimerGateEngine(action: {
                signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            })
            gate.delay(after: timeout, on: queue.executionQueue, arming: .afterHopToQueue)
            return gate
        }
    }
}

/// Delays the subscription to `signal` by `timeout` seconds of wall-clock time, so that
/// time the device spends suspended counts.
///
/// On `queue` (inline when current) the operator records the wall-clock start. When
/// `timeout <= 1.1 × granularity` it arms one timer of `timeout`. Otherwise it checks the
/// wall clock every `granularity` seconds; once `start + timeout − 1.1 × granularity` has
/// been reached it arms a final timer for the remaining wall-clock time, but at least
/// 0.5 s (at least a random 0.5…5 s when `timeout` is an hour or more, to spread work
/// after a resume). When the final timer fires, upstream is subscribed on `queue`.
/// Disposal stops whichever timer is armed; nothing subscribes after `dispose()` returns.
///
/// The wall clock is `Date()` for real queues; for a queue made with
/// `Queue(virtualClock:)` it is the virtual clock's `now`, so tests run in virtual time.
///
/// Bad input: a NaN `timeout` counts as 0 and a negative one subscribes on the next turn
/// of `queue`; a `granularity` that is not a positive finite number turns off the
/// wall-clock checks (one timer of `timeout`); an infinite `timeout` never subscribes.
public func suspendAwareDelay<T, E>(_ timeout: Double, granularity: Double = 4.0, queue: Queue) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    let wallClock: @Sendable () -> Double
    if let clock = queue.executionQueue.virtualClock {
        wallClock = { clock.now }
    } else {
        wallClock = { Date().timeIntervalSinceReferenceDate }
    }
    return suspendAwareDelay(
        timeout, granularity: granularity, queue: queue, wallClock: wallClock,
        longDelayMinimum: { Double.random(in: 0.5...5.0) })
}

/// `suspendAwareDelay` with its two hidden inputs made explicit, for tests: the wall
/// clock (seconds) and the minimum of the final timer for delays of an hour or more.
@preconcurrency package func suspendAwareDelay<T, E>(
    _ timeout: Double, granularity: Double, queue: Queue,
    wallClock: @escaping @Sendable () -> Double,
    longDelayMinimum: @escaping @Sendable () -> Double
) -> (_ signal: Signal<T, E>) -> Signal<T, E> {
    let timeout = timeout.isNaN ? 0 : timeout
    let margin = 1.1 * granularity
    let polls = granularity > 0 && granularity.isFinite && timeout > margin
    return { signal in
        Signal { subscriber in
            let gate = TimerGateEngine(action: {
                signal.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            })
            let executionQueue = queue.executionQueue
            queue.asyncUnchecked {
                guard polls else {
                    gate.armFinal(after: timeout, on: executionQueue)
                    return
                }
                let begin = wallClock()
                gate.arm(ExecutionTimer(timeout: granularity, repeats: true, queue: executionQueue)) {
                    let now = wallClock()
                    guard begin + timeout - margin <= now else { return }
                    let minimum = timeout >= 3600 ? longDelayMinimum() : 0.5
                    gate.armFinal(after: max(begin + timeout - now, minimum), on: executionQueue)
                }
            }
            return gate
        }
    }
}

/// Switches to `alternate` when `signal` sends nothing within `timeout` seconds.
///
/// Upstream is subscribed synchronously, then a one-shot timer is started on `queue`.
/// Any upstream event (value, error or completion) stops the timer and is forwarded,
/// and every later upstream event is forwarded too. If the timer fires first,
/// `alternate` is subscribed on `queue`, before the upstream subscription is disposed;
/// from then on only the alternate's events are forwarded. Disposal stops the timer
/// (nothing fires after `dispose()` returns) and disposes the live subscription.
///
/// Faithful quirk: the timer starts after the synchronous upstream subscription, so a
/// value sent synchronously while subscribing does not prevent the timeout; a
/// synchronous error or completion does (it ends the subscription at once).
///
/// Bad input: a negative or NaN `timeout` counts as 0 (the switch then happens on the
/// next turn of `queue` unless an event came first); an infinite one never switches.
public func timeout<T, E>(_ timeout: Double, queue: Queue, alternate: Signal<T, E>) -> (Signal<T, E>) -> Signal<T, E> {
    { signal in
        Signal { subscriber in
            let gate = TimerGateEngine(action: {
                alternate.start(next: subscriber.putNext, error: subscriber.putError, completed: subscriber.putCompletion)
            })
            gate.begin {
                signal.start(
                    next: { value in
                        if gate.disarm() { subscriber.putNext(value) }
                    },
                    error: { error in
                        if gate.disarm() { subscriber.putError(error) }
                    },
                    completed: {
                        if gate.disarm() { subscriber.putCompletion() }
                    })
            }
            gate.armFinal(after: timeout, on: queue.executionQueue)
            return gate
        }
    }
}

/// The engine of `delay`, `suspendAwareDelay`, `timeout` and `retry` (SignalSync's
/// `Engines/TimerGate/`) is a typed disposable: the subscriptions these operators return.
extension TimerGateEngine: Disposable {}
