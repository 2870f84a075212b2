/// The transitions of a deferred start: a subscription that starts later (on a queue, a
/// pool thread or a timer), at most once, unless it is disposed first.
///
/// A value type with no side effects: each transition runs under the storage's lock
/// (`DeferredStartEngine`) and returns an action, what the storage must do once unlocked
/// (start, or dispose a subscription).
package struct DeferredStartMachine {
    /// Every phase of the subscription.
    package enum State {
        /// Not started, not disposed.
        case waiting
        /// Its `start` is running.
        case starting
        /// Started; the live subscription.
        case started(any UpstreamDisposable)
        /// Disposed (before, during or after the start).
        case disposed
    }

    /// What follows the request to start.
    package enum BeginAction: Equatable {
        /// Run the start, then report `started`.
        case start
        /// Nothing: already begun, or disposed.
        case ignore
    }

    /// What follows the return of the start.
    package enum StartedAction {
        /// The subscription is kept for disposal.
        case keep
        /// Dispose the subscription at once: a disposal came while it was starting.
        case discard(any UpstreamDisposable)
    }

    /// What follows a disposal.
    package enum DisposeAction {
        /// Dispose the live subscription.
        case dispose(any UpstreamDisposable)
        /// Nothing to dispose: not started yet (it never will be), still starting (its
        /// subscription is discarded when the start returns), or already disposed.
        case nothing
    }

    /// Where the subscription is.
    package private(set) var state = State.waiting

    /// A subscription that has not started.
    package init() {}

    /// The start is about to run: only the first call while not disposed starts.
    package mutating func beginStart() -> BeginAction {
        // Legitimate when not waiting: disposed first (from any thread), or begun already
        // (`begin` is idempotent by contract, though each face calls it once).
        guard case .waiting = state else { return .ignore }
        state = .starting
        return .start
    }

    /// The start returned `subscription`.
    package mutating func started(_ subscription: any UpstreamDisposable) -> StartedAction {
        switch state {
        case .starting:
            state = .started(subscription)
            return .keep
        case .disposed:
            // Legitimate: a disposal from another thread came while the start ran.
            return .discard(subscription)
        case .waiting, .started:
            // Impossible: only the one `beginStart` that returned `.start` runs a start.
            preconditionFailure("DeferredStartMachine: started(_:) without a start running (state \(state))")
        }
    }

    /// Disposes, handing out the live subscription if it had started.
    package mutating func dispose() -> DisposeAction {
        defer { state = .disposed }
        if case .started(let subscription) = state { return .dispose(subscription) }
        return .nothing
    }
}
