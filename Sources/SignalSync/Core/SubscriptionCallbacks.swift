/// What a subscription calls back, immutable, released as a whole (fields in declaration
/// order) when the subscription releases its callbacks.
///
/// Either the closures given to `start`, or an operator stage's entry points
/// (`ForwardingCallbacks`): functions without a context of their own, called with this
/// object, so that the stage needs no closure context besides this object. (Functions
/// rather than overridden methods: a generic subclass's overrides would run
/// unspecialized, its vtable being instantiated at run time; these functions are
/// specialized where the stage is built. Outside `SubscriptionCore`, so that they are not
/// generic over the face.)
@usableFromInline
package class SubscriptionCallbacks<Value, Failure> {
    @usableFromInline let next: ((Value) -> Void)?
    @usableFromInline let error: ((Failure) -> Void)?
    @usableFromInline let completed: (() -> Void)?
    @usableFromInline let forwardNext: ((SubscriptionCallbacks, Value) -> Void)?
    @usableFromInline let forwardError: ((SubscriptionCallbacks, Failure) -> Void)?
    @usableFromInline let forwardCompletion: ((SubscriptionCallbacks) -> Void)?
    /// True for the callbacks of an operator stage: the `forward` functions are set.
    @usableFromInline let forwards: Bool

    /// Callbacks that call these closures; a nil one ignores its event.
    @inlinable
    init(next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
        forwardNext = nil
        forwardError = nil
        forwardCompletion = nil
        forwards = false
    }

    /// Callbacks that call these functions with this object.
    @inlinable
    init(
        forwardNext: @escaping (SubscriptionCallbacks, Value) -> Void, forwardError: @escaping (SubscriptionCallbacks, Failure) -> Void,
        forwardCompletion: @escaping (SubscriptionCallbacks) -> Void
    ) {
        next = nil
        error = nil
        completed = nil
        self.forwardNext = forwardNext
        self.forwardError = forwardError
        self.forwardCompletion = forwardCompletion
        forwards = true
    }

    /// Delivers a value.
    @inlinable @inline(__always)
    final func deliverNext(_ value: Value) {
        // (Optional chaining borrows the closure; `if let` would retain it.)
        if forwards {
            forwardNext?(self, value)
        } else {
            next?(value)
        }
    }

    /// Delivers an error.
    @inlinable @inline(__always)
    final func deliverError(_ failure: Failure) {
        // (Optional chaining borrows the closure; `if let` would retain it.)
        if forwards {
            forwardError?(self, failure)
        } else {
            error?(failure)
        }
    }

    /// Delivers completion.
    @inlinable @inline(__always)
    final func deliverCompletion() {
        // (Optional chaining borrows the closure; `if let` would retain it.)
        if forwards {
            forwardCompletion?(self)
        } else {
            completed?()
        }
    }

    /// For the subscriber's description: whether each callback is present, in the
    /// order next, error, completed.
    @usableFromInline
    final var present: (next: Bool, error: Bool, completed: Bool) {
        (next != nil || forwardNext != nil, error != nil || forwardError != nil, completed != nil || forwardCompletion != nil)
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
package final class ForwardingCallbacks<Value, Output, Failure, Face: SubscriptionFace>: SubscriptionCallbacks<Value, Failure> {
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
                // Safety: `callbacks` is this stage (see above).
                let stage = unsafeDowncast(callbacks, to: ForwardingCallbacks.self)
                let output = stage.transform(value)
                // Safety: the stage, alive while it runs, keeps `core` alive (see above).
                stage.core._withUnsafeGuaranteedRef { $0.putNext(output) }
            },
            forwardError: { callbacks, failure in
                // Safety: `callbacks` is this stage, which keeps `core` alive (see above).
                unsafeDowncast(callbacks, to: ForwardingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putError(failure) }
            },
            forwardCompletion: { callbacks in
                // Safety: `callbacks` is this stage, which keeps `core` alive (see above).
                unsafeDowncast(callbacks, to: ForwardingCallbacks.self).core._withUnsafeGuaranteedRef { $0.putCompletion() }
            })
    }
}
