import SignalSync

/// The latest value of a signal that can be replaced, offered as a signal that never
/// ends.
///
/// `signal()` gives every subscriber the current value at once (if there is one) and
/// then every later value. `set(source)` clears the current value (it is no longer
/// replayed) and subscribes to `source`; each of its values becomes current and is
/// broadcast, outside the lock, on the source's thread. Errors and completion of a source
/// are ignored (subscribers just stop getting updates). The previous source subscription
/// is disposed after the new one has been started. The source subscription holds the
/// variable weakly; deallocation disposes it. The signal, and each live subscription,
/// keeps the variable alive.
public final class SVariable: @unchecked Sendable {
    // Safety: the cell locks.
    private let cell = ValueCellEngine<Any?>(nil)

    /// Creates an empty variable.
    public init() {}

    /// Feeds the variable from `signal`, replacing the previous source.
    ///
    /// A signal made by `single` is not subscribed: its value is set where its
    /// subscription would have sent it (before the previous source is disposed), and
    /// nothing is left to dispose later, as after that subscription's completion
    /// (`ValueCellEngine.replaceSource(withValue:)`).
    public func set(_ signal: SSignal) {
        if signal.stage.plan(for: .forwarder) == .sendSingleValue {
            cell.replaceSource(withValue: signal.singleValue)
            return
        }
        cell.replaceSource { [cell] in
            signal.start(next: { [weak cell] value in
                cell?.set(value)
            })
        }
    }

    /// The values held for subscribers receiving their replay (at most one each), for the
    /// stress tests.
    package var pendingHandovers: Int {
        cell.pendingCount
    }

    /// A signal of the current value (if any) and every later one; never completes.
    ///
    /// A subscriber that starts while the source emits on another thread gets the
    /// current value first, then the newest value emitted meanwhile, then every later
    /// one: never the replayed value after a newer one, and never a stale value last.
    public func signal() -> SSignal {
        HubSSignal(cell.hub, owner: self)
    }

    deinit {
        cell.disposeSource()
    }
}
