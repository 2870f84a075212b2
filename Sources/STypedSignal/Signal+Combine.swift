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
///   emitting). A completed source is disposed on its own as it completes.
/// - Error: the first error is forwarded, later ones are ignored; all sources are then
///   disposed in argument order. A source that fails while being subscribed does not
///   stop the remaining ones from being subscribed (their events are dropped).
/// - Disposal: disposes every source subscription once, in argument order.
/// - `queue`: when given, each source is wrapped in `deliverOn(queue)`, so values and
///   terminal events are processed and emitted on `queue` (inline when already on it).
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
public func combineLatest<T1, T2, each T, E>(
    queue: Queue? = nil,
    _ s1: Signal<T1, E>,
    _ s2: Signal<T2, E>,
    _ rest: repeat Signal<each T, E>
) -> Signal<(T1, T2, repeat each T), E> {
    let sources = CombineLatestSources<E, T1, T2, repeat each T>(queue: queue, s1, s2, repeat each rest)
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
    Signal { subscriber in
        subscriber.putNext((v1, v2))
        let slot1 = CombineSlot<T1>(v1)
        let slot2 = CombineSlot<T2>(v2)
        let state = CombineLatestState<(T1, T2), E>(count: 2, primed: 2, subscriber: subscriber) {
            (slot1.unwrapped, slot2.unwrapped)
        }
        state.subscribe(0, to: s1, slot: slot1, queue: queue)
        state.subscribe(1, to: s2, slot: slot2, queue: queue)
        return state
    }
}

/// Combines the latest values of an array of signals of one type into arrays.
///
/// Behaves like the tuple overloads, with `[T]` output in the order of `signals`. An
/// empty array emits `[]` and completes synchronously when started (even with a
/// `queue`).
///
/// ```swift
/// combineLatest([price(of: "A"), price(of: "B")]).start(next: { print($0) })
/// // [10, 20], then a new array for every change
/// ```
public func combineLatest<T, E>(queue: Queue? = nil, _ signals: [Signal<T, E>]) -> Signal<[T], E> {
    if signals.isEmpty {
        return Signal { subscriber in
            subscriber.putNext([])
            subscriber.putCompletion()
            return EmptyDisposable
        }
    }
    return Signal { subscriber in
        let slots = signals.map { _ in CombineSlot<T>() }
        let state = CombineLatestState<[T], E>(count: signals.count, primed: 0, subscriber: subscriber) {
            slots.map { $0.unwrapped }
        }
        for (index, signal) in signals.enumerated() {
            state.subscribe(index, to: signal, slot: slots[index], queue: queue)
        }
        return state
    }
}

// MARK: - Engine

/// The latest value of one source. Read and written only under the engine lock of the
/// `CombineLatestState` that owns it.
///
/// The value lives in its own storage with a flag beside it rather than in an optional:
/// code not specialized for `V` then needs no runtime metadata lookup per event.
final class CombineSlot<V> {
    private let storage = UnsafeMutablePointer<V>.allocate(capacity: 1)
    /// True once a value was stored.
    private var hasValue = false

    /// An empty slot.
    init() {}

    /// A slot holding `value`.
    init(_ value: V) {
        storage.initialize(to: value)
        hasValue = true
    }

    /// Stores `value` and leaves in it what the caller must release outside the lock:
    /// the value it replaced, or a copy of the new value when the slot was empty.
    func exchange(_ value: inout V) {
        guard hasValue else {
            storage.initialize(to: value)
            hasValue = true
            return
        }
        swap(&storage.pointee, &value)
    }

    /// The stored value; only read once every source has one.
    var unwrapped: V {
        precondition(hasValue, "combineLatest read a source before it had a value")
        return storage.pointee
    }

    deinit {
        if hasValue {
            storage.deinitialize(count: 1)
        }
        storage.deallocate()
    }
}

/// The sources of a tuple `combineLatest`, kept in a class so that the generator
/// closure captures one object rather than a parameter pack.
final class CombineLatestSources<E, T1, T2, each T> {
    private let queue: Queue?
    private let first: Signal<T1, E>
    private let second: Signal<T2, E>
    private let rest: (repeat Signal<each T, E>)

    init(queue: Queue?, _ first: Signal<T1, E>, _ second: Signal<T2, E>, _ rest: repeat Signal<each T, E>) {
        self.queue = queue
        self.first = first
        self.second = second
        self.rest = (repeat each rest)
    }

