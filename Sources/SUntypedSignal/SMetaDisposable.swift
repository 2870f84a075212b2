import SignalSync

/// A slot for one disposable that can be replaced.
///
/// `setDisposable(new)` stores `new`, then disposes the previous occupant outside the
/// lock (so setting nil disposes and clears the slot). Setting the object that is
/// already stored disposes it and keeps it stored. After `dispose()`, everything that is
/// set is disposed at once and not stored. Deallocation releases the occupant without
/// disposing it.
public final class SMetaDisposable: SDisposable, @unchecked Sendable {
    // Safety: `current` and `disposed` are guarded by `mutex`.
    private let mutex = Mutex()
    private var current: SDisposable?
    private var disposed = false

    /// Creates an empty slot.
    public init() {}

    /// Replaces the occupant with `disposable` and disposes the previous occupant; when
    /// the slot is already disposed, disposes `disposable` at once instead.
    public func setDisposable(_ disposable: SDisposable?) {
        mutex.lock()
        if disposed {
            mutex.unlock()
            disposable?.dispose()
            return
        }
        let previous = current
        current = disposable
        mutex.unlock()
        previous?.dispose()
    }

    /// Disposes the occupant and rejects every later one; later calls do nothing.
    public func dispose() {
        mutex.lock()
        if disposed {
            mutex.unlock()
            return
        }
        disposed = true
        let previous = current
        current = nil
        mutex.unlock()
        previous?.dispose()
    }

    /// True once `dispose()` has been called.
    package var isDisposed: Bool {
        mutex.withLock { disposed }
    }
}
