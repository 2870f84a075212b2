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
    // Safety: the slot locks.
    private let slot = ClosableSlot()

    /// Creates an empty slot.
    public init() {}

    /// Replaces the occupant with `disposable` and disposes the previous occupant.
    public func set(_ disposable: Disposable?) {
        slot.replace(with: disposable)?.dispose()
    }

    /// Disposes the occupant; later calls do nothing.
    public func dispose() {
        slot.close()?.dispose()
    }
}
