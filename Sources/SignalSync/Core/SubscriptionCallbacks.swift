/// What a subscription calls back, immutable, released as a whole (fields in declaration
/// order) when the subscription releases its callbacks.
///
/// Exactly one of two kinds: the closures given to `start` (`ClosureCallbacks`), or an
/// operator stage's entry points (`StageCallbacks`): functions without a context of their
/// own, called with this object, so that the stage needs no closure context besides this
/// object. (Functions rather than overridden methods: a generic subclass's overrides would
/// run unspecialized, its vtable being instantiated at run time; these functions are
/// specialized where the stage is built. Outside `SubscriptionCore`, so that they are not
/// generic over the face.) Each kind stores only its own slots, and neither stores
/// its kind: whoever holds the object knows it (the subscription in its atomics, set by
/// the initializer it was made with; a stage from its field's type), and says it to each
/// delivery.
@usableFromInline
package class SubscriptionCallbacks<Value, Failure> {
    @inlinable
    init() {}

    /// Delivers a value; `isStage` says which kind this object is.
    @inlinable @inline(__always)
    final func deliverNext(_ value: Value, isStage: Bool) {
        // Safety: callers pass the kind the object was made as (the subscription records
        // it from its initializer's parameter type; SubscriptionCallbacksTests pins both
        // kinds). Optional chaining and a `let` borrow the closure; `if let` would retain it.
        if isStage {
            unsafeDowncast(self, to: StageCallbacks<Value, Failure>.self).forwardNext(self, value)
        } else {
            unsafeDowncast(self, to: ClosureCallbacks<Value, Failure>.self).next?(value)
        }
    }

    /// Delivers an error; `isStage` says which kind this object is.
    @inlinable @inline(__always)
    final func deliverError(_ failure: Failure, isStage: Bool) {
        // Safety: as in `deliverNext`.
        if isStage {
            // Safety: the pointer is used only during the call (see `forwardTermination`).
            withUnsafePointer(to: failure) { unsafeDowncast(self, to: StageCallbacks<Value, Failure>.self).forwardTermination(self, $0) }
        } else {
            unsafeDowncast(self, to: ClosureCallbacks<Value, Failure>.self).error?(failure)
        }
    }

    /// Delivers completion; `isStage` says which kind this object is.
    @inlinable @inline(__always)
    final func deliverCompletion(isStage: Bool) {
        // Safety: as in `deliverNext`.
        if isStage {
            unsafeDowncast(self, to: StageCallbacks<Value, Failure>.self).forwardTermination(self, nil)
        } else {
            unsafeDowncast(self, to: ClosureCallbacks<Value, Failure>.self).completed?()
        }
    }

    /// For the subscriber's description: whether each callback is present, in the
    /// order next, error, completed.
    @usableFromInline
    final var present: (next: Bool, error: Bool, completed: Bool) {
        guard let closures = self as? ClosureCallbacks<Value, Failure> else {
            return (true, true, true)
        }
        return (closures.next != nil, closures.error != nil, closures.completed != nil)
    }
}

/// Callbacks that call the closures given to `start`; a nil one ignores its event.
@usableFromInline
package class ClosureCallbacks<Value, Failure>: SubscriptionCallbacks<Value, Failure> {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?

    /// Callbacks that call these closures.
    @inlinable
    init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
        super.init()
    }
}

