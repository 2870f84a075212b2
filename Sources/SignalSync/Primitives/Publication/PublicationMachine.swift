/// The values a `PublicationEngine` has replaced and not yet released: the machine of
/// its deferred reclamation.
///
/// A replaced value may still be read by readers that entered before it was replaced, so
/// it goes through two stages before it is released: *waiting* (replaced in the current
/// epoch: new readers cannot see it, but readers of both epochs may still hold it) and,
/// once the epoch has advanced past it, *draining* (only readers of the previous epoch
/// may hold it; released when that epoch is empty). The machine only decides; the engine
/// observes the readers (`ReadEpochs`), advances the epoch and releases what `next`
/// hands out after unlocking.
///
/// `@usableFromInline` because it is part of `PipeHubMachine`, which inlines into the API
/// modules.
@usableFromInline
package struct PublicationMachine<Value> {
    /// Every phase of the reclamation.
    @usableFromInline
    package enum State {
        /// Nothing replaced is held.
        case clear
        /// Replaced in the current epoch (first replaced first).
        case waiting([Value])
        /// `draining` waits for the previous epoch to empty; `waiting` as above.
        case draining([Value], waiting: [Value])
        /// A placeholder while `retire` appends in place (so that the array is not copied
        /// on write); never a phase: every switch over the state traps on it.
        case modifying
    }

    /// What the engine does next (then asks `next` again, unless told to stop).
    package enum NextAction {
        /// Release these values (after unlocking): no reader can hold them.
        case release([Value])
        /// Advance the epoch if the previous one is empty, and report `advanced()`;
        /// otherwise stop, asking the previous epoch's last reader to report.
        case advance
        /// Stop, asking the previous epoch's last reader to report.
        case awaitPreviousEpoch
        /// Nothing is held: stop, withdrawing any request.
        case idle
    }

    /// The current phase.
    @usableFromInline package private(set) var state: State = .clear

    /// Nothing held.
    @inlinable package init() {}

    /// The number of values held (for the tests).
    package var heldCount: Int {
        switch state {
        case .clear: 0
        case .waiting(let waiting): waiting.count
        case .draining(let draining, let waiting): draining.count + waiting.count
        case .modifying: preconditionFailure("PublicationMachine: heldCount found the placeholder state .modifying")
        }
    }

    /// `value` was replaced in the current epoch.
    package mutating func retire(_ value: Value) {
        switch state {
        case .clear:
            state = .waiting([value])
        case .waiting(var waiting):
            state = .modifying  // keeps `waiting` uniquely referenced
            waiting.append(value)
            state = .waiting(waiting)
        case .draining(let draining, var waiting):
            state = .modifying
            waiting.append(value)
            state = .draining(draining, waiting: waiting)
        case .modifying:
            preconditionFailure("PublicationMachine: retire(_:) found the placeholder state .modifying")
        }
    }

    /// What to do, given whether the previous epoch has no reader left.
    package mutating func next(previousEpochIsEmpty: Bool) -> NextAction {
        switch state {
        case .clear:
            return .idle
        case .waiting:
            return .advance
        case .draining(let draining, let waiting):
            guard previousEpochIsEmpty else { return .awaitPreviousEpoch }
            state = waiting.isEmpty ? .clear : .waiting(waiting)
            return .release(draining)
        case .modifying:
            preconditionFailure("PublicationMachine: next(previousEpochIsEmpty:) found the placeholder state .modifying")
        }
    }

    /// The epoch advanced after an `.advance` step: the waiting values now drain.
    package mutating func advanced() {
        guard case .waiting(let waiting) = state else {
            // Impossible: the engine reports it right after `next` asked for `.advance`,
            // which only `.waiting` does, under the same lock.
            preconditionFailure("PublicationMachine: advanced() without an .advance step (state \(state))")
        }
        state = .draining(waiting, waiting: [])
    }
}
