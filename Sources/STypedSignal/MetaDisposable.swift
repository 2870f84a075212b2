import SignalSync

/// A slot for one disposable that can be replaced; disposing the slot disposes the
/// occupant and everything set later.
///
/// `set` stores the new disposable and then disposes the previous one (outside the
/// lock, so the previous one may call `set` again from its own `dispose`). Setting
/// the object that is already stored disposes it and keeps it stored. After
/// `dispose()`, every disposable that is set is disposed at once. Deallocation
/// releases the occupant without disposing it.
public final class MetaDisposable: Disposable, @unchecked Sendable {
    // Safety: `current` and `disposed` are guarded by `mutex`.
    private let mutex = Mutex()
    private var current: Disposable?
    private var disposed = false

    /// Creates an empty slot.
    public init() {}

    /// Replaces the occupant with `disposable` and disposes the previous occupant.
    public func set(_ disposable: Disposable?) {
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

    /// Disposes the occupant; later calls do nothing.
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
}
