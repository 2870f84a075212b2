/// The transitions of `distinctUntilChanged` (typed) and `ignoreRepeated` (untyped) for
/// one subscription: which value is the reference a newcomer is compared with.
///
/// A value type with no side effects, driven under `DistinctEngine`'s lock. The user's
/// comparison never runs under the lock: `offer` hands out the reference and its version,
/// the engine compares unlocked, and `settle` accepts the verdict only if no other value
/// passed meanwhile (same version); otherwise it hands out the newer reference and the
/// engine compares again. So each value that passes was compared with the value that
/// passed just before it, even when values arrive on several threads at once.
@usableFromInline
package struct DistinctMachine<Value> {
    /// Every phase.
    @usableFromInline
    package enum State {
        /// Nothing has passed yet: the next value passes.
        case awaitingFirst
        /// `last` is the latest value that passed; `version` counts the values that passed.
        case passed(last: Value, version: Int)
    }

    /// What the engine does with an offered value.
    @usableFromInline
    package enum OfferAction {
        /// The first value: it passes (and becomes the reference).
        case pass
        /// Compare the value with `last` (unlocked), then `settle` with this `version`.
        case compare(last: Value, version: Int)
    }

    /// What the engine does once a comparison is settled.
    @usableFromInline
    package enum SettleAction {
        /// The value passes (it is the new reference); release the old reference.
        case pass(replaced: Value)
        /// Another value passed during the comparison: compare with that one, `last`
        /// (unlocked), then `settle` again with this `version`.
        case compare(last: Value, version: Int)
        /// The value repeats the reference: drop it.
        case drop
    }

    /// The current phase.
    @usableFromInline
    package private(set) var state = State.awaitingFirst

    /// A machine that has let nothing pass.
    @inlinable
    package init() {}

    /// A value arrives: it passes at once when it is the first, otherwise it is to be
    /// compared.
    @inlinable
    package mutating func offer(_ value: Value) -> OfferAction {
        switch state {
        case .awaitingFirst:
            state = .passed(last: value, version: 1)
            return .pass
        case .passed(let last, let version):
            return .compare(last: last, version: version)
        }
    }

    /// The comparison of `value` with the reference of `version` found it `repeated` or
    /// not: decided, unless another value passed meanwhile (compare again).
    @inlinable
    package mutating func settle(_ value: Value, repeated: Bool, version seen: Int) -> SettleAction {
        guard case .passed(let last, let version) = state else {
            preconditionFailure("DistinctMachine: a comparison settled before any value passed")
        }
        guard version == seen else {
            return .compare(last: last, version: version)
        }
        guard !repeated else {
            return .drop  // the rule: a value that repeats the reference does not pass
        }
        state = .passed(last: value, version: version + 1)
        return .pass(replaced: last)
    }
}
