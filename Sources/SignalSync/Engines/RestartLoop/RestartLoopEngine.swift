/// The storage of the restart loop: a `RestartLoopMachine` under a lock, and the loop that
/// runs iterations. Each API's face subscribes its own signal type; the engine decides
/// when, and what to dispose.
///
/// Handles are held as `UpstreamDisposable` (both APIs' subscription handles are), so the
/// engine's code is not generic: no runtime metadata lookup per iteration.
///
/// The face keeps what an iteration needs (its signal, the downstream subscriber, the
/// decision after an ending) and passes it at each call: the engine stores none of it, so
/// the loop, which is the downstream subscription's disposable, holds no reference back
/// to that subscription except through the live iteration's callbacks (released when the
/// iteration ends or the loop is disposed).
///
/// Usage by a face: `run(downstream:fromGenerator: true, subscribe:)` from the operator's
/// generator; from an iteration's terminal callback, when the operator restarts,
/// `iterationEnded(downstream:subscribe:)`; the engine itself is the disposable of the
/// operator's subscription.
@usableFromInline
package final class RestartLoopEngine: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; handles are disposed
    // and faces called with the lock released.
    private let state = LockedState(RestartLoopMachine<UpstreamDisposable>())

    /// A loop that has not started.
    @usableFromInline
    package init() {}

    /// Subscribes iterations until one is live when its subscribe call returns, or the
    /// loop has ended.
    ///
    /// - Parameters:
    ///   - downstream: the subscription the loop feeds; once it has ended, no further
    ///     iteration starts.
    ///   - fromGenerator: true for the first run, inside the operator's generator: there
    ///     every subscription in `GenerationScope` encloses the loop, and one that has
    ///     ended (a `take` further down reached its count) stops it, even before the
    ///     disposal can reach the loop. Later runs start from an iteration's terminal
    ///     callback, where the scope may hold unrelated subscriptions.
    ///   - subscribe: subscribes the next iteration (whose terminal callback reports to
    ///     `iterationEnded` when the operator restarts) and returns its handle, or returns
    ///     nil when there is no next iteration (the face has then ended the downstream
    ///     subscription).
    @usableFromInline
    package func run(downstream: SubscriptionProbe, fromGenerator: Bool, subscribe: () -> UpstreamDisposable?) {
        while true {
            if downstream.hasEnded || (fromGenerator && GenerationScope.enclosingHasEnded) { return }
            guard state.withLock({ $0.beginIteration() }) == .subscribe else { return }
            let handle = subscribe()
            switch state.withLock({ $0.subscribeReturned(handle) }) {
            case .again(let finished):
                finished?.dispose()
            case .settled(let finished):
                finished?.dispose()
                return
            }
        }
    }

    /// The newest iteration ended and the operator restarts: starts the next iteration now
    /// when the ending is asynchronous (from inside the terminal callback, so the next one
    /// is subscribed before the ended one is disposed); a synchronous ending is left to the
    /// loop that is subscribing it. The parameters are those of `run`.
    @usableFromInline
    package func iterationEnded(downstream: SubscriptionProbe, subscribe: () -> UpstreamDisposable?) {
        if state.withLock({ $0.iterationEnded() }) == .restart {
            run(downstream: downstream, fromGenerator: false, subscribe: subscribe)
        }
    }

    /// Stops the loop and disposes the kept iteration; idempotent.
    @usableFromInline
    package func dispose() {
        if case .dispose(let kept) = state.withLock({ $0.dispose() }) {
            kept?.dispose()
        }
    }
}
