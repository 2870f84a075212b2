import SignalSync

/// Combines the latest values of two or more signals into tuples.
///
/// One variadic generic function covers every arity from two up, with the exact tuple
/// as output (`Signal<(T1, T2, T3), E>` for three sources); the original has one
/// overload per arity, 2 through 26.
///
/// The sources are subscribed in argument order, synchronously, when the result is
/// started. Nothing is emitted until every source has produced a value; from then on
/// every value of any source emits the latest values of all sources, in argument
/// order. A `nil` value of an Optional source counts as a value. Each value yields
/// exactly one emission, on the thread of the source that sent it (concurrent sources
/// are not serialised, but the state is updated atomically).
///
/// - Completion: once **every** source has completed (a source that completes without
///   ever emitting does not end the output early; the output then completes without
///   emitting). A completed source is disposed on its own as it completes (its
///   disposable twice, as in SwiftSignalKit: once from inside its completion, once by
///   its own subscriber).
/// - Error: the first error is forwarded, later ones are ignored; all sources are then
///   disposed in argument order. A source that fails while being subscribed does not
///   stop the remaining ones from being subscribed (their events are dropped).
/// - Disposal: disposes every source subscription once, in argument order.
/// - `queue`: when given, each source is wrapped in `deliverOn(queue)`, so values and
///   terminal events are processed and emitted on `queue` (inline when already on it and
///   no source's events wait for their turn there: an event never overtakes one that
///   another source sent before it).
///
/// Synchronous sources run to their end one after another, so only the last value of
/// an earlier one is seen:
///
/// ```swift
/// let a = Signal<Int, NoError> { s in s.putNext(1); s.putNext(2); s.putCompletion(); return EmptyDisposable }
/// let b = Signal<String, NoError> { s in s.putNext("x"); s.putNext("y"); s.putCompletion(); return EmptyDisposable }
/// combineLatest(a, b).start(next: { print($0) })
/// // (2, "x"), (2, "y")
/// ```
@inlinable
public func combineLatest<T1, T2, each T, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ rest: repeat Signal<each T, E>
) -> Signal<(T1, T2, repeat each T), E> {
    var others: [CombineLatestSource<(T1, T2, repeat each T), E>] = []
    for signal in repeat each rest {
        others.append(TypedCombineLatestSource(signal))
    }
    // Safety: the sources are immutable after init; each start only reads them.
    nonisolated(unsafe) let sources = CombineLatestSources(queue: queue, s1, s2, others)
    return Signal { subscriber in
        sources.subscribe(subscriber)
    }
}

/// Combines the latest values of two signals, starting from the given initial values.
///
/// `(v1, v2)` is emitted synchronously, on the caller's thread, before anything is
/// subscribed (even with a `queue`). The initial values also seed the state, so every
/// later value of either source emits at once. Completion, errors, disposal and
/// `queue` as in the other `combineLatest` overloads.
///
/// ```swift
/// combineLatest(online, false, unread, 0).start(next: { print($0) })
/// // (false, 0) at once, then a tuple for every change
/// ```
public func combineLatest<T1, T2, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ v1: T1,
    _ s2: Signal<T2, E>,
    _ v2: T2
) -> Signal<(T1, T2), E> {
    // Safety: the initial values are only read, by each start (a signal hands values of
    // any type to the thread that starts it).
    nonisolated(unsafe) let v1 = v1
    nonisolated(unsafe) let v2 = v2
    return Signal { subscriber in
        subscriber.putNext((v1, v2))
        let first = CombineLatestSlot<T1>.holding(v1)
        let second = CombineLatestSlot<T2>.holding(v2)
        let engine = makeCombineLatestEngine(CombineLatestTuple<(T1, T2)>.of([first, second]), seeded: 2)
        let sources = CombineLatestSubscription(engine: engine, subscriber: subscriber, queue: queue)
        sources.subscribe(0, to: s1, slot: first)
        sources.subscribe(1, to: s2, slot: second)
        return engine
    }
}

