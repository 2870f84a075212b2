/// One subscriber's place in a hub, as its subscription's disposable: disposing it removes
/// the subscriber (a second time, nothing).
///
/// It keeps the hub alive, so the faces need no weak reference to their pipe: a pipe
/// closes its hub when it goes away (`PipeHubEngine.close`), which releases the subscribers
/// and with them their subscriptions and memberships. When the subscription must keep an
/// owner alive (the promise or variable whose signal it subscribed to, which holds the
/// hub), it holds that owner instead of the hub (`PipeHubHold`); the subscription drops
/// its membership when disposed, which releases it.
///
/// `dispose()` is reached through the disposable's protocol, which calls the generic,
/// unspecialized method: it calls the hub's `removeSpecialized`.
@usableFromInline
package final class PipeHubMembership<Value>: UpstreamDisposable, @unchecked Sendable {
    // Safety: immutable; the hub locks.
    /// The hub, and what the subscription keeps alive (the owner, which holds the hub for
    /// as long as it lives, or the hub itself).
    @usableFromInline let hub: PipeHubHold<Value>
    @usableFromInline let key: Int

    /// The membership of subscriber `key` of the hub `hub` holds.
    @inlinable
    init(hub: PipeHubHold<Value>, key: Int) {
        self.hub = hub
        self.key = key
    }

    /// Removes the subscriber from the hub.
    @usableFromInline
    package func dispose() {
        hub.with { $0.removeSpecialized($0, key) }
    }
}
