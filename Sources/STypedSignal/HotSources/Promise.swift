import SignalSync

/// The latest value of its current source signal, replayed to every subscriber.
///
/// `set(signal)` switches to a new source: the current value is cleared (subscribers
/// are not told), the new source is subscribed before the old subscription is
/// disposed, and every value it emits becomes current and reaches every subscriber,
/// in subscription order, on the emitting thread. Source completion is ignored: the
/// last value stays. `get()` emits the current value (if any) on subscription, then
/// every later one; it never completes. The source does not keep the promise alive;
/// each subscription of `get()` does. A subscription started while the source emits on
/// another thread gets the current value first, then the newest value emitted meanwhile,
/// then every later one, and returns in bounded time however fast values come.
///
/// ```swift
/// let name = Promise<String>("anonymous")
/// let _ = name.get().start(next: { print($0) })   // anonymous
/// name.set(.single("alice"))                      // alice
/// ```
///
/// The initializers are inlinable so that the promise's hub is made specialized for `T`
/// where the promise is (its disposals then run specialized).
public final class Promise<T>: @unchecked Sendable {
    // Safety: the cell and `initializer` lock.
    @usableFromInline let cell: ValueCellEngine<T>
    @usableFromInline let initializer: LockedState<Signal<T, NoError>?>
    /// True when made with a signal to start on first access: only then does a
    /// subscription look at `initializer`.
    @usableFromInline let initializesOnFirstAccess: Bool

    /// Called first when the promise is deallocated (then the source is disposed).
    public var onDeinit: (() -> Void)?

    /// Creates an empty promise that calls `set(initializeOnFirstAccess)` when `get()`
    /// is first subscribed to (after emitting any value set before). Nil is `init()`.
    @inlinable public init(initializeOnFirstAccess: Signal<T, NoError>?) {
        cell = ValueCellEngine(nil)
        initializer = LockedState(initializeOnFirstAccess)
        initializesOnFirstAccess = initializeOnFirstAccess != nil
    }

    /// Creates a promise whose current value is `value`.
    @inlinable public init(_ value: T) {
        cell = ValueCellEngine(value)
        initializer = LockedState(nil)
        initializesOnFirstAccess = false
    }

    /// Creates an empty promise.
    @inlinable public init() {
        cell = ValueCellEngine(nil)
        initializer = LockedState(nil)
        initializesOnFirstAccess = false
    }

    deinit {
        onDeinit?()
        cell.disposeSource()
    }

    /// Switches to `signal` as the source of values.
    ///
    /// A signal made by `single` is not subscribed: its value is set where its
    /// subscription would have sent it (before the previous source is disposed), and
    /// nothing is left to dispose later, as after that subscription's completion
    /// (`ValueCellEngine.replaceSource(withValue:)`).
    ///
    /// Inlinable, so that it runs specialized for `T`: the cell's engine reached from code
    /// that is not looks up the run-time metadata of its generic state at every set.
    @inlinable public func set(_ signal: Signal<T, NoError>) {
        if signal.stage.plan(for: .forwarder) == .sendSingleValue {
            cell.replaceSource(withValue: signal.singleValue)
            return
        }
        cell.replaceSource { [cell] in
            signal.start(next: { [weak cell] next in
                cell?.set(next)
            })
        }
    }

    /// The values held for subscribers receiving their replay (at most one each), for the
    /// stress tests.
    package var pendingHandovers: Int {
        cell.pendingCount
    }

    /// The current value, then every later one; never completes.
    ///
    /// Inlinable, so that subscribing runs specialized for `T` in the caller: unspecialized,
    /// each subscription looked up the run-time metadata of the hub's generic types.
    @inlinable public func get() -> Signal<T, NoError> {
        HubSignal<T, NoError>(cell.hub, owner: self, joined: initializesOnFirstAccess ? { ($0 as! Promise).subscriberJoined() } : nil)
    }

    /// Starts the deferred source (`initializeOnFirstAccess`) after the first subscriber
    /// has received the value set before, if any.
    @inlinable func subscriberJoined() {
        if let initializer = initializer.withLock({ $0.take() }) {
            set(initializer)
        }
    }
}
