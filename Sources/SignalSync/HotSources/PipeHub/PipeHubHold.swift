/// A hub as an object that reaches it holds it (a membership, a hot source's signal):
/// retained, unless that object also keeps alive an owner that holds the hub for as long as
/// it lives (a value cell's promise or variable). The owner then keeps the hub, and holding
/// it costs no retain and no release: one pair fewer per subscription, and per signal made.
@usableFromInline
package struct PipeHubHold<Value>: ~Copyable {
    // Safety: the hub is alive as long as this hold: retained by it when `retained` (released
    // once, in `deinit`: the hold is not copyable), else held by the owner, which the holder
    // keeps alive beside the hold. Pinned by PromiseTests.testSubscriptionRetainsPromiseAndSourceDoesNot,
    // SVariableTests.testLiveSubscriptionKeepsTheVariableAlive (owner) and
    // ValuePipeTests.testPipeIsNotRetainedAndReleasesSubscribersOnDeinit (retained).
    /// The hub, retained by this hold when `retained`.
    @usableFromInline let reference: Unmanaged<PipeHubEngine<Value>>
    /// True when this hold retains the hub (there is no owner to keep it).
    @usableFromInline let retained: Bool

    /// Holds `hub`: through `owner` when set, which the holder must keep alive beside this
    /// hold and which must hold `hub` for as long as it lives; retained otherwise.
    @inlinable
    package init(_ hub: PipeHubEngine<Value>, keptAliveBy owner: AnyObject?) {
        retained = owner == nil
        reference = retained ? .passRetained(hub) : .passUnretained(hub)
    }

    /// Calls `body` with the hub, without retaining it.
    @inlinable
    package func with<Result>(_ body: (PipeHubEngine<Value>) -> Result) -> Result {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef(body)
    }

    deinit {
        if retained {
            reference.release()
        }
    }
}
