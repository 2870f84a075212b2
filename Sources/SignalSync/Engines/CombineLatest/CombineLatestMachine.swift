/// When `combineLatest` disposes the subscription of a source that completed while
/// others are still live: the one rule on which the two originals differ.
@usableFromInline
package enum CompletedSourceDisposal: Sendable {
    /// At once, from inside the source's completion (SwiftSignalKit, whose per-source
    /// layer disposes the finished source's handle as it completes: with the
    /// subscriber's own disposal, the source's disposable is disposed twice then). The
    /// teardown no longer holds it.
    case atCompletion
    /// At the teardown, with every other source (SSignalKit, whose handle keeps its
    /// reference after completion: the source's disposable is disposed a second time
    /// there).
    case atTeardown
}

/// The transitions of `combineLatest` (typed) and `combineSignals` (untyped): which
/// slots have a value, which sources are still live, whether the output ended, and the
/// source subscriptions to dispose.
///
/// A value type with no side effects: every transition runs under the lock of
/// `CombineLatestEngine` and returns a named action that the engine performs after
/// unlocking.
///
/// - Values: a slot is filled by its first value; once every slot is filled, each value
///   emits. Seeded slots start filled.
/// - Completion: once every source has completed (each completes at most once: a second
///   completion of a source traps).
/// - Error: the first one ends the output; later errors, values and completions drop.
/// - Disposal: disposes every source still held once, in index order. It does not end
///   the output: events a source sends while it is being disposed still pass, as through
///   any subscription (Divergences.md, "Lifetime rules of a subscription").
///
/// `@usableFromInline` (with `valueArrived`) so that `CombineLatestEngine`'s per-value
/// path, which holds it, inlines into the API modules.
@usableFromInline
package struct CombineLatestMachine {
    /// The subscription of one source.
    package typealias Handle = any UpstreamDisposable

    /// Where the subscription is.
    package enum State {
        /// The output is open; `handles` are the source subscriptions held, by index
        /// (nil: not subscribed yet, or handed out when its source completed).
        case running(handles: [Handle?])
        /// Disposed while the output was still open: every handle was handed out, but
        /// events a source sends while it is being disposed still pass.
        case disposedWhileOpen
        /// The output ended (an error was forwarded or every source completed); the
        /// handles wait for the teardown.
        case ended(handles: [Handle?])
        /// Ended and disposed: nothing more passes and nothing is held.
        case closed
        /// A placeholder while a transition changes the handles in place (so that the
        /// array is not copied on write); never a phase: every switch over the state traps
        /// on it.
        case modifying
    }

    /// What becomes of a value that source `index` produced.
    @usableFromInline
    package enum ValueAction: Equatable {
        /// The output already ended: drop it.
        case drop
        /// Store it in the source's slot; some slot still has no value, so nothing goes out.
        case hold
        /// Store it, then build the output from every slot and send it downstream.
        case emit
    }

    /// What follows a source's completion.
    package enum CompletionAction {
        /// Nothing (the output goes on, or had already ended).
        case none
        /// Dispose the finished source's subscription now (`.atCompletion`).
        case disposeSource(Handle)
        /// Send the completion downstream (every source completed), then dispose the
        /// finished source's subscription when one is handed out.
        case complete(thenDispose: Handle?)
    }

    /// What follows a source's error.
    package enum FailureAction: Equatable {
        /// The output already ended: drop it.
        case drop
        /// Forward it downstream: the first error ends the output.
        case forward
    }

    /// What becomes of a source's subscription once its `start` returned.
    package enum AttachAction {
        /// Kept for the teardown.
        case keep
        /// Dispose it now: the subscription was disposed (or, `.atCompletion`, the source
        /// completed) while it started.
        case dispose(Handle)
    }

    /// What a disposal hands out.
    package enum DisposeAction {
        /// Nothing: already disposed.
        case none
        /// Dispose these subscriptions, in index order.
        case dispose([Handle?])
    }

    /// The phase and the handles held.
    package private(set) var state: State
    /// Whether each slot holds a value.
    private var filled: SourceFlags
    /// How many slots hold no value yet.
    private var missing: Int
    /// Whether each source has completed.
    private var completed: SourceFlags
    /// How many sources have not completed yet.
    private var live: Int
    private let completedSourceDisposal: CompletedSourceDisposal

    /// `count` sources (at least one), of which the first `seeded` slots start with a
    /// value; a completed source is disposed as `completedSourceDisposal` says.
    package init(count: Int, seeded: Int, completedSourceDisposal: CompletedSourceDisposal) {
        precondition(count > 0, "combineLatest needs at least one source")
        let seeded = max(0, min(count, seeded))
        filled = SourceFlags(count: count, setBelow: seeded)
        missing = count - seeded
        completed = SourceFlags(count: count, setBelow: 0)
        live = count
        state = .running(handles: Array(repeating: nil, count: count))
        self.completedSourceDisposal = completedSourceDisposal
    }

    /// Whether the subscription was disposed: a source not subscribed yet is then never
    /// subscribed.
    package var isDisposed: Bool {
        switch state {
        case .running, .ended: false
        case .disposedWhileOpen, .closed: true
        case .modifying: preconditionFailure("CombineLatestMachine: isDisposed found the placeholder state .modifying")
        }
    }

    /// Source `index` produced a value.
    @usableFromInline
    package mutating func valueArrived(at index: Int) -> ValueAction {
        switch state {
        case .ended, .closed:
            // Legitimate: another source failed (or every source completed) while this
            // one's value was on its way.
            return .drop
        case .running, .disposedWhileOpen:
            if missing != 0 {
                if !filled[index] {
                    filled[index] = true
                    missing -= 1
                }
                if missing != 0 {
                    return .hold
                }
            }
            return .emit
        case .modifying:
            preconditionFailure("CombineLatestMachine: valueArrived(at:) found the placeholder state .modifying")
        }
    }

    /// Source `index` completed.
    package mutating func sourceCompleted(at index: Int) -> CompletionAction {
        var finished: Handle?
        switch state {
        case .ended, .closed:
            // Legitimate: another source failed first.
            return .none
        case .running(var handles):
            if completed[index] {
                Self.completedTwice(index, state)
            }
            if completedSourceDisposal == .atCompletion {
                state = .modifying  // releases the payload's reference: `handles` changes in place
                finished = handles[index].take()
            }
            state = .running(handles: handles)
        case .disposedWhileOpen:
            if completed[index] {
                Self.completedTwice(index, state)
            }
        case .modifying:
            preconditionFailure("CombineLatestMachine: sourceCompleted(at:) found the placeholder state .modifying")
        }
        completed[index] = true
        live -= 1
        if live == 0 {
            end()
            return .complete(thenDispose: finished)
        }
        return finished.map { .disposeSource($0) } ?? .none  // the rule: other sources are live
    }

    /// Impossible: each source is subscribed once, and a subscription delivers at most one
    /// terminal event.
    private static func completedTwice(_ index: Int, _ state: State) -> Never {
        preconditionFailure("CombineLatestMachine: sourceCompleted(at: \(index)) for a source that completed already (state \(state))")
    }

    /// A source failed.
    package mutating func sourceFailed() -> FailureAction {
        switch state {
        case .ended, .closed:
            // Legitimate: several sources may fail, or one fail after every other completed
            // while its error was on its way; only the first terminal event goes out.
            return .drop
        case .running, .disposedWhileOpen:
            end()
            return .forward
        case .modifying:
            preconditionFailure("CombineLatestMachine: sourceFailed() found the placeholder state .modifying")
        }
    }

    private mutating func end() {
        switch state {
        case .running(let handles): state = .ended(handles: handles)
        case .disposedWhileOpen: state = .closed
        case .ended, .closed: break
        case .modifying: preconditionFailure("CombineLatestMachine: end() found the placeholder state .modifying")
        }
    }

    /// The subscription of source `index` was returned by its `start`.
    package mutating func attach(_ handle: Handle, at index: Int) -> AttachAction {
        switch state {
        case .running(var handles):
            if completedSourceDisposal == .atCompletion && completed[index] {
                return .dispose(handle)
            }
            state = .modifying  // releases the payload's reference: `handles` changes in place
            handles[index] = handle
            state = .running(handles: handles)
            return .keep
        case .ended(var handles):
            state = .modifying
            handles[index] = handle
            state = .ended(handles: handles)
            return .keep
        case .disposedWhileOpen, .closed:
            return .dispose(handle)
        case .modifying:
            preconditionFailure("CombineLatestMachine: attach(_:at:) found the placeholder state .modifying")
        }
    }

    /// The subscription is disposed: hands out every source subscription still held.
    package mutating func dispose() -> DisposeAction {
        switch state {
        case .running(let handles):
            state = .disposedWhileOpen
            return .dispose(handles)
        case .ended(let handles):
            state = .closed
            return .dispose(handles)
        case .disposedWhileOpen, .closed:
            return .none  // legitimate: disposal is idempotent
        case .modifying:
            preconditionFailure("CombineLatestMachine: dispose() found the placeholder state .modifying")
        }
    }
}

extension Optional {
    /// Moves the value out, leaving nil.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
