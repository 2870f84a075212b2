import SwiftSignalKit

// A context confined to its queue behind a `QueueLocalObject`, as the apps' `...Impl`
// classes are, reached with `syncWith` in the two shapes app code uses: its result returned
// as `R`, and a closure whose declared result type is a protocol.

final class CallContextImpl {
    private(set) var joined = 0

    func join() -> (Disposable, Int?) {
        joined += 1
        return (EmptyDisposable, joined)
    }
}

/// A call's state, kept on its own queue.
public final class CallContext {
    private let impl: QueueLocalObject<CallContextImpl>

    public init() {
        impl = QueueLocalObject(
            queue: Queue(name: "call"),
            generate: {
                return CallContextImpl()
            })
    }

    /// Joins the call: a disposable and the number of joins.
    public func join() -> (Disposable, Int?) {
        return impl.syncWith { impl in
            return impl.join()
        }
    }

    /// The number of joins so far, then completion.
    public var joins: Signal<Int, NoError> {
        return Signal { subscriber in
            return self.impl.syncWith { impl -> Disposable in
                subscriber.putNext(impl.joined)
                subscriber.putCompletion()
                return EmptyDisposable
            }
        }
    }
}