    /// One subscription: fresh slots and state, sources subscribed in argument order.
    func subscribe(_ subscriber: Subscriber<(T1, T2, repeat each T), E>) -> Disposable {
        let slots = CombineLatestSlots<T1, T2, repeat each T>(repeat each rest)
        var count = 2
        for _ in repeat each rest {
            count += 1
        }
        let state = CombineLatestState<(T1, T2, repeat each T), E>(count: count, primed: 0, subscriber: subscriber) {
            slots.build()
        }
        state.subscribe(0, to: first, slot: slots.first, queue: queue)
        state.subscribe(1, to: second, slot: slots.second, queue: queue)
        var index = 2
        for (signal, slot) in repeat (each rest, each slots.rest) {
            state.subscribe(index, to: signal, slot: slot, queue: queue)
            index += 1
        }
        return state
    }
}

/// The slots of one tuple `combineLatest` subscription.
final class CombineLatestSlots<T1, T2, each T> {
    let first = CombineSlot<T1>()
    let second = CombineSlot<T2>()
    let rest: (repeat CombineSlot<each T>)

    init<E>(_ signals: repeat Signal<each T, E>) {
        rest = (repeat makeCombineSlot(for: each signals))
    }

    /// The tuple of the latest values; called under the state's lock once all are set.
    func build() -> (T1, T2, repeat each T) {
        (first.unwrapped, second.unwrapped, repeat unwrapCombineSlot(each rest))
    }
}

private func makeCombineSlot<V, E>(for signal: Signal<V, E>) -> CombineSlot<V> {
    CombineSlot<V>()
}

private func unwrapCombineSlot<V>(_ slot: CombineSlot<V>) -> V {
    slot.unwrapped
}

/// How a value that does not emit leaves the locked section of `CombineLatestState`.
struct CombineHold: Error {}

/// The typed face of one `combineLatest` subscription over the shared
/// `CombineLatestEngine`; it is the disposable the generator returns.
///
/// The engine decides (which slots have a value, completion, first error, disposal); the
/// face keeps the values in its typed slots, stores them and builds the output under the
/// engine's lock (only library code runs there: storing, copying), and sends the output,
/// terminal events and disposals after unlocking; a replaced value is released after
/// unlocking too. Disposal does not silence the state itself: as with every subscription
/// (spec 1.7), events a source emits while it is being disposed still reach downstream;
/// each source's own subscription drops what comes after its disposal.
final class CombineLatestState<Output, E>: Disposable, @unchecked Sendable {
    // Safety: every slot's value is guarded by the engine's lock; the rest is immutable.
    private let engine: CombineLatestEngine
    private let subscriber: Subscriber<Output, E>
    private let build: () -> Output

    /// `count` sources, of which the first `primed` already hold a value; `build` reads
    /// the slots.
    init(count: Int, primed: Int, subscriber: Subscriber<Output, E>, build: @escaping () -> Output) {
        engine = CombineLatestEngine(count: count, seeded: primed)
        self.subscriber = subscriber
        self.build = build
    }

    /// Subscribes source number `index`, storing its values in `slot`. Does nothing
    /// once the state is disposed.
    func subscribe<V>(_ index: Int, to signal: Signal<V, E>, slot: CombineSlot<V>, queue: Queue?) {
        if engine.isDisposed {
            return
        }
        let source = queue.map { signal |> deliverOn($0) } ?? signal
        let handle = source.start(
            next: { value in
                self.receive(value, at: index, into: slot)
            },
            error: { error in
                self.fail(error)
            },
            completed: {
                self.sourceCompleted(index)
            })
        engine.attach(handle, at: index)
    }

    func dispose() {
        engine.dispose()
    }

    private func receive<V>(_ value: V, at index: Int, into slot: CombineSlot<V>) {
        // (No optionals or tuples of generic types here: code not specialized for them
        // would look their metadata up at every event. A value that does not emit leaves
        // the locked section by throwing `CombineHold`, so the output needs no optional.)
        var released = value
        do throws(CombineHold) {
            let output = try engine.state.withLock { machine throws(CombineHold) -> Output in
                switch machine.valueArrived(at: index) {
                case .drop:
                    throw CombineHold()
                case .hold:
                    slot.exchange(&released)
                    throw CombineHold()
                case .emit:
                    slot.exchange(&released)
                    return build()
                }
            }
            withExtendedLifetime(released) {}  // outside the lock, before the output goes out
            subscriber.putNext(output)
        } catch {
            withExtendedLifetime(released) {}  // outside the lock
        }
    }

    private func fail(_ error: E) {
        if engine.sourceFailed() {
            subscriber.putError(error)
        }
    }

    private func sourceCompleted(_ index: Int) {
        if engine.sourceCompleted(at: index) {
            subscriber.putCompletion()
        }
    }
}
