/// Where a `combineLatest` source's values are kept, seen by `CombineLatestHubSource`: a
/// typed source's `CombineLatestSlot`, or the array of an array `combineLatest`
/// (`CombineLatestArray`, untyped `CombineLatestValues`), which knows its source's index.
@usableFromInline
package protocol CombineLatestStore: AnyObject {
    /// The source's values.
    associatedtype Value

    /// Hands `value`, from source `index`, to `engine`, to be kept here; `emit` as in
    /// `CombineLatestEngine.receive`.
    func receive<Output>(_ value: Value, in engine: CombineLatestEngine<Output>, at index: Int, emit: (Output) -> Void)
}

extension CombineLatestSlot: CombineLatestStore {
    @inlinable
    package func receive<Output>(_ value: Value, in engine: CombineLatestEngine<Output>, at index: Int, emit: (Output) -> Void) {
        engine.receive(value, into: self, at: index, emit: emit)
    }
}

extension CombineLatestArray: CombineLatestStore {
    @inlinable
    package func receive<Output>(_ value: Values.Element, in engine: CombineLatestEngine<Output>, at index: Int, emit: (Output) -> Void) {
        engine.receive(value, into: self, at: index, emit: emit)
    }
}

extension CombineLatestValues: CombineLatestStore {
    @inlinable
    package func receive<Output>(_ value: Any?, in engine: CombineLatestEngine<Output>, at index: Int, emit: (Output) -> Void) {
        engine.receive(value, into: self, at: index, emit: emit)
    }
}

/// A `combineLatest` source that is a hot source's signal (a pipe's, a value cell's),
/// joined to its hub as a receiver of its own: each value goes to the engine, and what the
/// engine emits to the downstream subscription. The hub's membership
/// (`PipeHubMembership`) is the source's disposable, which the engine keeps.
///
/// What a subscription of the source's own (a closure start: its core, its callbacks and
/// membership in one, the hub's pin, and an object its closures capture) did that this
/// does not: count as a live subscription, and drop a value that a push on another thread
/// had already taken from the hub when the source was disposed. The engine is disposed
/// only when the downstream subscription ends, which then drops such a value itself; a
/// hot source never ends, so no terminal event is lost. Two objects per source instead of
/// four (Benchmarks/PERFORMANCE.md, "What a live subscription holds").
///
/// Held only by the hub: when the hot source goes away (its hub closes) it is released,
/// and with it the downstream subscriber, as a source subscription's callbacks were.
///
/// Not final only for `CombineLatestValuesHubSource`, the untyped face's: an override of a
/// generic class runs unspecialized (the class's vtable is made at run time), which for
/// `Any?` values costs a dynamic cast and value witness calls per value; the untyped
/// subclass's override, of concrete types, runs specialized.
@usableFromInline
package class CombineLatestHubSource<Store: CombineLatestStore, Output, Failure, Face: SubscriptionFace>: PipeHubReceiver<
    Store.Value
>, @unchecked Sendable
{
    // Safety: immutable; the engine locks, and the downstream subscription is thread-safe.
    // Pinned by SignalCombineTests and SSignalCombineTests
    // (testHubSourcesFromTwoThreadsAllArrive).
    @usableFromInline let index: Int
    @usableFromInline let engine: CombineLatestEngine<Output>
    @usableFromInline let store: Store
    /// The downstream subscriber (of either API), kept alive as a source's callbacks kept it.
    @usableFromInline let downstream: AnyObject
    // Safety: unretained: `downstream`, which this object holds, owns a reference to it.
    /// The downstream subscriber's subscription.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Output, Failure, Face>>

    // Safety: `core` must be owned by `downstream` (callers pass a subscriber and its own
    // core).
    /// Source `index`, whose values `store` keeps for `engine`, emitting to `core`, the
    /// subscription of `downstream`.
    @inlinable
    package init(
        _ index: Int, store: Store, engine: CombineLatestEngine<Output>, downstream: AnyObject,
        core: Unmanaged<SubscriptionCore<Output, Failure, Face>>
    ) {
        self.index = index
        self.store = store
        self.engine = engine
        self.downstream = downstream
        self.core = core
    }

    /// A value of the source: to the engine, and what it emits downstream.
    @inlinable
    override package func deliver(_ value: Store.Value) {
        store.receive(value, in: engine, at: index) { output in
            // Safety: this object, alive while the hub calls it, keeps `core` alive.
            core._withUnsafeGuaranteedRef { $0.putNext(output) }
        }
    }
}

/// The untyped face's `CombineLatestHubSource` (`combineSignals`): the same source, whose
/// `deliver`, of concrete types, runs specialized.
@usableFromInline
package final class CombineLatestValuesHubSource: CombineLatestHubSource<CombineLatestValues, Any?, Any?, SSignalKitRules>,
    @unchecked Sendable
{
    // Safety: as its superclass's. Pinned by SSignalCombineTests and SCombineHubSourceTests.

    /// A value of the source: to the engine, and what it emits downstream.
    @inlinable
    override package func deliver(_ value: Any?) {
        engine.receive(value, into: store, at: index) { output in
            // Safety: as in the superclass's `deliver`.
            core._withUnsafeGuaranteedRef { $0.putNext(output) }
        }
    }
}
