/// How `then` and `deferred` (both APIs) pass their downstream subscriber on to the signal
/// that follows, instead of subscribing that signal with a new subscriber that forwards
/// every event.
///
/// A recursion such as `single(i) |> then(deferred { page(i - 1) })` nests one `then` and
/// one `deferred` per level. With a forwarding subscription at each, a value sent at depth
/// n crossed 2n forwarders, so n levels cost O(n²). Handed over, the signal of every level
/// sends to the one downstream subscriber: a value costs the same at any depth.
///
/// The hand-over keeps what a forwarding subscription made observable: the events (a
/// subscription only forwarded them), the generation scope (the downstream subscription
/// stands in for the forwarder, and it has ended whenever the forwarder had), and the
/// disposal order (`continuation`).
@usableFromInline
package enum HandOver {
    /// Runs `generate`, a signal's generator called with `downstream`'s subscriber, as
    /// `start` runs one: inside `downstream`'s generation scope, and on a fresh stack when
    /// this one is nearly used up (the hand-overs of a recursion nest).
    @inlinable
    package static func generate<Generated>(for downstream: SubscriptionProbe, _ generate: () -> Generated) -> Generated {
        GenerationScope.run(downstream, generate)
    }

    /// The second signal of a `then`, handed `downstream`'s subscriber once the first has
    /// completed: runs `generate` as `generate(for:_:)` does and returns the disposable to
    /// keep, or nil when there is none.
    ///
    /// A forwarding subscription in its place ended when the second signal sent it a
    /// terminal event, and then disposed its generator's disposable as soon as that
    /// generator returned (so a synchronous second signal was disposed before the first).
    /// Here that is the case when `downstream` was sent a terminal event during
    /// `generate` (even one it ignored, having ended otherwise): the disposable is
    /// disposed at once. Otherwise it is kept in a `HandedOverDisposable`, where the
    /// forwarding subscription's handle was kept. (No terminal event reaches `downstream`
    /// before the hand-over: the first signal's completion is what hands it over.)
    @usableFromInline
    package static func continuation<Value, Failure, Face>(
        of downstream: SubscriptionCore<Value, Failure, Face>, _ generate: () -> (any UpstreamDisposable)?
    ) -> HandedOverDisposable? {
        let sentBefore = downstream.hasBeenSentTerminalEvent
        guard let generated = GenerationScope.run(downstream, generate) else { return nil }
        if !sentBefore && downstream.hasBeenSentTerminalEvent {
            generated.dispose()
            return nil
        }
        return HandedOverDisposable(generated)
    }
}

/// The disposable of the signal a `then` handed its subscriber to.
///
/// In a `then` recursion whose levels end asynchronously these nest once per level (each
/// level's disposables hold the next level's), so `dispose()` and the release of the
/// wrapped disposable go on from a fresh stack when this one is nearly used up, as a
/// subscription's would.
@usableFromInline
package final class HandedOverDisposable: UpstreamDisposable, @unchecked Sendable {
    // Safety: `generated` is written only in `init` and in `deinit`.
    private var generated: (any UpstreamDisposable)?

    init(_ generated: any UpstreamDisposable) {
        self.generated = generated
    }

    deinit {
        if StackGuard.isLow {
            var released = generated.take()
            StackGuard.onFreshStack { released = nil }
            withExtendedLifetime(released) {}
        }
    }

    /// Disposes the wrapped disposable (every call does: it is idempotent itself).
    @usableFromInline
    package func dispose() {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { dispose() }
        }
        generated?.dispose()
    }
}
