import SignalSync

/// The state of one untyped subscription, shared by the `SSubscriber` a generator sees
/// and the handle that `SSignal.start` returns (this object is that handle).
@usableFromInline
typealias SSubscriptionState = SubscriptionCore<Any?, Any?, SSignalKitRules>

/// Any subscription is an `SDisposable`: its handle disposes it (a typed one too, so the
/// bridge hands it over without a wrapper).
extension SubscriptionCore: SDisposable {}

extension SubscriptionCore where Face == SSignalKitRules {
    /// Hands over the generator's disposable, which may be nil: disposed at once if the
    /// subscription already ended, held otherwise.
    @inlinable
    func assign(_ generated: consuming SDisposable?) {
        if let generated = consume generated {
            assign(generated)
        }
    }

    /// True once the subscription received a terminal event, was disposed or ended.
    var isTerminated: Bool {
        hasEnded
    }
}
