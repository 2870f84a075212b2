/// A hub as an object that reaches it holds it (a membership, a hot source's signal): one
/// strong reference, `anchor`, to what keeps the hub alive (the owner that holds the hub
/// for as long as it lives, a value cell's promise or variable; the hub itself when there
/// is no owner, a pipe's), and the hub unretained beside it. A holder that must keep the
/// owner alive anyway holds both in two words: no flag, and no retain and release of the
/// hub beside the owner's.
@usableFromInline
package struct PipeHubHold<Value> {
    // Safety: the hub is alive as long as this hold: `anchor` is the hub, or the owner that
    // holds it for as long as it lives. Pinned by PromiseTests.testSubscriptionRetainsPromiseAndSourceDoesNot,
    // SVariableTests.testLiveSubscriptionKeepsTheVariableAlive (owner) and
    // ValuePipeTests.testPipeIsNotRetainedAndReleasesSubscribersOnDeinit (the hub).
    /// The hub, kept alive by `anchor`.
    @usableFromInline let reference: Unmanaged<PipeHubEngine<Value>>
    /// The owner when there is one, else the hub.
    @usableFromInline let anchor: AnyObject

    /// Holds `hub`: through `owner` when set, which must hold `hub` for as long as it
    /// lives (and which this hold keeps alive); else the hub itself.
    @inlinable
    package init(_ hub: PipeHubEngine<Value>, keptAliveBy owner: AnyObject?) {
        reference = .passUnretained(hub)
        anchor = owner ?? hub
    }

    // Safety: compares addresses only (no reference is taken or given up).
    /// The owner that keeps the hub alive, nil when this hold retains the hub itself.
    @inlinable
    package var owner: AnyObject? {
        Unmanaged.passUnretained(anchor).toOpaque() == reference.toOpaque() ? nil : anchor
    }

    /// Calls `body` with the hub, without retaining it.
    @inlinable
    package func with<Result>(_ body: (PipeHubEngine<Value>) -> Result) -> Result {
        // Safety: the hub lives as long as this hold (see `reference`).
        reference._withUnsafeGuaranteedRef(body)
    }
}
