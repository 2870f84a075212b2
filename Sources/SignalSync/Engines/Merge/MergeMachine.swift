/// The transitions of typed `merge` and untyped `SSignal.merge` for one subscription:
/// how many sources are still running, and the sources' subscriptions (`Handle`).
///
/// A value type with no side effects, driven under `MergeEngine`'s lock; each transition
/// returns what the engine does after unlocking. The rules:
/// - The output completes once every source has completed (a source not subscribed yet
///   counts as running).
/// - The first error ends it; a later terminal event of any source is ignored.
/// - Once it has ended (a terminal event or a disposal), every subscription is handed out
///   to be disposed once: those attached so far at the end, a later one as it is attached.
/// - Sources are subscribed only while it runs: a source that fails (or, as the last one,
///   completes) while being subscribed stops the later ones from being subscribed.
///
/// Values are not the machine's business: the engine forwards them as they come.
@usableFromInline
package struct MergeMachine<Handle> {
    /// Every phase.
    @usableFromInline
    package enum State {
        /// `remaining` sources have not completed; `handles[i]` is source `i`'s
        /// subscription once its start returned.
        case running(remaining: Int, handles: [Handle?])
        /// Ended by a terminal event or a disposal: nothing is kept.
        case ended
    }

    /// What the engine does with a source's subscription that just started.
    @usableFromInline
    package enum AttachAction {
        /// Keep it (stored).
        case keep
        /// The output ended while the source was being subscribed: dispose it now.
        case dispose(Handle)
    }

    /// What the engine does with a source's terminal event.
    @usableFromInline
    package enum TerminalAction {
        /// Send the terminal event downstream, then dispose these subscriptions in order.
        case end(dispose: [Handle])
        /// Not the last completion: nothing yet.
        case wait
        /// Already ended: ignore it.
        case ignore
    }

    /// What the engine does when the output's subscription is disposed.
    @usableFromInline
    package enum DisposeAction {
        /// Dispose these subscriptions, in source order.
        case dispose([Handle])
        /// It had ended already: nothing.
        case none
    }

    /// The current phase.
    @usableFromInline package private(set) var state: State

    /// A machine for `count` sources (at least one), none subscribed yet.
    @inlinable
    package init(count: Int) {
        precondition(count > 0, "MergeMachine: an empty merge completes before it has a machine")
        state = .running(remaining: count, handles: Array(repeating: nil, count: count))
    }

    /// Whether the next source is to be subscribed (the output has not ended).
    @inlinable
    package var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Source `index`'s start returned `handle`.
    @inlinable
    package mutating func attach(_ handle: Handle, at index: Int) -> AttachAction {
        guard case .running(let remaining, var handles) = state else {
            return .dispose(handle)  // legitimate: the output ended while it was being subscribed
        }
        state = .ended  // so that `handles` is not copied on write
        handles[index] = handle
        state = .running(remaining: remaining, handles: handles)
        return .keep
    }

    /// A source completed.
    @inlinable
    package mutating func sourceCompleted() -> TerminalAction {
        guard case .running(let remaining, let handles) = state else {
            return .ignore  // legitimate: a completion racing the end
        }
        guard remaining > 1 else {
            state = .ended
            return .end(dispose: handles.compactMap { $0 })
        }
        state = .running(remaining: remaining - 1, handles: handles)
        return .wait
    }

    /// A source failed.
    @inlinable
    package mutating func sourceFailed() -> TerminalAction {
        guard case .running(_, let handles) = state else {
            return .ignore  // legitimate: a later error, or one racing a disposal
        }
        state = .ended
        return .end(dispose: handles.compactMap { $0 })
    }

    /// The output's subscription is disposed.
    @inlinable
    package mutating func dispose() -> DisposeAction {
        guard case .running(_, let handles) = state else { return .none }
        state = .ended
        return .dispose(handles.compactMap { $0 })
    }
}
