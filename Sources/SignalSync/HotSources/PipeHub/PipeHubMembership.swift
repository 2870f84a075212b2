/// One subscriber's place in a hub, as its subscription's disposable: disposing it removes
/// the subscriber (a second time, nothing).
///
/// It keeps the hub alive, so the faces need no weak reference to their pipe: a pipe
/// closes its hub when it goes away (`PipeHubEngine.close`), which releases the subscribers
/// and with them their subscriptions and memberships. It also holds `keepAlive`, what a
/// live subscription keeps alive (the promise or variable whose signal it subscribed to,
/// which holds the hub: then the membership does not retain the hub itself, one retain and
/// one release fewer per subscription); the subscription drops its membership when
/// disposed, which releases both.
///
/// `dispose()` is reached through the disposable's protocol, which calls the generic,
/// unspecialized method: it calls `remove`, a function made where `join` runs specialized
/// for the hub's value type (unspecialized, removing would look up the run-time metadata
/// of the hub's generic types at every disposal; measured: see Benchmarks/PERFORMANCE.md,
/// "Run-time metadata lookups").
@usableFromInline
package final class PipeHubMembership<Value>: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, kept alive by `keepAlive` when that is set.
    @usableFromInline let hub: PipeHubHold<Value>
    @usableFromInline let key: Int
    /// What the subscription keeps alive; when set, it holds the hub for as long as it
    /// lives.
    @usableFromInline let keepAlive: AnyObject?
    /// `PipeHubEngine.remove`, specialized (a function without a context).
    @usableFromInline let remove: (PipeHubEngine<Value>, Int) -> Void

    /// The membership of subscriber `key` of `hub`; `keepAlive`, when set, must hold
    /// `hub` for as long as it lives (a value cell's owner does).
    @inlinable
    init(hub: PipeHubEngine<Value>, key: Int, keepingAlive keepAlive: AnyObject?) {
        self.hub = PipeHubHold(hub, keptAliveBy: keepAlive)
        self.key = key
        self.keepAlive = keepAlive
        remove = { hub, key in hub.remove(key) }
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        hub.with { remove($0, key) }
    }
}
