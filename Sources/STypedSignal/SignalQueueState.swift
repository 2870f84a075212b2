import SignalSync

/// How the engine treats an inner signal that arrives while another one runs.
enum SignalQueueMode {
    /// `switchToLatest`: start the newcomer at once, then dispose the running one.
    case switchToLatest
    /// `queue`: buffer every newcomer (FIFO, unbounded) until the running one completes.
    case queue
    /// `throttled`: buffer only the newest newcomer; an older pending one is dropped.
    case throttle
}

/// A FIFO of inner signals waiting for their turn. Popped slots are cleared at once,
/// so a started or dropped signal is not kept alive by the buffer.
struct PendingInners<Element> {
    private var items: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ element: Element) {
        items.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the buffer and returns what it held, for the caller to release outside
    /// its lock.
    mutating func removeAll() -> [Element] {
        let remaining = items[head...].compactMap { $0 }
        items = []
        head = 0
        return remaining
    }
}

/// The transitions of the engine behind `switchToLatest`, `queue` and `throttled`.
///
/// A value type with no side effects: every transition runs under the storage's lock
/// and returns what the storage must do after unlocking (start an inner, complete,
/// dispose something, release something). Each started inner has an id (its
/// generation); events of an inner that is no longer the newest are ignored.
///
/// Trampoline: while an inner's `start` call has not returned, its completion is only
/// noted (`completedWhileStarting`); the loop that started it handles the completion
/// after `start` returns and starts the next inner itself. A long run of synchronously
/// completing inners therefore runs in one loop instead of recursing, and a live inner
/// is never disposed by the unwinding of earlier ones.
struct SignalQueueStateMachine<Inner> {
    /// What the storage does next.
    enum Step {
        /// Nothing more.
        case none
        /// Start `Inner` as the inner with the given id, then report `startReturned`.
        case start(Inner, Int)
        /// Send the completion downstream.
        case complete
    }

    let mode: SignalQueueMode
    /// The id of the newest inner started.
    private var generation = 0
    private var executing = false
    /// The id of the newest inner while its `start` call is running.
    private var startingGeneration: Int?
    /// The ids of every inner whose `start` call is running (on any thread).
    private var startingIDs: [Int] = []
    private var completedWhileStarting = false
    private var outerCompleted = false
    /// A terminal event was decided (sent or about to be sent downstream).
    private var finished = false
    private var disposed = false
    private var pending = PendingInners<Inner>()
    private var current: Disposable?
    private var outer: Disposable?

    init(mode: SignalQueueMode) {
        self.mode = mode
    }

    /// Whether a value of inner `id` may be forwarded: the newest inner's values, and
    /// the values an inner sends during its own synchronous start, even when a
    /// successor arrived meanwhile on another thread (it is disposed only after that
    /// start returns, as in the original).
    func accepts(_ id: Int) -> Bool {
        !finished && !disposed && (id == generation || startingIDs.contains(id))
    }

    /// The outer signal produced `inner`. Returns the step and an inner to release
    /// (dropped because the engine ended, or replaced in the throttle buffer).
    mutating func outerNext(_ inner: Inner) -> (Step, dropped: [Inner]) {
        if finished || disposed {
            return (.none, [inner])
        }
        switch mode {
        case .switchToLatest:
            return (beginStart(inner), [])
        case .queue:
            if executing {
                pending.append(inner)
                return (.none, [])
            }
            return (beginStart(inner), [])
        case .throttle:
            if executing {
                let dropped = pending.removeAll()
                pending.append(inner)
                return (.none, dropped)
            }
            return (beginStart(inner), [])
        }
    }

    /// The outer signal completed.
    mutating func outerCompletedEvent() -> Step {
        if finished || disposed {
            return .none
        }
        outerCompleted = true
        if !executing && pending.isEmpty {
            finished = true
            return .complete
        }
        return .none
    }

    /// The outer signal failed: returns whether the error goes downstream, and the
    /// buffered inners to release.
    mutating func outerFailed() -> (forward: Bool, dropped: [Inner]) {
        if finished || disposed {
            return (false, [])
        }
        finished = true
        return (true, pending.removeAll())
    }

    /// Inner `id` failed: as `outerFailed`, but only the newest inner counts.
    mutating func innerFailed(_ id: Int) -> (forward: Bool, dropped: [Inner]) {
        guard id == generation else { return (false, []) }
        return outerFailed()
    }

    /// Inner `id` completed.
    mutating func innerCompleted(_ id: Int) -> Step {
        if finished || disposed || id != generation {
            return .none
        }
        if startingGeneration == id {
            completedWhileStarting = true
            return .none
        }
        return innerFinished()
    }

    /// The `start` call of inner `id` returned `handle`. Returns the next step and the
    /// disposables to dispose now (the replaced inner, or `handle` itself when it is
    /// stale or the engine was disposed).
    mutating func startReturned(_ id: Int, handle: Disposable) -> (Step, dispose: Disposable?) {
        if let index = startingIDs.firstIndex(of: id) {
            startingIDs.remove(at: index)
        }
        if disposed || id != generation {
            return (.none, handle)
        }
        let previous = current
        current = handle
        startingGeneration = nil
        if completedWhileStarting {
            completedWhileStarting = false
            return (finished ? .none : innerFinished(), previous)
        }
        return (.none, previous)
    }

