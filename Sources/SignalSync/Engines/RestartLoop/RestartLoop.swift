/// The transitions of the restart loop, the engine of both APIs' restarting operators
/// (typed `restart`, `restartIfError`, `restartOrMapError`, `feedbackLoop`; untyped
/// `restart`, `retryIf`): subscriptions run back to back, one at a time, each new one
/// (an iteration) started when the previous one ended.
///
/// A value type with no side effects: every transition runs under the storage's lock and
/// returns what the storage must do once unlocked. `Handle` is an iteration's
/// subscription handle.
///
/// The order it keeps (the same on every path, whatever layers lie between the source and
/// the loop, in both APIs):
/// - an iteration that ends after its subscribe call returned (asynchronously) starts the
///   next one from inside its terminal callback, and its handle is disposed once that next
///   one's subscribe call has returned: new before old;
/// - an iteration that ends during its own subscribe call (synchronously) has already been
///   torn down by its subscription when the call returns (its handle is dropped, not
///   disposed again); the loop then starts the next one: old before new, in a loop, so any
///   number of synchronous iterations run in constant stack, and a live iteration is never
///   disposed by the earlier ones.
package struct RestartLoopMachine<Handle> {
    /// Where the loop is.
    package enum Phase: Equatable {
        /// No subscribe call is running. The kept handle, if any, is the live iteration's,
        /// or that of the one whose asynchronous ending is starting the next.
        case idle
        /// Inside the newest iteration's subscribe call; `endedEarly` once that iteration
        /// ended, asking for a restart, before the call returned.
        case subscribing(endedEarly: Bool)
        /// The face had no next iteration: nothing more starts.
        case exhausted
        /// Disposed: nothing more starts, and nothing is kept.
        case disposed
    }

    /// What the storage does once a subscribe call has returned.
    package enum AfterSubscribe {
        /// Dispose `finished` (if any), then start the next iteration: the one just
        /// subscribed ended during its subscribe call.
        case again(dispose: Handle?)
        /// Dispose `finished` (if any) and stop: an iteration is live, or the loop ended.
        case settled(dispose: Handle?)
    }

    /// Where the loop is now.
    package private(set) var phase = Phase.idle
    /// The handle of the newest iteration still held: the live one, or one that ended
    /// asynchronously and is disposed once its successor's subscribe call returned.
    private var current: Handle?

    /// A loop that has not started.
    package init() {}

    /// Before a subscribe call: true to subscribe the next iteration, false when the loop
    /// has ended (or a subscribe call is already running).
    package mutating func beginIteration() -> Bool {
        guard phase == .idle else { return false }
        phase = .subscribing(endedEarly: false)
        return true
    }

    /// The newest iteration ended and its face asked for a restart (only the newest can
    /// end: each one starts after its predecessor ended). True when the caller must run
    /// the loop now (an asynchronous ending); a synchronous ending is only noted, for the
    /// loop that is subscribing it.
    package mutating func iterationEnded() -> Bool {
        switch phase {
        case .subscribing:
            phase = .subscribing(endedEarly: true)
            return false
        case .idle:
            return true
        case .exhausted, .disposed:
            return false
        }
    }

    /// The subscribe call returned `handle`, or nil when the face had no next iteration.
    /// Returns what to dispose and whether to go on.
    package mutating func subscribeReturned(_ handle: Handle?) -> AfterSubscribe {
        guard case .subscribing(let endedEarly) = phase else {
            // Disposed during the call.
            return .settled(dispose: handle)
        }
        guard let handle else {
            phase = .exhausted
            return .settled(dispose: nil)
        }
        phase = .idle
        let previous = current
        if endedEarly {
            current = nil
            return .again(dispose: previous)
        }
        current = handle
        return .settled(dispose: previous)
    }

    /// Ends the loop: returns the kept handle to dispose, or nil (also when already
    /// disposed).
    package mutating func dispose() -> Handle? {
        guard phase != .disposed else { return nil }
        phase = .disposed
        defer { current = nil }
        return current
    }
}

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
package final class RestartLoopEngine: UpstreamDisposable, @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`; handles are disposed
    // and faces called with the lock released.
    private let state = LockedState(RestartLoopMachine<UpstreamDisposable>())

    /// A loop that has not started.
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
    package func run(downstream: SubscriptionProbe, fromGenerator: Bool, subscribe: () -> UpstreamDisposable?) {
        while true {
            if downstream.hasEnded || (fromGenerator && GenerationScope.enclosingHasEnded) { return }
            guard state.withLock({ $0.beginIteration() }) else { return }
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
    package func iterationEnded(downstream: SubscriptionProbe, subscribe: () -> UpstreamDisposable?) {
        if state.withLock({ $0.iterationEnded() }) {
            run(downstream: downstream, fromGenerator: false, subscribe: subscribe)
        }
    }

    /// Stops the loop and disposes the kept iteration; idempotent.
    package func dispose() {
        state.withLock { $0.dispose() }?.dispose()
    }
}
