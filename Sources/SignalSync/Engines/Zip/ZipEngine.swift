/// The per-subscription state of typed `zip` and untyped `SSignal.zip`: holds the
/// `ZipMachine` under a lock and performs its actions after unlocking.
///
/// A face subscribes the sources in order while `isRunning`, attaching each subscription
/// with `attach(_:at:)`, and hands every event to the engine with what to send
/// downstream. A row is built under the lock (values taken from the buffers) and emitted
/// after unlocking, on the thread of the value that completed it; rows completed at the
/// same time on two threads may reach downstream in either order. The engine is the
/// disposable the face's generator returns: `dispose()` disposes every source's
/// subscription, in source order, and releases the unpaired values.
///
/// No closure runs and nothing is disposed or released while the lock is held, so every
/// method may be called from any thread and re-entrantly (a subscriber that disposes
/// inside a row, a source that emits or ends while being subscribed).
@usableFromInline
package final class ZipEngine<Value>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    @usableFromInline package typealias Machine = ZipMachine<Value, any UpstreamDisposable>
    @usableFromInline let state: LockedState<Machine>

    /// An engine for `count` sources (at least one).
    @inlinable
    package init(count: Int) {
        state = LockedState(Machine(count: count))
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

    /// Source `index` emitted `value`: `emit` sends a completed row downstream, and
    /// `complete` the completion when that row used up a completed source.
    @inlinable
    package func receive(_ value: Value, at index: Int, emit: ([Value]) -> Void, complete: () -> Void) {
        guard case .emit(let row, let end) = state.withLock({ $0.receive(value, at: index) }) else { return }
        emit(row)
        if let end {
            perform(end, complete)
        }
    }

    /// Source `index` completed: `complete` sends the completion downstream when it has
    /// no unpaired value.
    @inlinable
    package func sourceCompleted(at index: Int, _ complete: () -> Void) {
        if case .end(let end) = state.withLock({ $0.sourceCompleted(at: index) }) {
            perform(end, complete)
        }
    }

    /// A source failed: `fail` sends the error downstream when it is the first terminal
    /// event.
    @inlinable
    package func sourceFailed(_ fail: () -> Void) {
        if case .end(let end) = state.withLock({ $0.sourceFailed() }) {
            perform(end, fail)
        }
    }

    @inlinable
    func perform(_ end: Machine.End, _ send: () -> Void) {
        send()
        for handle in end.dispose {
            handle.dispose()
        }
        withExtendedLifetime(end.released) {}  // the unpaired values, released here
    }

    /// Disposes every source's subscription, in source order; later calls do nothing.
    @inlinable
    package func dispose() {
        guard case .end(let end) = state.withLock({ $0.dispose() }) else { return }
        for handle in end.dispose {
            handle.dispose()
        }
        withExtendedLifetime(end.released) {}
    }
}
