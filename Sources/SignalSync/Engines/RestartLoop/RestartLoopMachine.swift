/// The transitions of the restart loop, the engine of both APIs' restarting operators
/// (typed `restart`, `restartIfError`, `restartOrMapError`, `feedbackLoop`; untyped
/// `restart`, `retryIf`): subscriptions run back to back, one at a time, each new one
/// (an iteration) started when the previous one ended.
///
/// A value type with no side effects: every transition runs under the storage's lock
/// (`RestartLoopEngine`) and returns an action, what the storage must do once unlocked.
/// `Handle` is an iteration's subscription handle.
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
    /// Every phase of the loop, each with the handle it keeps: the newest iteration's
    /// still held, the live one or one that ended asynchronously and is disposed once its
    /// successor's subscribe call returned.
    package enum State {
        /// No subscribe call is running; `kept` is the live iteration's handle, or that
        /// of the one whose asynchronous ending is starting the next.
        case idle(kept: Handle?)
        /// Inside the newest iteration's subscribe call; `endedEarly` once that iteration
        /// ended, asking for a restart, before the call returned.
        case subscribing(kept: Handle?, endedEarly: Bool)
        /// The face had no next iteration: nothing more starts; `kept` waits for disposal.
        case exhausted(kept: Handle?)
        /// Disposed: nothing more starts, and nothing is kept.
        case disposed
    }

    /// What follows the request to start an iteration.
    package enum BeginAction: Equatable {
        /// Call the face's subscribe, then report `subscribeReturned`.
        case subscribe
        /// Stop: the loop was disposed.
        case stop
    }

    /// What follows the ending of the newest iteration (the face asked for a restart).
    package enum EndedAction: Equatable {
        /// Run the loop now: the ending is asynchronous.
        case restart
        /// Nothing: the ending came during the iteration's own subscribe call, and the
        /// loop that is subscribing it goes on once the call returns.
        case noted
        /// Nothing: the loop was disposed.
        case ignore
    }

    /// What follows the return of a subscribe call.
    package enum SubscribeReturnedAction {
        /// Dispose `finished` (if any), then start the next iteration: the one just
        /// subscribed ended during its subscribe call.
        case again(dispose: Handle?)
        /// Dispose `finished` (if any) and stop: an iteration is live, or the loop ended.
        case settled(dispose: Handle?)
    }

    /// What follows a disposal.
    package enum DisposeAction {
        /// Dispose the kept handle, if any.
        case dispose(Handle?)
        /// Nothing: already disposed.
        case alreadyDisposed
    }

    /// Where the loop is now.
    package private(set) var state = State.idle(kept: nil)

    /// A loop that has not started.
    package init() {}

    /// Before a subscribe call.
    package mutating func beginIteration() -> BeginAction {
        switch state {
        case .idle(let kept):
            state = .subscribing(kept: kept, endedEarly: false)
            return .subscribe
        case .disposed:
            // Legitimate: the disposal (from any thread) came before the loop began this
            // iteration.
            return .stop
        case .subscribing, .exhausted:
            // Impossible: the loop runs from the generator, from an asynchronous ending
            // (`.restart`, only while idle) or after `.again`, all while idle, and only the
            // newest iteration, ending once, asks for a restart.
            preconditionFailure("RestartLoopMachine: beginIteration() while not idle (state \(state))")
        }
    }

    /// The newest iteration ended and its face asked for a restart (only the newest can
    /// end: each one starts after its predecessor ended).
    package mutating func iterationEnded() -> EndedAction {
        switch state {
        case .subscribing(let kept, _):
            state = .subscribing(kept: kept, endedEarly: true)
            return .noted
        case .idle:
            return .restart
        case .disposed:
            // Legitimate: the disposal (from any thread) came while the iteration ended.
            return .ignore
        case .exhausted:
            // Impossible: the loop is exhausted only once the iteration it kept has ended,
            // and none is live after it.
            preconditionFailure("RestartLoopMachine: iterationEnded() after the loop was exhausted (state \(state))")
        }
    }

    /// The subscribe call returned `handle`, or nil when the face had no next iteration.
    package mutating func subscribeReturned(_ handle: Handle?) -> SubscribeReturnedAction {
        guard case .subscribing(let previous, let endedEarly) = state else {
            guard case .disposed = state else {
                // Impossible: each subscribe call follows a `beginIteration`, and only its
                // return leaves `.subscribing` (but for a disposal).
                preconditionFailure("RestartLoopMachine: subscribeReturned(_:) with no subscribe call running (state \(state))")
            }
            // Legitimate: disposed (from any thread) during the call.
            return .settled(dispose: handle)
        }
        guard let handle else {
            state = .exhausted(kept: previous)
            return .settled(dispose: nil)
        }
        if endedEarly {
            state = .idle(kept: nil)
            return .again(dispose: previous)
        }
        state = .idle(kept: handle)
        return .settled(dispose: previous)
    }

    /// Ends the loop, handing out the kept handle.
    package mutating func dispose() -> DisposeAction {
        switch state {
        case .idle(let kept), .subscribing(let kept, _), .exhausted(let kept):
            state = .disposed
            return .dispose(kept)
        case .disposed:
            return .alreadyDisposed
        }
    }
}

extension RestartLoopMachine.State: Equatable where Handle: Equatable {}
