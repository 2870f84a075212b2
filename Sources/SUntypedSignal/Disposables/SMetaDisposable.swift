import SignalSync

/// A slot for one disposable that can be replaced.
///
/// `setDisposable(new)` stores `new`, then disposes the previous occupant outside the
/// lock (so setting nil disposes and clears the slot). Setting the object that is
/// already stored disposes it and keeps it stored. After `dispose()`, everything that is
/// set is disposed at once and not stored. Deallocation releases the occupant without
/// disposing it.
public final class SMetaDisposable: SDisposable, @unchecked Sendable {
    // Safety: the slot locks.
    private let slot = ClosableSlot()

    /// Creates an empty slot.
    public init() {}

    /// Replaces the occupant with `disposable` and disposes the previous occupant; when
    /// the slot is already disposed, disposes `disposable` at once instead.
    public func setDisposable(_ disposable: SDisposable?) {
        slot.replace(with: disposable)?.dispose()
    }

    /// Disposes the occupant and rejects every later one; later calls do nothing.
    public func dispose() {
        slot.close()?.dispose()
    }

    /// True once `dispose()` has been called.
    package var isDisposed: Bool {
        slot.isClosed
    }
}
