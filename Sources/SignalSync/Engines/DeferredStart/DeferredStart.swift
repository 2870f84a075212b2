/// The transitions of a deferred start: a subscription that starts later (on a queue, a
/// pool thread or a timer), at most once, unless it is disposed first.
///
/// A value type with no side effects: each transition runs under the storage's lock and
/// returns what the storage must do once unlocked (start, or dispose a subscription).
struct DeferredStartMachine {
    /// Every phase of the subscription.
    enum Phase {
        /// Not started, not disposed.
        case waiting
        /// Its `start` is running.
        case starting
        /// Started; the live subscription.
        case started(any UpstreamDisposable)
        /// Disposed (before, during or after the start).
        case disposed
    }

    private(set) var phase = Phase.waiting

    /// The start is about to run: true only for the first call while not disposed.
    mutating func beginStart() -> Bool {
        guard case .waiting = phase else { return false }
        phase = .starting
        return true
    }

    /// The start returned `subscription`: the subscription to dispose at once, when a
    /// disposal came while it was starting.
    mutating func started(_ subscription: any UpstreamDisposable) -> (any UpstreamDisposable)? {
        guard case .starting = phase else { return subscription }
        phase = .started(subscription)
        return nil
    }

    /// Disposes: the live subscription to dispose, if it had started.
    mutating func dispose() -> (any UpstreamDisposable)? {
        defer { phase = .disposed }
        if case .started(let subscription) = phase { return subscription }
        return nil
    }
}

/// A subscription that starts later (on a queue, a pool thread or a timer) and can be
/// disposed before, during or after it starts: typed `runOn` and untyped `startOn` are
/// thin faces over it.
///
/// Disposed before `begin`: the start never runs. Disposed while the start runs: the
/// subscription it returns is disposed as soon as it is available. Disposed after: the
/// live subscription is disposed. No lock is held while the start or a `dispose()` runs.
package final class DeferredStart: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    private let state = LockedState(DeferredStartMachine())

    /// Creates a subscription that has not started.
    package init() {}

    /// Runs `start` (which subscribes) unless disposed or already begun, and keeps what it
    /// returns for disposal.
    package func begin(_ start: () -> any UpstreamDisposable) {
        guard state.withLock({ $0.beginStart() }) else { return }
        let subscription = start()
        state.withLock { $0.started(subscription) }?.dispose()
    }

    /// Disposes the subscription (or prevents its start); idempotent.
    package func dispose() {
        state.withLock { $0.dispose() }?.dispose()
    }
}
