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

    /// What the engine does with an offered value, or after a comparison.
    @usableFromInline
    package enum Verdict {
        /// The value passes (it is the new reference); release the old reference.
        case pass(replaced: Value?)
        /// Compare the value with `last` (unlocked), then `settle` with this `version`.
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
    package mutating func offer(_ value: Value) -> Verdict {
        switch state {
        case .awaitingFirst:
            state = .passed(last: value, version: 1)
            return .pass(replaced: nil)
        case .passed(let last, let version):
            return .compare(last: last, version: version)
        }
    }

    /// The comparison of `value` with the reference of `version` found it `repeated` or
    /// not: decided, unless another value passed meanwhile (compare again).
    @inlinable
    package mutating func settle(_ value: Value, repeated: Bool, version seen: Int) -> Verdict {
        guard case .passed(let last, let version) = state else {
            return offer(value)
        }
        guard version == seen else {
            return .compare(last: last, version: version)
        }
        guard !repeated else {
            return .drop
        }
        state = .passed(last: value, version: version + 1)
        return .pass(replaced: last)
    }
}
