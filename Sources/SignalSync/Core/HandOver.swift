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
/// disposal order (`continuation`). A hand-over that keeps no disposable of its own
/// (`deferred`) runs the next generator inside `GenerationScope.run(downstream)`.
@usableFromInline
package enum HandOver {
    /// The second signal of a `then`, handed `downstream`'s subscriber once the first has
    /// completed: runs `generate` inside `downstream`'s generation scope (as `start` runs
    /// a generator, and as a plain hand-over does with `GenerationScope.run`) and returns
    /// the disposable to keep, or nil when there is none.
    ///
    /// A forwarding subscription in its place ended when the second signal sent it a
    /// terminal event, and then disposed its generator's disposable as soon as that
    /// generator returned (so a synchronous second signal was disposed before the first).
    /// Here that is the case when `downstream` was sent a terminal event during
    /// `generate` (even one it ignored, having ended otherwise): the disposable is
    /// disposed at once. Otherwise it is kept in a `HandedOverDisposable`, where the
    /// forwarding subscription's handle was kept, and disposed as that subscription's would
    /// be (see `HandedOverDisposable`). (No terminal event reaches `downstream` before the
    /// hand-over: the first signal's completion is what hands it over.)
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
        return HandedOverDisposable(generated, downstream: downstream)
    }
}

/// A subscription that can say whether it has been sent a terminal event: what a
/// `HandedOverDisposable` asks of its downstream subscription.
package protocol TerminalEventProbe: AnyObject {
    /// True once a terminal event was sent to the subscription, ignored ones included.
    var hasBeenSentTerminalEvent: Bool { get }
}

extension SubscriptionCore: TerminalEventProbe {}

/// The disposable of the signal a `then` handed its subscriber to.
///
/// It is disposed as the forwarding subscription it replaces disposed its generator's
/// disposable, which both originals do twice when the second signal ends the output:
/// once by the output's teardown (from inside the terminal event, through the handle the
/// `then` kept) and once more by the forwarding subscriber's own termination. So a
/// `dispose()` that finds the downstream subscription sent a terminal event (only the
/// second signal can send one once it is handed over) disposes the wrapped disposable
/// twice; a `dispose()` for any other reason (the output's handle disposed, a downstream
/// `take` ending it) disposes it once.
///
/// In a `then` recursion whose levels end asynchronously these nest once per level (each
/// level's disposables hold the next level's), so `dispose()` and the release of the
/// wrapped disposable go on from a fresh stack when this one is nearly used up, as a
/// subscription's would.
@usableFromInline
package final class HandedOverDisposable: UpstreamDisposable, @unchecked Sendable {
    // Safety: `generated` is written only in `init` and in `deinit`.
    private var generated: (any UpstreamDisposable)?
    /// The subscription the second signal sends to; it holds this disposable (through the
    /// `then`'s disposables), so it outlives every `dispose()` of it.
    private unowned let downstream: any TerminalEventProbe

    init(_ generated: any UpstreamDisposable, downstream: any TerminalEventProbe) {
        self.generated = generated
        self.downstream = downstream
    }

    deinit {
        StackGuard.releaseFromFreshStackWhenLow(&generated)
    }

    /// Disposes the wrapped disposable (every call does: it is idempotent itself), twice
    /// when the second signal ended the downstream subscription, as the originals do.
    @usableFromInline
    package func dispose() {
        if StackGuard.isLow {
            return StackGuard.onFreshStack { dispose() }
        }
        generated?.dispose()
        if downstream.hasBeenSentTerminalEvent {
            generated?.dispose()
        }
    }
}
