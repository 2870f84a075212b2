/// The transitions of a value cell: a replaying hub's machine (`PipeHubMachine`, whose
/// `State` is the cell's: `.empty` or `.holding`, the value being `held`) with three more, so that the
/// value and the subscribers change under one lock. Its value can be read, cleared, and
/// replaced only if no push came in between (for `ignoreRepeated`, whose comparison runs
/// outside the lock).
package typealias ValueCellMachine<Value, Subscriber> = PipeHubMachine<Value, Subscriber>

extension PipeHubMachine {
    /// The value a cell replays now and the number of pushes so far, read under the lock.
    @usableFromInline
    package struct Reading {
        /// The value replayed now; nil when there is none.
        @usableFromInline package let value: Value?
        /// The number of pushes recorded, for `push(_:ifSequence:)`.
        @usableFromInline package let sequence: Int

        @inlinable init(value: Value?, sequence: Int) {
            self.value = value
            self.sequence = sequence
        }
    }

    /// What `clear` took out.
    @usableFromInline
    package enum ClearAction {
        /// Release the value that was replayed, outside the lock.
        case release(Held)
        /// Nothing was replayed.
        case none
    }

    /// What `push(_:ifSequence:)` decided.
    @usableFromInline
    package enum ConditionalPushAction {
        /// No push came in between: the value is recorded; deliver as `push` says.
        case push(PushAction)
        /// Another push was recorded since the reading: compare again.
        case superseded
    }

    /// The value replayed now (nil when there is none) and the number of pushes so far.
    @inlinable package var reading: Reading {
        Reading(value: held.value, sequence: sequence)
    }

    /// Stops replaying. Subscribers are not told, and values already left for them stay.
    @inlinable package mutating func clear() -> ClearAction {
        guard case .holding = state, !held.isEmpty else { return .none }  // the rule: nothing to clear
        state = .empty
        return .release(held.take())
    }

    /// `push(value)` when no push was recorded since `sequence` was read.
    @inlinable package mutating func push(_ value: Value, ifSequence expected: Int) -> ConditionalPushAction {
        sequence == expected ? .push(push(value)) : .superseded
    }
}