/// The callbacks of an operator stage: functions called with this object (a subclass
/// that holds what they need).
///
/// Two functions, not three: the error and the completion share one, which tells them
/// apart by its argument. Each function field is sixteen bytes (a pointer and a context,
/// although these have none); a third would take the stages that hold the start's
/// closures over a heap block boundary (`PipeHubSteppingMember`, the steps over a hot
/// source's signal, from a 144-byte block to 160). Values keep a function of their own,
/// called with the value borrowed. The error comes as a pointer, nil for the completion:
/// an optional `Failure` would need `Optional<Failure>`'s metadata, looked up at run time
/// where the subscription's code is not specialized (S2 typed: 350 instructions more per
/// subscription).
@usableFromInline
package class StageCallbacks<Value, Failure>: SubscriptionCallbacks<Value, Failure> {
    @usableFromInline let forwardNext: (SubscriptionCallbacks<Value, Failure>, Value) -> Void
    // Safety: the error's pointer is valid only during the call; a function reads the
    // error through it (`pointee`) and keeps no pointer. Pinned by
    // SubscriptionCallbacksTests.testAStageTellsANilErrorOfAnOptionalFailureFromTheCompletion,
    // under AddressSanitizer in .ci/run.
    /// Called with the error, or with nil for the completion.
    @usableFromInline let forwardTermination: (SubscriptionCallbacks<Value, Failure>, UnsafePointer<Failure>?) -> Void

    // Safety: `forwardTermination` must not keep the error's pointer (see the field).
    /// Callbacks that call these functions with this object: `forwardTermination` with
    /// the error (valid during the call), or with nil for the completion.
    @inlinable
    init(
        forwardNext: @escaping (SubscriptionCallbacks<Value, Failure>, Value) -> Void,
        forwardTermination: @escaping (SubscriptionCallbacks<Value, Failure>, UnsafePointer<Failure>?) -> Void
    ) {
        self.forwardNext = forwardNext
        self.forwardTermination = forwardTermination
        super.init()
    }
}

/// The callbacks of an operator stage that maps each value and sends everything on to a
/// downstream subscription: what `{ downstream.putNext(transform($0)) }`,
/// `downstream.putError` and `downstream.putCompletion` would do, in one object instead
/// of callbacks and a closure context.
///
/// Releases `transform`, then its reference to the downstream subscriber, as the closures
/// it replaces did (their last reference to the subscriber went last).
@usableFromInline
package final class ForwardingCallbacks<Value, Output, Failure, Face: SubscriptionFace>: StageCallbacks<Value, Failure> {
    @usableFromInline let transform: (Value) -> Output
    /// The downstream subscriber (typed or untyped), kept alive as the closures kept it.
    @usableFromInline let downstream: AnyObject
    // Safety: unretained: `downstream`, which this object holds, owns a reference to it,
    // so it lives at least as long as this object. Pinned by
    // ForwardingCallbacksTests.testTheTransformIsReleasedBeforeTheDownstreamSubscriber.
    /// The downstream subscriber's subscription, which `downstream` keeps alive.
    @usableFromInline let core: Unmanaged<SubscriptionCore<Output, Failure, Face>>

    // Safety: `core` must be owned by `downstream` (callers pass a subscriber and its own
    // core); see `core`.
    /// Forwards to `core`, the subscription of `downstream`, mapping values with
    /// `transform`.
    @inlinable
    package init(transform: @escaping (Value) -> Output, downstream: AnyObject, core: Unmanaged<SubscriptionCore<Output, Failure, Face>>) {
        self.transform = transform
        self.downstream = downstream
        self.core = core
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this stage, alive while the call runs, which keeps `core` alive.
        // Pinned by ForwardingCallbacksTests (testValuesAreMappedAndTerminalEventsForwarded,
        // testConcurrentValuesAreAllForwarded).
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: ForwardingCallbacks.self)
                let output = stage.transform(value)
                // Safety: the stage, alive while it runs, keeps `core` alive (`super.init`'s Safety note).
                stage.core._withUnsafeGuaranteedRef { $0.putNext(output) }
            },
            forwardTermination: { callbacks, failure in
                if let failure {
                    // Safety: `callbacks` is this stage, which keeps `core` alive (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: ForwardingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putError(failure.pointee) }
                } else {
                    // Safety: `callbacks` is this stage, which keeps `core` alive (`super.init`'s Safety note).
                    unsafeDowncast(callbacks, to: ForwardingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
                }
            })
    }
}
