/// The state of a disposal action that runs at most once: the machine under both APIs'
/// block disposables (`ActionDisposable`, `SBlockDisposable`).
///
/// It only holds the action and hands it out once; `OnceActionEngine` runs it, and only
/// the one caller that won its claim reaches the machine.
@usableFromInline
package struct OnceActionMachine {
    /// Every phase of the action.
    @usableFromInline
    package enum State {
        /// The action waits for the first `dispose()`.
        case armed(() -> Void)
        /// The action was handed out, or there was none: `dispose()` does nothing.
        case spent
    }

    /// What the caller of `dispose()` does once the lock is released.
    @usableFromInline
    package enum DisposeAction {
        /// Run this action (and release it): this was the first disposal.
        case run(() -> Void)
        /// Nothing: the action was already taken, or there was none.
        case none
    }

    /// The current phase.
    @usableFromInline package var state: State

    /// Armed with `action`; a nil action starts spent.
    @inlinable package init(action: (() -> Void)?) {
        state = action.map(State.armed) ?? .spent
    }

    /// The first call hands the action out and spends the machine; later calls get `.none`.
    @inlinable
    package mutating func dispose() -> DisposeAction {
        guard case .armed(let action) = state else { return .none }
        state = .spent
        return .run(action)
    }
}
