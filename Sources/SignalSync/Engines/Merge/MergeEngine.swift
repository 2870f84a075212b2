/// The per-subscription state of typed `merge` and untyped `SSignal.merge`: holds the
/// `MergeMachine` under a lock and performs its actions after unlocking.
///
/// A face subscribes the sources in order while `isRunning`, attaching each subscription
/// with `attach(_:at:)`, forwards every value downstream itself (values take no lock:
/// concurrent sources deliver concurrently, as untyped `mergeSignals` does), and hands
/// each terminal event to `sourceCompleted(_:)` / `sourceFailed(_:)` with what to send
/// downstream. The engine is the disposable the face's generator returns: `dispose()`
/// disposes every source's subscription, in source order.
///
/// No closure runs and nothing is disposed while the lock is held, so every method may be
/// called from any thread and re-entrantly (a subscriber that disposes inside a value or a
/// terminal event, a source that ends while being subscribed).
@usableFromInline
package final class MergeEngine: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    @usableFromInline let state: LockedState<MergeMachine<any UpstreamDisposable>>

    /// An engine for `count` sources (at least one).
    @inlinable
    package init(count: Int) {
        state = LockedState(MergeMachine(count: count))
    }

    /// Whether the next source is to be subscribed.
    @inlinable
    package var isRunning: Bool {
        state.withLock { $0.isRunning }
    }

    /// Source `index`'s subscription (disposed at once when the output ended meanwhile).
    @inlinable
    package func attach(_ handle: any UpstreamDisposable, at index: Int) {
        if case .dispose(let late) = state.withLock({ $0.attach(handle, at: index) }) {
            late.dispose()
        }
    }

    /// A source completed: `complete` sends the completion downstream when it was the
    /// last; then the subscriptions are disposed.
    @inlinable
    package func sourceCompleted(_ complete: () -> Void) {
        end(state.withLock { $0.sourceCompleted() }, complete)
    }

    /// A source failed: `fail` sends the error downstream when it is the first terminal
    /// event; then the subscriptions are disposed.
    @inlinable
    package func sourceFailed(_ fail: () -> Void) {
        end(state.withLock { $0.sourceFailed() }, fail)
    }

    @inlinable
    func end(_ action: MergeMachine<any UpstreamDisposable>.TerminalAction, _ send: () -> Void) {
        guard case .end(let handles) = action else { return }
        send()
        for handle in handles {
            handle.dispose()
        }
    }

    /// Disposes every source's subscription, in source order; later calls do nothing.
    @inlinable
    package func dispose() {
        guard case .dispose(let handles) = state.withLock({ $0.dispose() }) else { return }
        for handle in handles {
            handle.dispose()
        }
    }
}
