/// One replaceable disposable behind a lock, that can be closed once: the state under
/// both APIs' meta disposables (and the engines that swap a source subscription).
///
/// The methods only move items in and out; the caller disposes what they return,
/// after the lock is released, so disposal may come back to the slot. Not generic, as
/// `ClosableList`: its code runs with concrete types wherever it is used.
@usableFromInline
package final class ClosableSlot: Sendable {
    /// The disposable a slot holds.
    @usableFromInline package typealias Item = any UpstreamDisposable

    // All state is inside `state`, reached only under its lock.
    private struct Contents {
        var item: Item?
        var closed = false
    }

    private let state = LockedState(Contents())

    @usableFromInline package init() {}

    /// Stores `newItem` and returns what the caller must now dispose: the previous item,
    /// or `newItem` itself when the slot is closed.
    @usableFromInline package func replace(with newItem: Item?) -> Item? {
        state.withLock { contents in
            if contents.closed {
                return newItem
            }
            defer { contents.item = newItem }
            return contents.item
        }
    }

    /// Closes the slot; the first call returns the item to dispose, later calls nil.
    package func close() -> Item? {
        state.withLock { contents in
            if contents.closed {
                return nil
            }
            contents.closed = true
            defer { contents.item = nil }
            return contents.item
        }
    }

    /// True once `close()` has been called.
    package var isClosed: Bool {
        state.withLock { $0.closed }
    }
}
