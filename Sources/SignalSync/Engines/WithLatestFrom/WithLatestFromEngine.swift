/// The per-subscription state of typed `withLatestFrom` and untyped
/// `SSignal.withLatestFrom`: holds the `WithLatestFromMachine` under a lock and performs
/// its actions after unlocking.
///
/// A face subscribes the other signal first, then (while `isRunning`) the source,
/// attaching each subscription with `attach(_:_:)`, and hands every event to the engine:
/// the other's values to `otherValue`, the source's to `sourceValue` (which calls `emit`
/// with the latest value of the other, after unlocking, on the source's thread), the
/// other's error and the source's terminal events to `end` (the other's completion is
/// ignored). The engine is the disposable the face's generator returns: `dispose()`
/// disposes the other's subscription, then the source's.
///
/// No closure runs and nothing is disposed or released while the lock is held, so every
/// method may be called from any thread and re-entrantly.
@usableFromInline
package final class WithLatestFromEngine<Other>: @unchecked Sendable {
    // Safety: the machine is reached only through `state.withLock`.
    @usableFromInline package typealias Machine = WithLatestFromMachine<Other, any UpstreamDisposable>
    @usableFromInline let state = LockedState(Machine())

    /// An engine with no value of the other yet.
    @inlinable
    package init() {}

    /// Whether the next signal is to be subscribed.
    @inlinable
    package var isRunning: Bool {
        state.withLock { $0.isRunning }
    }

    /// The subscription of `side` (disposed at once when the output ended meanwhile).
    @inlinable
    package func attach(_ handle: any UpstreamDisposable, _ side: Machine.Side) {
        if case .dispose(let late) = state.withLock({ $0.attach(handle, side) }) {
            late.dispose()
        }
    }

    /// The other signal emitted `value`: it is the latest.
    @inlinable
    package func otherValue(_ value: Other) {
        let action = state.withLock { $0.otherValue(value) }
        withExtendedLifetime(action) {}  // the replaced value, released here
    }

    /// The source emitted a value: `emit` is called with the other's latest value, if
    /// there is one.
    @inlinable
    package func sourceValue(_ emit: (Other) -> Void) {
        if case .emit(let latest) = state.withLock({ $0.sourceValue() }) {
            emit(latest)
        }
    }

    /// A terminal event that ends the output: `send` sends it downstream when it is the
    /// first; then both subscriptions are disposed.
    @inlinable
    package func end(_ send: () -> Void) {
        guard case .end(let end) = state.withLock({ $0.end() }) else { return }
        send()
        for handle in end.dispose {
            handle.dispose()
        }
        withExtendedLifetime(end.released) {}
    }

    /// Disposes the other's subscription, then the source's; later calls do nothing.
    @inlinable
    package func dispose() {
        guard case .end(let end) = state.withLock({ $0.end() }) else { return }
        for handle in end.dispose {
            handle.dispose()
        }
        withExtendedLifetime(end.released) {}
    }
}
