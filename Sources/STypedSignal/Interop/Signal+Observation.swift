import Observation
import SignalSync

// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10; `assign` (below) needs
// no newer system.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Signal where E == NoError {
    /// A signal of what `value` reads from `@Observable` models: the current value at
    /// start, then the value after each change of a property it read.
    ///
    /// `value` runs on `queue`, and values are delivered there: once when the signal starts
    /// (inline when `queue` is current, otherwise dispatched), then after every change of
    /// an observed property that the previous run read (tracked with
    /// `withObservationTracking`, re-registered at each run). Observation reports a change
    /// before the new value is stored, so the re-read is always dispatched onto `queue`
    /// (never inline) and reads the stored value, provided the model's writes are ordered
    /// before it: the model is changed on `queue` itself (the main queue, the default, for
    /// a model the UI changes), or its setter holds the lock its getter takes through the
    /// whole mutation.
    ///
    /// `value` runs twice per delivery (the second run, made once the first run's tracking
    /// is registered, is the one delivered: a change from another thread cannot slip
    /// between a read and its registration), so keep it a cheap read without side effects.
    ///
    /// Latest wins: changes that come before the re-read they caused has run are read
    /// together, so intermediate values may be skipped, but a re-read always follows the
    /// last change, so the last value delivered is the model's final value. A change made
    /// by another thread while a read runs may be seen by that read and read again after
    /// it (the same value twice); equal values are not filtered (add
    /// `distinctUntilChanged`). The signal never completes; disposing it stops the
    /// re-reads and releases `value` (and what it captured) at once.
    ///
    /// Needs macOS 14, iOS 17, tvOS 17 or watchOS 10, where Observation ships.
    ///
    /// ```swift
    /// let names = Signal<String, NoError>.observing(on: queue) { profile.name }
    /// ```
    public static func observing(
        on queue: Queue = Queue.mainQueue(), _ value: @escaping @Sendable () -> T
    ) -> Signal<T, NoError> {
        observing(queue: queue.executionQueue, value)
    }

    /// Like `observing(on:_:)` for a `@MainActor` model: `value` runs on the main actor
    /// (the main queue), and values are delivered there.
    ///
    /// The program must keep the main queue running (`dispatchMain()`, `RunLoop.main.run()`,
    /// an async `main`, or an app's run loop).
    ///
    /// ```swift
    /// let names = Signal<String, NoError>.observingOnMainActor { profile.name }
    /// ```
    public static func observingOnMainActor(_ value: @escaping @MainActor () -> T) -> Signal<T, NoError> {
        observing(queue: .main) {
            // The engine reads on the main queue: the main actor's executor.
            MainActor.assumeIsolated { UncheckedSendable(value()) }.value
        }
    }

    private static func observing(queue: ExecutionQueue, _ value: @escaping @Sendable () -> T) -> Signal<T, NoError> {
        Signal { subscriber in
            let engine = ObservationEngine(queue: queue, read: value, deliver: { subscriber.putNext($0) })
            engine.start()
            return ActionDisposable { engine.dispose() }
        }
    }
}

extension Signal where E == NoError {
    /// Starts the signal and writes each value into `object`'s `keyPath`, holding `object`
    /// weakly.
    ///
    /// A terminal method, like `start`: it returns the subscription's handle. Values are
    /// written on the thread that delivers them (put `deliverOn` before it, or use
    /// `assignOnMainActor(to:on:)` for a `@MainActor` model). The first value that comes
    /// after `object` is gone ends the subscription (upstream is disposed) instead of
    /// being written; completion ends it too.
    ///
    /// ```swift
    /// let binding = names.assign(to: \.name, on: profile)
    /// ```
    @discardableResult
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, T>, on object: Root) -> Disposable {
        let target = WeakAssignment(keyPath, on: object)
        let subscription = MetaDisposable()
        subscription.set(
            start(next: { value in
                if !target.assign(value) { subscription.dispose() }
            }))
        return subscription
    }

    /// Like `assign(to:on:)` for a `@MainActor` model: values move to the main queue
    /// (inline when already there) and are written on the main actor.
    ///
    /// The program must keep the main queue running (see `startOnMainActor`).
    ///
    /// ```swift
    /// let binding = names.assignOnMainActor(to: \.name, on: profile)
    /// ```
    @MainActor @discardableResult
    public func assignOnMainActor<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, T>, on object: Root) -> Disposable {
        let target = UncheckedSendable(WeakAssignment(keyPath, on: object))
        let subscription = MetaDisposable()
        subscription.set(
            startOnMainActor(next: { value in
                if !target.value.assign(value) { subscription.dispose() }
            }))
        return subscription
    }
}
