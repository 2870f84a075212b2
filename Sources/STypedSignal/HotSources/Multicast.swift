import SignalSync

/// Shares one upstream subscription per key among all subscribers.
///
/// The first subscriber of a key starts `signal`; later subscribers of the same key
/// join it (no replay: they see values from then on). Completion of the upstream is
/// forwarded to every subscriber (one that arrives while it is being delivered receives
/// it too), then the key is forgotten, so the next subscriber starts it afresh. When
/// the last subscriber of a key leaves, the key is forgotten and the upstream
/// subscription is disposed. (A decided fix: the original started the signal once per
/// subscriber and never disposed it.) Each key is a run of the shared engine
/// `ShareEngine` (SignalSync), the one under the untyped `multicast()` too.
///
/// ```swift
/// let shared = Multicast<Int>().get(key: "k", signal: source)
/// shared.start(next: { print("a", $0) })
/// shared.start(next: { print("b", $0) })   // source started once; a and b see each value
/// ```
public final class Multicast<T>: @unchecked Sendable {
    // Safety: `engines` is reached only under its lock.
    // Inlinable down to the engine, so that it runs specialized for the caller's `T`.
    @usableFromInline typealias Engine = ShareEngine<Subscriber<T, NoError>, T, Void>
    @usableFromInline let engines = LockedState<[String: Engine]>([:])

    /// Creates an empty multicast table.
    public init() {}

    /// A signal that shares `signal`'s subscription with every other subscriber of
    /// `key` on this table.
    @inlinable public func get(key: String, signal: Signal<T, NoError>) -> Signal<T, NoError> {
        Signal { subscriber in
            while true {
                let engine = self.engine(for: key, signal)
                if let membership = engine.subscribe(subscriber) {
                    return membership
                }
                // That key's run ended meanwhile: forget it and take a new one.
                self.forget(key, engine)
            }
        }
    }

    /// The engine of `key`, made (not started) when there is none.
    @inlinable func engine(for key: String, _ signal: Signal<T, NoError>) -> Engine {
        engines.withLock { engines in
            if let existing = engines[key] {
                return existing
            }
            let made = Engine(
                reuse: .once,
                start: { engine, generation in
                    signal.start(
                        next: { value in engine.forEachReceiver(generation) { $0.putNext(value) } },
                        completed: { engine.finish((), generation) })
                },
                sendTerminal: { subscriber, _ in subscriber.putCompletion() },
                forget: { [weak self] engine in self?.forget(key, engine) })
            engines[key] = made
            return made
        }
    }

    /// Forgets `engine` as `key`'s, unless a newer one took its place.
    @usableFromInline func forget(_ key: String, _ engine: Engine) {
        let removed = engines.withLock { engines in
            engines[key] === engine ? engines.removeValue(forKey: key) : nil
        }
        withExtendedLifetime(removed) {}  // released outside the lock
    }
}

/// A shared-engine membership is a typed disposable: what `Multicast` subscriptions return.
extension ShareMembership: Disposable {}
