/// The subscribers of a hub without replay at one moment, in subscription order: what a
/// push reads without the lock (see `PipeHubEngine`).
///
/// Public only so that it inlines into the API modules (their hot push path); not for users.
@_documentation(visibility: internal)
public final class PipeHubSnapshot<Subscriber> {
    /// The subscribers (shares the hub's array; copied only when the hub changes).
    @usableFromInline let subscribers: [Subscriber]

    @inlinable init(_ subscribers: [Subscriber]) {
        self.subscribers = subscribers
    }
}

/// One subscriber of a `PipeHubEngine`: its callback, in a let field of an object so
/// that a push calls it borrowed, without retaining anything (a closure read from an
/// array is copied, and retained, for the call: two contended atomic operations per
/// push when two threads push to one subscriber).
///
/// Public only so that it inlines into the API modules (their hot push path); not for users.
@_documentation(visibility: internal)
public final class PipeHubReceiver<Value> {
    /// Called with each value.
    public let deliver: (Value) -> Void

    /// A receiver calling `deliver`.
    @inlinable public init(_ deliver: @escaping (Value) -> Void) {
        self.deliver = deliver
    }

    /// Calls every receiver in `receivers` with `value`, in order, none of them retained:
    /// `receivers` must stay alive meanwhile (a snapshot, or an array the caller holds).
    @inlinable @inline(__always)
    static func deliver(_ value: Value, to receivers: [PipeHubReceiver<Value>]) {
        receivers.withUnsafeBufferPointer { strong in
            strong.withMemoryRebound(to: Unmanaged<PipeHubReceiver<Value>>.self) { receivers in
                for index in receivers.indices {
                    receivers[index]._withUnsafeGuaranteedRef { $0.deliver(value) }
                }
            }
        }
    }
}