    /// Stores the outer subscription; returns it when it must be disposed at once
    /// because the engine was disposed while it started.
    mutating func setOuter(_ handle: Disposable) -> Disposable? {
        if disposed {
            return handle
        }
        outer = handle
        return nil
    }

    /// Ends everything: returns the current inner and the outer subscription (to be
    /// disposed in that order) and the buffered inners to release; nil when already
    /// disposed.
    mutating func dispose() -> (inner: Disposable?, outer: Disposable?, dropped: [Inner])? {
        if disposed {
            return nil
        }
        disposed = true
        let result = (current, outer, pending.removeAll())
        current = nil
        outer = nil
        return result
    }

    private mutating func beginStart(_ inner: Inner) -> Step {
        generation += 1
        executing = true
        startingGeneration = generation
        startingIDs.append(generation)
        completedWhileStarting = false
        return .start(inner, generation)
    }

    private mutating func innerFinished() -> Step {
        executing = false
        if mode != .switchToLatest, let next = pending.popFirst() {
            return beginStart(next)
        }
        if outerCompleted {
            finished = true
            return .complete
        }
        return .none
    }
}

/// The engine behind `switchToLatest`, `queue`, `throttled` and the sequential
/// `reduceLeft`: holds the lock and the state machine, and performs the machine's
/// steps after unlocking.
///
/// It is the disposable the operator's generator returns. Disposal disposes the
/// current inner first, then the outer subscription, and drops the buffer. Inner
/// values and errors go straight downstream; errors end everything.
final class SignalQueueState<T, E>: Disposable, @unchecked Sendable {
    // Safety: `machine` is only read or changed while `mutex` is held; the subscriber
    // and the completion hook are immutable and called after unlocking.
    private let mutex = PosixLock()
    // The machine holds the inners as AnyObject (each a `Signal<T, E>`): a machine that is
    // not generic over T and E needs no runtime metadata lookup at every step.
    private var machine: SignalQueueStateMachine<AnyObject>
    private let subscriber: Subscriber<T, E>
    private let completion: (Subscriber<T, E>) -> Void

    /// Creates the engine; `completion` sends the final events (by default just the
    /// completion).
    init(mode: SignalQueueMode, subscriber: Subscriber<T, E>, completion: @escaping (Subscriber<T, E>) -> Void = { $0.putCompletion() }) {
        machine = SignalQueueStateMachine(mode: mode)
        self.subscriber = subscriber
        self.completion = completion
    }

    /// Subscribes to `outer`; each outer value becomes an inner through `transform`
    /// (called on the emitting thread, for every value, even after the engine ended),
    /// outer errors become downstream errors through `mapError` (nil when the outer
    /// cannot fail).
    func subscribe<U, OuterError>(to outer: Signal<U, OuterError>, transform: @escaping (U) -> Signal<T, E>, mapError: ((OuterError) -> E)?) {
        let handle = outer.start(
            next: { value in
                self.enqueue(transform(value))
            },
            error: mapError.map { mapError in
                { error in self.outerFailed(mapError(error)) }
            },
            completed: {
                self.outerCompleted()
            })
        let late = mutex.withLock { machine.setOuter(handle) }
        late?.dispose()
    }

    func dispose() {
        mutex.lock()
        let parts = machine.dispose()
        mutex.unlock()
        guard let parts else { return }
        parts.inner?.dispose()
        parts.outer?.dispose()
        withExtendedLifetime(parts.dropped) {}
    }

    private func enqueue(_ inner: Signal<T, E>) {
        mutex.lock()
        let (step, dropped) = machine.outerNext(inner)
        mutex.unlock()
        withExtendedLifetime(dropped) {}
        perform(step)
    }

    private func outerCompleted() {
        mutex.lock()
        let step = machine.outerCompletedEvent()
        mutex.unlock()
        perform(step)
    }

    private func outerFailed(_ error: E) {
        mutex.lock()
        let (forward, dropped) = machine.outerFailed()
        mutex.unlock()
        withExtendedLifetime(dropped) {}
        if forward {
            subscriber.putError(error)
        }
    }

    private func innerNext(_ id: Int, _ value: T) {
        mutex.lock()
        let accepted = machine.accepts(id)
        mutex.unlock()
        if accepted {
            subscriber.putNext(value)
        }
    }

    private func innerFailed(_ id: Int, _ error: E) {
        mutex.lock()
        let (forward, dropped) = machine.innerFailed(id)
        mutex.unlock()
        withExtendedLifetime(dropped) {}
        if forward {
            subscriber.putError(error)
        }
    }

    private func innerCompleted(_ id: Int) {
        mutex.lock()
        let step = machine.innerCompleted(id)
        mutex.unlock()
        perform(step)
    }

    /// Runs steps until there is nothing left to do on this thread: the trampoline.
    private func perform(_ first: SignalQueueStateMachine<AnyObject>.Step) {
        var step = first
        while true {
            switch step {
            case .none:
                return
            case .complete:
                completion(subscriber)
                return
            case .start(let innerObject, let id):
                let inner = unsafeDowncast(innerObject, to: Signal<T, E>.self)
                let handle = inner.start(
                    next: { value in
                        self.innerNext(id, value)
                    },
                    error: { error in
                        self.innerFailed(id, error)
                    },
                    completed: {
                        self.innerCompleted(id)
                    })
                mutex.lock()
                let (next, disposable) = machine.startReturned(id, handle: handle)
                mutex.unlock()
                disposable?.dispose()
                step = next
            }
        }
    }
}
