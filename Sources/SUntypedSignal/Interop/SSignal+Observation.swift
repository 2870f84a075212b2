import Observation
import SignalSync

// Observation ships with macOS 14, iOS 17, tvOS 17 and watchOS 10; `assign` (below) needs
// no newer system.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension SSignal {
    /// A signal of what `value` reads from `@Observable` models: the current value at
    /// start, then the value after each change of a property it read.
    ///
    /// The untyped twin of the typed `Signal.observing(on:_:)`, with the same engine and
    /// rules: `value` runs on `queue` (the main queue by default), where values are
    /// delivered; each change is re-read on `queue` after it was stored (dispatched, never
    /// inline), provided the model's writes are ordered before the re-read (made on
    /// `queue`, or under the lock the getter takes). Latest wins: changes made before the
    /// re-read they caused has run are read together, and the last value delivered is the
    /// model's final value; equal values are not filtered. `value` runs twice per delivery (keep it a cheap read). Never
    /// completes; disposing releases `value` at once. Needs macOS 14, iOS 17, tvOS 17 or
    /// watchOS 10, where Observation ships.
    ///
    /// ```swift
    /// let names = SSignal.observing(on: queue) { profile.name }
    /// ```
    public static func observing(on queue: SQueue = .mainQueue(), _ value: @escaping @Sendable () -> Any?) -> SSignal {
        observing(queue: queue.executionQueue, value)
    }

    /// Like `observing(on:_:)` for a `@MainActor` model: `value` runs on the main actor
    /// (the main queue), and values are delivered there. The program must keep the main
    /// queue running.
    public static func observingOnMainActor(_ value: @escaping @MainActor () -> Any?) -> SSignal {
        observing(queue: .main) {
            // The engine reads on the main queue: the main actor's executor.
            MainActor.assumeIsolated { UncheckedSendable(value()) }.value
        }
    }

    private static func observing(queue: ExecutionQueue, _ value: @escaping @Sendable () -> Any?) -> SSignal {
        SSignal { subscriber in
            let engine = ObservationEngine(queue: queue, read: value, deliver: { subscriber.putNext($0) })
            engine.start()
            return SBlockDisposable { engine.dispose() }
        }
    }
}

extension SSignal {
    /// Starts the signal and writes each value into `object`'s `keyPath`, holding `object`
    /// weakly.
    ///
    /// A terminal method, like `start`: it returns the subscription's handle. Values are
    /// written on the thread that delivers them (chain `deliverOn` first, or use
    /// `assignOnMainActor(to:on:error:)` for a `@MainActor` model). A value that is not a
    /// `Value` ends the subscription and calls `error` with an `SSignalTypeError` naming
    /// both types; an error of the signal ends it and reaches `error` as it is. The first
    /// value that comes after `object` is gone ends the subscription (upstream is disposed)
    /// instead of being written. `error` runs on the delivering thread too, so it is
    /// `@Sendable` (`@preconcurrency`: checked in Swift 6 mode only).
    ///
    /// ```swift
    /// let binding = names.assign(to: \.name, on: profile, error: { print($0 ?? "nil") })
    /// ```
    @discardableResult @preconcurrency
    public func assign<Root: AnyObject, Value>(
        to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root, error: (@Sendable (Any?) -> Void)? = nil
    ) -> SDisposable {
        let write = SAssignment(keyPath, on: object)
        write.subscription.setDisposable(
            start(
                next: { value in
                    if let mismatch = write.assign(value) { error?(mismatch) }
                }, error: error))
        return write.subscription
    }

    /// Like `assign(to:on:error:)` for a `@MainActor` model: values move to the main queue
    /// (inline when already there) and are written, and `error` called, on the main actor.
    /// The program must keep the main queue running.
    @MainActor @discardableResult
    public func assignOnMainActor<Root: AnyObject, Value>(
        to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root, error: (@MainActor (Any?) -> Void)? = nil
    ) -> SDisposable {
        let write = UncheckedSendable(SAssignment(keyPath, on: object))
        write.value.subscription.setDisposable(
            startOnMainActor(
                next: { value in
                    if let mismatch = write.value.assign(value) { error?(mismatch) }
                }, error: error))
        return write.value.subscription
    }
}

/// One `assign(to:on:)` subscription: checks each value's type and writes it; ends the
/// subscription when the value is not a `Value` or the object is gone.
private final class SAssignment<Root: AnyObject, Value>: Sendable {
    let subscription = SMetaDisposable()
    private let target: WeakAssignment<Root, Value>

    init(_ keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root) {
        target = WeakAssignment(keyPath, on: object)
    }

    /// Writes `value`; when it is not a `Value`, ends the subscription and returns the
    /// error naming both types.
    func assign(_ value: Any?) -> SSignalTypeError? {
        guard let typed = value as? Value else {
            subscription.dispose()
            return SSignalTypeError(expected: String(describing: Value.self), value: value)
        }
        if !target.assign(typed) { subscription.dispose() }
        return nil
    }
}
