/// The subscribers of a hub without replay at one moment, in subscription order: what a
/// push reads without the lock (see `PipeHubEngine`).
@usableFromInline package final class PipeHubSnapshot<Subscriber> {
    /// The subscribers (shares the hub's array; copied only when the hub changes).
    @usableFromInline let subscribers: [Subscriber]

    @inlinable init(_ subscribers: [Subscriber]) {
        self.subscribers = subscribers
    }
}

/// One subscriber of a `PipeHubEngine`: an object whose `deliver` a push calls borrowed,
/// without retaining anything (a closure read from an array is copied, and retained, for
/// the call: two contended atomic operations per push when two threads push to one
/// subscriber).
///
/// Abstract: the APIs' subscribers are `PinnedSubscriber`s (or `PinnedFaceSubscriber`s), which are receivers
/// themselves (one object per subscription instead of a receiver, a closure context and
/// the pinned subscriber: two allocations fewer per subscribe), and a closure is wrapped
/// in a `PipeHubClosureReceiver`.
@usableFromInline package class PipeHubReceiver<Value> {
    /// A receiver; only subclasses are made.
    @inlinable init() {}

    /// Called with each value; every subclass overrides it.
    @inlinable package func deliver(_ value: Value) {
        preconditionFailure("PipeHubReceiver is abstract: a subclass delivers")
    }

    /// Calls every receiver in `receivers` with `value`, in order, none of them retained:
    /// `receivers` must stay alive meanwhile (a snapshot, or an array the caller holds).
    @inlinable @inline(__always)
    static func deliver(_ value: Value, to receivers: [PipeHubReceiver<Value>]) {
        receivers.withUnsafeBufferPointer { strong in
            // Safety: an `Unmanaged` has the layout of the strong reference it wraps, and
            // the caller's array holds each receiver for the whole loop. Pinned by
            // PipeHubEngineTests.testASubscriberRemovedDuringAPushIsReleasedWhenThatPushReturns
            // and, under AddressSanitizer, PipeHubStressTests.testSubscribersDisposingFromInsideDeliveriesWhilePushesRace.
            strong.withMemoryRebound(to: Unmanaged<PipeHubReceiver<Value>>.self) { receivers in
                for index in receivers.indices {
                    // Safety: held by the caller's array (the `withMemoryRebound` Safety note).
                    receivers[index]._withUnsafeGuaranteedRef { $0.deliver(value) }
                }
            }
        }
    }
}

/// A receiver that calls a closure: how a hub takes a plain callback (`PipeHubEngine.add`),
/// and how `deliverOn` over a hub's signal hands its values to its hop.
@usableFromInline
package final class PipeHubClosureReceiver<Value>: PipeHubReceiver<Value> {
    /// Called with each value.
    @usableFromInline let body: (Value) -> Void

    /// A receiver calling `body`.
    @inlinable package init(_ body: @escaping (Value) -> Void) {
        self.body = body
    }

    @inlinable override package func deliver(_ value: Value) {
        body(value)
    }
}
