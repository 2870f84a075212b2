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

/// The callbacks of an operator stage: functions called with this object (a `Stage`,
/// which holds what they need).
///
/// Two functions, not three: the error and the completion share one, which tells them
/// apart by its argument. Each function field is sixteen bytes (a pointer and a context,
/// although these have none); a third would take the stages that hold the start's
/// closures over a heap block boundary (a `Stage` with a `PipeHubMemberTail`, the steps
/// over a hot source's signal, from a 144-byte block to 160). Values keep a function of their own,
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

/// The callbacks of every operator stage that runs in a subscription: a head that does
/// the stage's work on each event (`MapHead`, `StepsHead`, `ConversionHead`), then a tail
/// that takes what comes out (`SubscriptionTail`, a downstream subscription;
/// `CallbacksTail`, another stage's callbacks; `ClosuresTail`, the closures given to
/// `start`; `PipeHubMemberTail`, those closures inside a hub's delivery). One class, so
/// that a new fast path is a new head or tail, not a new class: `Stage(MapHead(f),
/// SubscriptionTail(...))` is what `{ downstream.putNext(f($0)) }` and the downstream's
/// terminal functions would be, in one object instead of callbacks and closure contexts.
///
/// Built where the stage is made, so that its two functions are specialized for the head
/// and tail (the functions `StageCallbacks` stores, called with this object).
///
/// `link` is what the tail needs set after the stage is made, before any event comes (the
/// subscription this object is the callbacks of, a hub key); nothing for most tails.
///
/// Releases the head, then the tail, as the closures it replaces did (the stage's
/// function first; the last reference to whatever is downstream last).
@usableFromInline
package final class Stage<Head: StageHead, Tail: StageTail>: StageCallbacks<Head.Value, Head.Failure>, @unchecked Sendable
where Tail.Value == Head.Output, Tail.Failure == Head.OutputFailure {
    // Safety: `head` and `tail` are immutable; `link` is written once, by the thread that
    // makes the stage, before the subscription's generator runs or it joins a hub (which
    // publishes the subscription to other threads). Pinned by StageTests and, under
    // ThreadSanitizer, StageTests.testValuesFromTwoThreadsAllReachTheTail.
    /// The stage's work.
    @usableFromInline let head: Head
    /// Where what the head lets through goes.
    @usableFromInline let tail: Tail
    /// What the tail needs set after the stage is made (`StageTail.Link`).
    @usableFromInline @exclusivity(unchecked) package var link: Tail.Link

    /// Callbacks that run each event through `head`, then hand it to `tail`.
    @inlinable
    package init(_ head: Head, _ tail: Tail) {
        self.head = head
        self.tail = tail
        link = Tail.unlinked
        // Safety: `SubscriptionCallbacks` calls a forward function only with the object
        // that holds it: this stage, alive while the call runs (which keeps the tail's
        // references alive). Pinned by StageTests.
        super.init(
            forwardNext: { callbacks, value in
                // Safety: `callbacks` is this stage (`super.init`'s Safety note).
                let stage = unsafeDowncast(callbacks, to: Stage.self)
                stage.head.next(value, in: stage)
            },
            forwardTermination: { callbacks, failure in
                // Safety: as for a value.
                let stage = unsafeDowncast(callbacks, to: Stage.self)
                if let failure {
                    stage.putError(stage.head.failure(failure.pointee))
                } else {
                    stage.tail.putCompletion(stage.link)
                }
            })
    }

    /// Hands what the head let through to the tail.
    @inlinable @inline(__always)
    package func putNext(_ value: Tail.Value) {
        tail.putNext(value, link)
    }

    /// Hands the failure the head sends on to the tail.
    @inlinable @inline(__always)
    package func putError(_ failure: Tail.Failure) {
        tail.putError(failure, link)
    }

    /// True once the subscription the tail feeds has ended.
    @inlinable @inline(__always)
    package var hasEnded: Bool {
        tail.hasEnded(link)
    }
}

/// What a stage does to each value, and each failure, before its tail takes it. A
/// completion always goes straight to the tail.
@usableFromInline
package protocol StageHead {
    /// The values the stage takes.
    associatedtype Value
    /// The failures the stage takes.
    associatedtype Failure
    /// The values the tail takes.
    associatedtype Output
    /// The failures the tail takes.
    associatedtype OutputFailure

    /// Does the stage's work on `value` and hands what comes out to the tail of `stage`
    /// (the stage this head is, passed whole so that a head reaches its tail through one
    /// reference).
    func next<Tail: StageTail>(_ value: Value, in stage: Stage<Self, Tail>)
    where Tail.Value == Output, Tail.Failure == OutputFailure

    /// What `failure` becomes for the tail.
    func failure(_ failure: Failure) -> OutputFailure
}

/// Where a stage's events go once its head has run.
@usableFromInline
package protocol StageTail {
    /// The values it takes.
    associatedtype Value
    /// The failures it takes.
    associatedtype Failure
    /// What is set in the stage after it is made (`Stage.link`): `Unlinked` when nothing.
    associatedtype Link

    /// The link before it is set.
    static var unlinked: Link { get }

    /// True once the subscription the tail feeds has ended: a head with several steps
    /// runs no further.
    func hasEnded(_ link: Link) -> Bool
    /// Takes a value (ignored once the subscription the tail feeds has ended).
    func putNext(_ value: Value, _ link: Link)
    /// Takes the error.
    func putError(_ failure: Failure, _ link: Link)
    /// Takes the completion.
    func putCompletion(_ link: Link)
}

/// A tail's link when it needs none: no storage.
@usableFromInline
package struct Unlinked {
    @inlinable
    init() {}
}

extension StageTail where Link == Unlinked {
    /// Nothing to set.
    @inlinable
    package static var unlinked: Unlinked { Unlinked() }
}