/// Combines the latest values of an array of signals of one type into arrays.
///
/// Behaves like the tuple overloads, with `[T]` output in the order of `signals`. An
/// empty array emits `[]` and completes synchronously when started (even with a
/// `queue`).
///
/// A value costs the same whatever the number of sources: the latest values live in one
/// array, which each emission hands downstream as it is and the next value updates in
/// place. An array kept downstream is a value like any other and never changes: the next
/// value copies it first (copy-on-write), so keeping every emission costs a copy each.
///
/// ```swift
/// combineLatest([price(of: "A"), price(of: "B")]).start(next: { print($0) })
/// // [10, 20], then a new array for every change
/// ```
@inlinable
public func combineLatest<T, E>(queue: Queue? = nil, _ signals: [Signal<T, E>]) -> Signal<[T], E> {
    if signals.isEmpty {
        return Signal { subscriber in
            subscriber.putNext([])
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
    return Signal { subscriber in
        let values = CombineLatestArray<[T]>(count: signals.count)
        let engine = CombineLatestEngine<[T]>(count: signals.count, seeded: 0, completedSourceDisposal: .atCompletion) {
            $0.initialize(to: values.combined)
        }
        let sources = CombineLatestSubscription(engine: engine, subscriber: subscriber, queue: queue)
        for (index, signal) in signals.enumerated() {
            sources.subscribe(index, to: signal, keptIn: values)
        }
        return engine
    }
}

// MARK: - Face

/// The shared engine (SignalSync's `Engines/CombineLatest/`) is the disposable that a
/// `combineLatest` generator returns.
extension CombineLatestEngine: Disposable {}

/// The sources of a tuple `combineLatest`, kept in a class so that the generator
/// closure captures one object rather than a parameter pack. The sources after the first
/// two are kept without their value types, not as a parameter pack: a type generic over a
/// pack needs the Swift 5.9 runtime (macOS 14, iOS 17), and `combineLatest` serves the
/// package's whole floor (macOS 10.15, iOS 13).
///
/// Inlinable, so that the first two sources' subscriptions are made where their types are
/// known: made unspecialized, each source's closures would capture type metadata, and each
/// would get a context of its own (Benchmarks/PERFORMANCE.md, "What a live subscription holds").
@usableFromInline
final class CombineLatestSources<Output, E, T1, T2> {
    @usableFromInline let queue: Queue?
    @usableFromInline let first: Signal<T1, E>
    @usableFromInline let second: Signal<T2, E>
    @usableFromInline let rest: [CombineLatestSource<Output, E>]

    /// `Output` is the tuple of `T1`, `T2` and the value types of `rest`, in order.
    @inlinable
    init(queue: Queue?, _ first: Signal<T1, E>, _ second: Signal<T2, E>, _ rest: [CombineLatestSource<Output, E>]) {
        self.queue = queue
        self.first = first
        self.second = second
        self.rest = rest
    }

    /// One subscription: fresh slots and engine, sources subscribed in argument order.
    @inlinable
    func subscribe(_ subscriber: Subscriber<Output, E>) -> Disposable {
        let firstSlot = CombineLatestSlot<T1>.empty()
        let secondSlot = CombineLatestSlot<T2>.empty()
        let restSlots = rest.map { $0.makeSlot() }
        let engine = makeCombineLatestEngine(CombineLatestTuple<Output>.of([firstSlot, secondSlot] + restSlots), seeded: 0)
        let sources = CombineLatestSubscription(engine: engine, subscriber: subscriber, queue: queue)
        sources.subscribe(0, to: first, slot: firstSlot)
        sources.subscribe(1, to: second, slot: secondSlot)
        for (offset, source) in rest.enumerated() {
            source.subscribe(offset + 2, with: sources, slot: restSlots[offset])
        }
        return engine
    }
}

/// A source of a tuple `combineLatest` after the first two, seen without its value type
/// (the one subclass, `TypedCombineLatestSource`, knows it).
@usableFromInline
class CombineLatestSource<Output, E> {
    @usableFromInline init() {}

    /// A fresh, empty slot of the source's value type.
    @usableFromInline
    func makeSlot() -> any CombineLatestTuplePart {
        preconditionFailure("TypedCombineLatestSource overrides it")
    }

    /// Subscribes the source as number `index` of `subscription`, into `slot` (made by
    /// `makeSlot()`).
    @usableFromInline
    func subscribe(_ index: Int, with subscription: CombineLatestSubscription<Output, E>, slot: any CombineLatestTuplePart) {
        preconditionFailure("TypedCombineLatestSource overrides it")
    }
}

/// A source of a tuple `combineLatest` after the first two, with its value type `V`.
@usableFromInline
final class TypedCombineLatestSource<V, Output, E>: CombineLatestSource<Output, E> {
    @usableFromInline let signal: Signal<V, E>

    @usableFromInline
    init(_ signal: Signal<V, E>) {
        self.signal = signal
    }

    @usableFromInline
    override func makeSlot() -> any CombineLatestTuplePart {
        CombineLatestSlot<V>.empty()
    }

    @usableFromInline
    override func subscribe(_ index: Int, with subscription: CombineLatestSubscription<Output, E>, slot: any CombineLatestTuplePart) {
        // `slot` is the one `makeSlot()` made: a `CombineLatestSlot<V>`.
        subscription.subscribe(index, to: signal, slot: slot as! CombineLatestSlot<V>)
    }
}

/// The engine of a tuple `combineLatest` whose first `seeded` elements start with a
/// value, made outside the generic context of the element types: its `combine` closure
/// then captures the output type's metadata as it is, where a closure formed over the
/// element types would look the tuple's metadata up at every event.
@usableFromInline
func makeCombineLatestEngine<Output>(_ tuple: CombineLatestTuple<Output>, seeded: Int) -> CombineLatestEngine<Output> {
    CombineLatestEngine<Output>(count: tuple.count, seeded: seeded, completedSourceDisposal: .atCompletion) {
        tuple.combine(into: $0)
    }
}

/// One element of a tuple `combineLatest` output: a source's slot, seen without its
/// value type.
@usableFromInline
protocol CombineLatestTuplePart: AnyObject {
    /// The size and alignment of the value type.
    var layout: (size: Int, alignment: Int) { get }
    // Safety: callers pass uninitialized memory laid out for the value type, at an offset
    // computed from `layout` (`CombineLatestTuple`). Pinned by
    // SignalCombineTests.testElementsOfMixedSizesAndAlignmentsLandInTheirPlaces.
    /// Copies the stored value to `address` (uninitialized memory of the value type).
    func copyValue(to address: UnsafeMutableRawPointer)
}

extension CombineLatestSlot: CombineLatestTuplePart {
    @usableFromInline
    var layout: (size: Int, alignment: Int) {
        (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment)
    }

    // Safety: see `CombineLatestTuplePart.copyValue`.
    @usableFromInline
    func copyValue(to address: UnsafeMutableRawPointer) {
        address.initializeMemory(as: Value.self, to: value)
    }
}

/// One element of a `CombineLatestTuple`: the slot it is read from and where it goes.
@usableFromInline
struct CombineLatestTupleElement {
    /// The slot of the element's source.
    let part: any CombineLatestTuplePart
    /// The element's byte offset in the output tuple.
    let offset: Int
}

/// How the output tuple of one tuple `combineLatest` subscription is built from its
/// slots: one object, the slots and their offsets in its own tail (a `ManagedBuffer`
/// whose header is their count). Made with `of(_:)`.
///
/// The tuple is written element by element into the memory the engine gives
/// (`combine(into:)`), at offsets computed once from the elements' sizes and alignments
/// (Swift lays a tuple out like a struct: each element at the next offset aligned for it).
/// Building it as a tuple expression over the parameter pack instead looked the tuple's
/// metadata up at every event; building it in a buffer of its own cost a heap block per
/// subscription (Benchmarks/PERFORMANCE.md, "What a live subscription holds").
@usableFromInline
final class CombineLatestTuple<Output>: ManagedBuffer<Int, CombineLatestTupleElement> {
    // The count and the elements are written once, in `of(_:)`, and only read after. (Not
    // `Sendable`, as no `ManagedBuffer` is: the engine that shares it calls it under its lock.)

    /// The tuple of the values in `parts`, in order; `Output` is the tuple of their types.
    @usableFromInline
    static func of(_ parts: [any CombineLatestTuplePart]) -> CombineLatestTuple {
        // Safety: `create` makes an instance of the class it is called on.
        let tuple = unsafeDowncast(create(minimumCapacity: parts.count) { _ in 0 }, to: CombineLatestTuple.self)
        var size = 0
        var alignment = 1
        tuple.withUnsafeMutablePointers { count, elements in
            for part in parts {
                let layout = part.layout
                let offset = (size + layout.alignment - 1) / layout.alignment * layout.alignment
                (elements + count.pointee).initialize(to: CombineLatestTupleElement(part: part, offset: offset))
                count.pointee += 1
                size = offset + layout.size
                alignment = max(alignment, layout.alignment)
            }
        }
        precondition(
            size == MemoryLayout<Output>.size && alignment == MemoryLayout<Output>.alignment,
            "combineLatest: the output tuple is not laid out as its elements say")
        return tuple
    }

    /// How many elements (sources) the tuple has.
    @usableFromInline
    var count: Int { header }

    // Safety: `output` is uninitialized memory for one `Output` (the engine's), which this
    // initializes element by element at the offsets `of(_:)` checked against `Output`'s
    // layout. Pinned by SignalCombineTests.testElementsOfMixedSizesAndAlignmentsLandInTheirPlaces
    // and testArity26GivesTheExactTuple.
    /// Initializes `output` with the tuple of the latest values; the engine calls it under
    /// its lock once all are set.
    func combine(into output: UnsafeMutablePointer<Output>) {
        let raw = UnsafeMutableRawPointer(output)
        withUnsafeMutablePointers { count, elements in
            for index in 0..<count.pointee {
                elements[index].part.copyValue(to: raw + elements[index].offset)
            }
        }
    }

    deinit {
        // Safety: the header counts the elements `of(_:)` initialized; each is destroyed once,
        // here. Pinned by SignalCombineTests.testValuesAndCallbacksAreReleasedAfterDisposal.
        withUnsafeMutablePointers { count, elements in
            _ = elements.deinitialize(count: count.pointee)
        }
    }
}

/// The typed face of one `combineLatest` subscription: subscribes each source (through
/// `deliverOn(queue)` when there is a queue, the hops in one group: see `SerialHopGroup`)
/// and hands its events to the engine, with what goes downstream.
@usableFromInline
struct CombineLatestSubscription<Output, E> {
    @usableFromInline let engine: CombineLatestEngine<Output>
    @usableFromInline let subscriber: Subscriber<Output, E>
    @usableFromInline let hops: (queue: Queue, group: SerialHopGroup)?

    @usableFromInline
    init(engine: CombineLatestEngine<Output>, subscriber: Subscriber<Output, E>, queue: Queue?) {
        self.engine = engine
        self.subscriber = subscriber
        hops = queue.map { ($0, SerialHopGroup()) }
    }

    /// Subscribes source number `index`, storing its values in `slot`; does nothing
    /// once the engine is disposed.
    @inlinable
    func subscribe<V>(_ index: Int, to signal: Signal<V, E>, slot: CombineLatestSlot<V>) {
        if subscribedThroughHub(index, of: signal, keptIn: slot) {
            return
        }
        subscribe(index, to: signal, through: CombineLatestSlotSource(index, slot: slot, engine: engine, subscriber: subscriber))
    }

    /// Subscribes source number `index` of an array `combineLatest`, storing its values
    /// at `index` in `values`; does nothing once the engine is disposed.
    @inlinable
    func subscribe<V>(_ index: Int, to signal: Signal<V, E>, keptIn values: CombineLatestArray<[V]>) where Output == [V] {
        if subscribedThroughHub(index, of: signal, keptIn: values) {
            return
        }
        subscribe(index, to: signal, through: CombineLatestArraySource(index, values: values, engine: engine, subscriber: subscriber))
    }

    /// Joins the hub of source `index` when it is a hot source's signal and no queue
    /// moves its values: the hub calls a `CombineLatestHubSource`, which hands each value
    /// to the engine, instead of a subscription of the source's own; its membership is the
    /// source's disposable. False for any other source (and with a queue).
    @inlinable
    func subscribedThroughHub<Store: CombineLatestStore>(_ index: Int, of signal: Signal<Store.Value, E>, keptIn store: Store) -> Bool {
        guard hops == nil, signal.stage.plan(for: .valueReceiver) == .joinHub else {
            return false
        }
        if engine.isDisposed {
            return true
        }
        let hub = signal.joinedHub
        let source = CombineLatestHubSource<Store, Output, E, SwiftSignalKitRules>(
            index, store: store, engine: engine, downstream: subscriber, core: subscriber.core)
        engine.attach(hub.join(source), at: index)
        return true
    }

    /// Subscribes source number `index`, handing its events to `source`; does nothing
    /// once the engine is disposed. Each closure captures only `source`, which is then
    /// its context: one object per source rather than three closure contexts.
    @inlinable
    func subscribe<V>(_ index: Int, to signal: Signal<V, E>, through source: CombineLatestSourceCallbacks<V, Output, E>) {
        if engine.isDisposed {
            return
        }
        let signal = hops.map { signal |> deliverOn($0.queue, group: $0.group) } ?? signal
        let handle = signal.start(next: { source.next($0) }, error: { source.error($0) }, completed: { source.completed() })
        engine.attach(handle, at: index)
    }
}

/// What one source of a typed `combineLatest` subscription calls back with: its values go
/// to the engine (`next`, in a subclass, which knows where they are kept), its terminal
/// events end the subscription as the engine says.
@usableFromInline
class CombineLatestSourceCallbacks<V, Output, E>: @unchecked Sendable {
    // Safety: every stored property here and in the two subclasses is a `let`; the engine
    // and the subscriber are thread-safe, and a subclass's slot is touched only under the
    // engine's lock (`CombineLatestSlot`). Pinned under ThreadSanitizer by
    // SignalCombineTests.testConcurrentPushesYieldExactlyOneEmissionPerValue and
    // CombineLatestHubSourceTests.testConcurrentPushesIntoTwoPipesYieldOneEmissionEach.
    @usableFromInline let index: Int
    @usableFromInline let engine: CombineLatestEngine<Output>
    @usableFromInline let subscriber: Subscriber<Output, E>

    @inlinable
    init(_ index: Int, engine: CombineLatestEngine<Output>, subscriber: Subscriber<Output, E>) {
        self.index = index
        self.engine = engine
        self.subscriber = subscriber
    }

    /// A value of the source.
    @inlinable
    func next(_ value: V) {
        preconditionFailure("a subclass overrides it")
    }

    /// The source's error.
    @inlinable
    final func error(_ error: E) {
        engine.sourceFailed { subscriber.putError(error) }
    }

    /// The source's completion.
    @inlinable
    final func completed() {
        engine.sourceCompleted(at: index) { subscriber.putCompletion() }
    }
}

/// A source of a tuple `combineLatest`, whose values are kept in `slot`.
@usableFromInline
final class CombineLatestSlotSource<V, Output, E>: CombineLatestSourceCallbacks<V, Output, E>, @unchecked Sendable {
    // Safety: as the superclass's: `slot` is a `let`, touched only under the engine's lock.
    @usableFromInline let slot: CombineLatestSlot<V>

    @inlinable
    init(_ index: Int, slot: CombineLatestSlot<V>, engine: CombineLatestEngine<Output>, subscriber: Subscriber<Output, E>) {
        self.slot = slot
        super.init(index, engine: engine, subscriber: subscriber)
    }

    @inlinable
    override func next(_ value: V) {
        engine.receive(value, into: slot, at: index) { subscriber.putNext($0) }
    }
}

/// A source of an array `combineLatest`, whose values are kept at `index` in `values`.
@usableFromInline
final class CombineLatestArraySource<V, E>: CombineLatestSourceCallbacks<V, [V], E>, @unchecked Sendable {
    // Safety: as the superclass's: `values` is a `let`, touched only under the engine's lock.
    @usableFromInline let values: CombineLatestArray<[V]>

    @inlinable
    init(_ index: Int, values: CombineLatestArray<[V]>, engine: CombineLatestEngine<[V]>, subscriber: Subscriber<[V], E>) {
        self.values = values
        super.init(index, engine: engine, subscriber: subscriber)
    }

    @inlinable
    override func next(_ value: V) {
        engine.receive(value, into: values, at: index) { subscriber.putNext($0) }
    }
}
