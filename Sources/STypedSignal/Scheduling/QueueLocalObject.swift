/// An object confined to a queue: created, used and released there.
public final class QueueLocalObject<T: AnyObject>: @unchecked Sendable {
    // Safety: `object` is only touched on `queue`.
    /// The queue the object lives on.
    public let queue: Queue
    private var object: T?

    /// Creates the object with `generate` on `queue` (inline when already there).
    ///
    /// `generate`, `with(_:)`'s and `signalWith(_:)`'s closures run on `queue`, another
    /// thread than the caller's, so they are `@Sendable` (`@preconcurrency`, like
    /// `Queue.async`): the object they are handed is confined to the queue, what they
    /// capture is checked. `syncWith(_:)`'s caller waits, so its closure stays plain.
    @preconcurrency public init(queue: Queue, generate: @escaping @Sendable () -> T) {
        self.queue = queue
        queue.asyncUnchecked {
            self.object = generate()
        }
    }

    deinit {
        // Release the object on its queue; the closure is the last owner.
        let box = ObjectBox(object)
        object = nil
        queue.asyncUnchecked {
            box.object = nil
        }
    }

    private final class ObjectBox {
        var object: T?
        init(_ object: T?) { self.object = object }
    }

    /// Calls `f` with the object on the queue (inline when already there).
    @preconcurrency public func with(_ f: @escaping @Sendable (T) -> Void) {
        queue.asyncUnchecked {
            if let object = self.object {
                f(object)
            }
        }
    }

    /// Calls `f` with the object on the queue (inline when already there), waits, and
    /// returns what `f` returned.
    ///
    /// On a serial or main queue the object exists by then: this call takes its turn after
    /// `init`'s block, which creates it. It may not exist yet on a queue that does not keep
    /// that order (a virtual queue whose clock has not run `init`'s block, a concurrent or
    /// wrapped one): calling it then is a programming error, and it traps, as the original
    /// does. (An older copy of the original returned `R?`: see the porting guide for
    /// `if let x = object.syncWith { ... }`.)
    public func syncWith<R>(_ f: @escaping (T) -> R) -> R {
        guard let result = optionalSyncWith(f) else {
            fatalError(
                "QueueLocalObject.syncWith: the object does not exist yet (its queue has not run init's block: a virtual queue whose clock has not run it, or a concurrent or wrapped queue)"
            )
        }
        return result
    }

    private func optionalSyncWith<R>(_ f: (T) -> R) -> R? {
        var result: R?
        queue.sync {
            if let object = self.object {
                result = f(object)
            }
        }
        return result
    }

    /// The object itself, read directly; nil before it is created or after it is gone.
    ///
    /// Call it only on `queue` (from work already running there): in debug builds it
    /// asserts `queue.isCurrent()`; release builds do not check.
    public func unsafeGet() -> T? {
        assert(queue.isCurrent(), "QueueLocalObject.unsafeGet() called off its queue")
        return object
    }

    /// A signal that subscribes on the queue with the object: `f(object, subscriber)`.
    /// If this holder or its object is gone by then, the signal never emits.
    ///
    /// `f` runs on the queue and is handed the object confined there: `@Sendable`, like
    /// `with(_:)`'s.
    @preconcurrency public func signalWith<R, E>(_ f: @escaping @Sendable (T, Subscriber<R, E>) -> Disposable) -> Signal<R, E> {
        Signal { [weak self] subscriber in
            guard let self, let object = self.object else { return EmptyDisposable }
            return f(object, subscriber)
        } |> runOn(queue)
    }
}
