/// The one value of a signal made by the typed `Signal.single`, kept where a consumer can
/// read it without subscribing.
///
/// The untyped `SSignal`, not generic, holds the value of its `single` in itself. A typed
/// `Signal<T, E>` holding a `T?` would make every signal's deallocation look up the
/// metadata of `Optional<T>` at run time (a class's deinit is not specialized), so the
/// typed single keeps its value in this box: one allocation more per single.
///
/// Such a signal's generator emits `value` and completes, synchronously, and holds no
/// resources; its subscription therefore has no effect of its own. A consumer that would
/// only subscribe to forward that value (the inner queue engine's typed face,
/// `Promise.set`) reads it here instead and does what the subscription would have done,
/// in the same order, without building one. Such a signal has no generator: starting it
/// emits the boxed value, so a single costs two allocations as before (the signal and
/// the box, in place of the generator's context).
///
/// Immutable. Public only so that it inlines into the API modules (`single` is
/// `@inlinable`); not for users.
@_documentation(visibility: internal)
public final class SingleValue<Value>: @unchecked Sendable {
    // Safety: immutable; the value's own thread safety is the signal's contract, as for
    // any value a generator captures.
    /// The value the signal emits on every subscription.
    public let value: Value

    /// A box holding `value`.
    @inlinable public init(_ value: Value) {
        self.value = value
    }
}
