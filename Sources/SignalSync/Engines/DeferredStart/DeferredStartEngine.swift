/// A subscription that starts later (on a queue, a pool thread or a timer) and can be
/// disposed before, during or after it starts: typed `runOn` and untyped `startOn` are
/// thin faces over it.
///
/// Disposed before `begin`: the start never runs. Disposed while the start runs: the
/// subscription it returns is disposed as soon as it is available. Disposed after: the
/// live subscription is disposed. No lock is held while the start or a `dispose()` runs.
package final class DeferredStartEngine: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    private let state = LockedState(DeferredStartMachine())

    /// Creates a subscription that has not started.
    package init() {}

    /// Runs `start` (which subscribes) unless disposed or already begun, and keeps what it
    /// returns for disposal.
    package func begin(_ start: () -> any UpstreamDisposable) {
        guard state.withLock({ $0.beginStart() }) == .start else { return }
        let subscription = start()
        if case .discard(let late) = state.withLock({ $0.started(subscription) }) {
            late.dispose()
        }
    }

    /// Disposes the subscription (or prevents its start); idempotent.
    package func dispose() {
        if case .dispose(let live) = state.withLock({ $0.dispose() }) {
            live.dispose()
        }
    }
}
